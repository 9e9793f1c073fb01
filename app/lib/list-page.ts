// Paging of the back-office lists: which page a link asks for and how many pages there are.

/** The page a list's link asks for (`pagina`): a whole number from 1, at most 10,000, so a made-up link cannot make the database skip a billion rows. */
export function listPage(params: URLSearchParams, name = 'pagina') {
  return Math.min(10_000, Math.max(1, Math.floor(Number(params.get(name)) || 1)));
}

/** How many pages `total` rows fill at `size` a page; an empty list still has its one (empty) page. */
export function pageCount(total: number, size: number) {
  return Math.max(1, Math.ceil(total / size));
}
