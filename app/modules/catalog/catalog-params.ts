// URL parameters of listing pages; free of Zod so browser code can use them.
export const PARAMS = {
  identity: 'soort',
  type: 'type',
  difficulty: 'moeilijkheid',
  climate: 'klimaat',
  effect: 'effect',
  flavour: 'smaak',
  thcMin: 'thc-min',
  thcMax: 'thc-max',
  cbdMin: 'cbd-min',
  cbdMax: 'cbd-max',
  floweringMax: 'bloeitijd',
  yieldIndoorMin: 'opbrengst',
  heightIndoorMax: 'hoogte',
  sort: 'sorteer',
  page: 'pagina',
} as const;

/** Link to a page of a listing whose page is a query parameter (/product?pagina=2). */
export function pageQueryHref(path: string, page: number, search: URLSearchParams) {
  const next = new URLSearchParams(search);
  if (page > 1) next.set(PARAMS.page, String(page));
  else next.delete(PARAMS.page);
  const q = next.toString();
  return q ? `${path}?${q}` : path;
}

/** Link to a page of a collection, whose page is in the path (/collecties/hoog-thc/2). */
export function collectionPageHref(slug: string, page: number, search: URLSearchParams) {
  const next = new URLSearchParams(search);
  next.delete(PARAMS.page);
  const q = next.toString();
  return `/collecties/${slug}${page > 1 ? `/${page}` : ''}${q ? `?${q}` : ''}`;
}
