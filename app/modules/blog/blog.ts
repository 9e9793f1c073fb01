// Pure blog logic: the listing's query parameters, paging and Dutch dates. No database, no React.
import { longDate, shopDay } from '~/lib/format.ts';

const BLOG_PARAMS = { category: 'categorie', page: 'pagina' } as const;

/** Cards in the grid of one listing page. The first page of the unfiltered blog shows the newest post above them. */
export const POSTS_PER_PAGE = 6;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PAGE = /^[1-9]\d{0,4}$/;

export type BlogQuery = { category: string | null; page: number };

/** ?categorie=slug&pagina=n; null for a malformed value (the page answers 404 rather than guessing). */
export function parseBlogQuery(search: URLSearchParams): BlogQuery | null {
  const category = search.get(BLOG_PARAMS.category);
  const page = search.get(BLOG_PARAMS.page);
  if (category && (category.length > 100 || !SLUG.test(category))) return null;
  if (page !== null && !PAGE.test(page)) return null;
  return { category: category || null, page: page ? Number(page) : 1 };
}

export type PageWindow = { offset: number; limit: number; page: number; pageCount: number; featured: boolean };

/**
 * Which posts page `page` shows out of `total`. With `featured`, page 1 holds the featured post plus a full grid;
 * later pages continue after it. Null when the page does not exist (page 1 always exists, even when empty).
 */
export function pageWindow(total: number, page: number, featured: boolean, perPage = POSTS_PER_PAGE): PageWindow | null {
  const first = featured ? perPage + 1 : perPage;
  const pageCount = total <= first ? 1 : 1 + Math.ceil((total - first) / perPage);
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  if (page === 1) return { offset: 0, limit: first, page, pageCount, featured };
  return { offset: first + (page - 2) * perPage, limit: perPage, page, pageCount, featured };
}

/** Link to a page of the blog listing, keeping the category; page 1 has no parameter. */
export function blogHref(query: { category: string | null; page: number }, path = '/blog'): string {
  const search = new URLSearchParams();
  if (query.category) search.set(BLOG_PARAMS.category, query.category);
  if (query.page > 1) search.set(BLOG_PARAMS.page, String(query.page));
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

/** "14 maart 2026". */
export const formatDate = (iso: string) => longDate(iso);

/** "2026-03-14" in Amsterdam: the value of a <time datetime>. */
export const isoDay = (iso: string) => shopDay(iso);

/** Whether a post was updated on a later day than it was published (then both dates are shown). */
export function updatedLater(publishedAt: string, updatedAt: string): boolean {
  return isoDay(updatedAt) > isoDay(publishedAt);
}

/** Paragraphs of a plain-text field (an author's bio): split on blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}
