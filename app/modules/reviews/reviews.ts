// Pure review logic (ADR 013): the listing's URL parameters, author names, dates, the star distribution.
// Free of the database and of Zod, so pages and tests use it directly.
import { longDate } from '~/lib/format.ts';

// The review form's length limits (the schema in reviews.schemas.ts checks them; the page shows them).
export const TITLE_MIN = 3;
export const TITLE_MAX = 80;
export const BODY_MIN = 30;
export const BODY_MAX = 2000;

export const REVIEW_SORTS = ['nieuwste', 'nuttigst', 'hoogste', 'laagste'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_TYPES = ['indica', 'mostly_indica', 'hybrid', 'mostly_sativa', 'sativa'] as const;
export type ReviewStrainType = (typeof REVIEW_TYPES)[number];

/** Reviews per page on /beoordelingen. */
export const REVIEWS_PAGE_SIZE = 10;
/** Reviews shown in the product page's tab. */
export const TAB_REVIEWS = 3;

// Dutch parameter names, like the catalogue's (ADR 005). `product` is a strain's slug.
export const REVIEW_PARAMS = { product: 'product', stars: 'sterren', verified: 'geverifieerd', type: 'type', sort: 'sorteer', page: 'pagina' } as const;

export type ReviewQuery = {
  product: string | null;
  stars: number[];
  verified: boolean;
  type: ReviewStrainType | null;
  sort: ReviewSort;
  page: number;
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads the listing's query; malformed values are dropped, never an error (like the catalogue's filters). */
export function parseReviewQuery(params: URLSearchParams): ReviewQuery {
  const product = params.get(REVIEW_PARAMS.product)?.trim().toLowerCase() ?? '';
  const stars = [
    ...new Set(
      params
        .getAll(REVIEW_PARAMS.stars)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => /^[1-5]$/.test(v))
        .map(Number),
    ),
  ].sort((a, b) => b - a);
  const type = params.get(REVIEW_PARAMS.type) ?? '';
  const sort = params.get(REVIEW_PARAMS.sort) ?? '';
  const page = params.get(REVIEW_PARAMS.page) ?? '';
  return {
    product: product.length <= 100 && SLUG.test(product) ? product : null,
    stars,
    verified: ['1', 'ja', 'on', 'true'].includes(params.get(REVIEW_PARAMS.verified) ?? ''),
    type: (REVIEW_TYPES as readonly string[]).includes(type) ? (type as ReviewStrainType) : null,
    sort: (REVIEW_SORTS as readonly string[]).includes(sort) ? (sort as ReviewSort) : 'nieuwste',
    page: /^[1-9]\d{0,5}$/.test(page) ? Number(page) : 1,
  };
}

/** The canonical address of a listing state: default values left out, parameters in a fixed order. */
export function reviewQueryHref(query: Partial<ReviewQuery>, path = '/beoordelingen'): string {
  const p = new URLSearchParams();
  if (query.product) p.set(REVIEW_PARAMS.product, query.product);
  for (const s of query.stars ?? []) p.append(REVIEW_PARAMS.stars, String(s));
  if (query.verified) p.set(REVIEW_PARAMS.verified, '1');
  if (query.type) p.set(REVIEW_PARAMS.type, query.type);
  if (query.sort && query.sort !== 'nieuwste') p.set(REVIEW_PARAMS.sort, query.sort);
  if (query.page && query.page > 1) p.set(REVIEW_PARAMS.page, String(query.page));
  const q = p.toString();
  return q ? `${path}?${q}` : path;
}

/** "Sanne de Vries" → "Sanne V.": the first name and the initial of the family name (Dutch particles skipped). */
export function authorDisplayName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Klant';
  const first = words[0]!;
  const particles = new Set(['van', 'de', 'der', 'den', 'het', "'t", 'ter', 'ten', 'te', 'op', 'in', 'von', 'zu', 'la', 'le', 'du', 'da', 'di']);
  const family = words.slice(1).find((w) => !particles.has(w.toLowerCase())) ?? words.slice(1).at(-1);
  const cap = (w: string) => w.charAt(0).toLocaleUpperCase('nl-NL') + w.slice(1);
  return family ? `${cap(first)} ${family.charAt(0).toLocaleUpperCase('nl-NL')}.` : cap(first);
}

/** "12 maart 2026", in the shop's time zone. */
export function formatReviewDate(iso: string | Date): string {
  return longDate(iso);
}

export type Distribution = { stars: 1 | 2 | 3 | 4 | 5; count: number; percent: number }[];
export type RatingSummary = {
  count: number;
  /** average × 10, rounded */ avg10: number;
  distribution: Distribution;
  /** share of 4 and 5 stars, in % */ positive: number;
};

/** From counts per star (missing stars count 0) to the summary shown above a list: 5 stars first. */
export function summarise(counts: Partial<Record<number, number>>): RatingSummary {
  const stars = [5, 4, 3, 2, 1] as const;
  const count = stars.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const sum = stars.reduce((n, s) => n + s * (counts[s] ?? 0), 0);
  const pct = (n: number) => (count ? Math.round((n / count) * 100) : 0);
  return {
    count,
    avg10: count ? Math.round((sum * 10) / count) : 0,
    distribution: stars.map((s) => ({ stars: s, count: counts[s] ?? 0, percent: pct(counts[s] ?? 0) })),
    positive: pct((counts[5] ?? 0) + (counts[4] ?? 0)),
  };
}

/** Page count for `total` items; at least 1, so an empty listing still has its first page. */
export const pageCount = (total: number, size = REVIEWS_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** The voter key of a visitor: the customer when logged in, else the anonymous visitor cookie's id. */
export function voterKey(userId: number | null | undefined, visitorId: string | null | undefined): string | null {
  if (userId) return `u:${userId}`;
  return visitorId && /^[A-Za-z0-9_-]{22,64}$/.test(visitorId) ? `v:${visitorId}` : null;
}

/** Page numbers around the current one, the first and the last; gaps shown as an ellipsis. */
export function pageWindow(page: number, count: number): (number | 'gap')[] {
  const pages = [...new Set([1, page - 1, page, page + 1, count])].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  return pages.flatMap((n, i) => (i > 0 && n - pages[i - 1]! > 1 ? (['gap', n] as const) : [n]));
}
