import { parse } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { CART_BADGE, CART_COUNT_ID, PERSONAL_DATA_ID } from '../app/components/layout/personal-data.ts';
import { nl } from '../app/i18n/nl.ts';
import { sitePages } from '../app/site-pages.ts';
import { onInvalidate, PERSONAL_PREFIX } from '../app/lib/cache.server.ts';
import { inOutage } from '../app/lib/db-outage.ts';
import { asBuffer } from './compress-documents.ts';

/**
 * Full-page cache (ADR 007, ADR 031); not in dev mode. A GET whose cookies are all shared preferences
 * (SHARED_COOKIES) is looked up, keyed by bot or person, those preferences and the URL. A page is kept when the
 * answer is a 200 (or 404) HTML page of at most MAX_BODY without Set-Cookie and without its own Cache-Control
 * (personal routes send `private, no-store`); the headers the server set before rendering are not kept, and the
 * CSP nonce is swapped per request. Bounded (LRU by count and bytes), expiring after ttlMs, emptied on every
 * read-cache invalidation for its database (onInvalidate: local or broadcast from another process); while the
 * database is unreachable an expired page is still served.
 *
 * A visitor whose only other cookie is the cart cookie gets the same page with their cart put in (ADR 031): the
 * header's badge and its description rewritten, and the cart as JSON for the browser. Their page is rendered
 * without the cart cookie, so what is rendered (and stored) is the anonymous page whoever asked; the pages whose
 * own loader reads the cart (CART_PAGES) and data requests are rendered for them as before. A logged-in customer
 * (the session cookie, and maybe a cart cookie) gets the pages of SESSION_MODULES the same way, with
 * their wishlist hearts and review votes pressed and their name, wishlist and votes in the JSON (ADR 047).
 */
const SHARED_COOKIES = new Set(['locale', 'country', 'age_verified', 'age_denied', 'consent']);
const CART_COOKIE = 'cart';
const SESSION_COOKIE = 'session';
const PERSONAL_COOKIES = [CART_COOKIE, SESSION_COOKIE];
// Their loaders read the cart (app/routes/shop/cart.tsx, checkout.tsx); a test checks no other route does.
export const CART_PAGES = ['/besteloverzicht', '/checkout'];
// Never stored (the route answers `private, no-store`): for a cart visitor, rendering the anonymous page and putting
// their cart in would only add work (splitting the page, the overlay) to rendering it for them.
export const PRIVATE_PAGES = ['/order-status'];
// The route modules whose pages a logged-in customer gets from the cache (ADR 047): the catalogue, the blog and the
// content pages. Their loaders read no session (product.tsx's review votes come with the overlay); a test checks
// it. Any other page, a new one included, is rendered for them per request.
export const SESSION_MODULES = [
  'routes/shop/home.tsx',
  'routes/shop/products.tsx',
  'routes/shop/product.tsx',
  'routes/shop/collections.tsx',
  'routes/shop/collection.tsx',
  'routes/shop/all-strains.tsx',
  'routes/shop/seedfinder.tsx',
  'routes/shop/price-list.tsx',
  'routes/shop/coupons.tsx',
  'routes/content/blog.tsx',
  'routes/content/blog-post.tsx',
  'routes/content/authors.tsx',
  'routes/content/author.tsx',
  'routes/content/faq.tsx',
  'routes/content/shipping.tsx',
  'routes/content/sitemap.tsx',
  'routes/content/page.tsx',
];
const SESSION_PATHS = new Set(['', ...sitePages.filter((p) => p.module && SESSION_MODULES.includes(p.module)).map((p) => p.path)]);
// app/routes.ts: /product/:slug, /blog/:slug, /auteurs/:slug, /collecties/:slug and /collecties/:slug/:page.
const SESSION_ROUTES = /^\/(product|blog|auteurs|collecties)\/[^/]+$|^\/collecties\/[^/]+\/[^/]+$/;
const MAX_BODY = 512 * 1024;

/** A stored page: the bytes between the places that differ per request (`holes`, one fewer than `parts`). */
type Hole =
  | { kind: 'nonce' }
  | { kind: 'personal' }
  | { kind: 'description' }
  | { kind: 'badge'; attrs: string }
  | { kind: 'heart' | 'heart-intent' | 'vote'; id: number };
type Page = { status: number; parts: Buffer[]; holes: Hole[]; headers: [string, string][]; reviewIds: number[] };
/** A stored page: as rendered until first served from the cache (`html` and what toPage needs), then split (`page`). */
type Entry = { page?: Page; html?: Buffer; nonce?: string; status?: number; headers?: [string, string][]; expires: number };
/**
 * What a visitor's page shows of them, also sent as JSON for the browser: the cart (its packs in the header badge)
 * and, when logged in, their name, wishlist (pressed hearts) and votes among the page's reviews (pressed buttons).
 */
export type Personal = { cart: { count: number } | null; user?: { name: string } | null; wishlist?: number[] | null; voted?: number[] };

export type PageCacheOptions = {
  owner: object;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** What the visitor's page shows of them, from their Cookie header and the ids of the reviews on the page. */
  readPersonal?: (cookie: string, reviewIds: number[]) => Promise<Personal>;
};

/** The path as the router sees it (decoded, lower case, no trailing slash); null when it cannot be decoded. */
function routePath(originalUrl: string): string | null {
  try {
    return decodeURIComponent(originalUrl.split('?')[0]!).toLowerCase().replace(/\/+$/, '');
  } catch {
    return null;
  }
}

/** Whether a visitor with these personal cookies may get this address from the cache, with their overlay. */
function overlaid(personal: string[], originalUrl: string): boolean {
  const path = routePath(originalUrl);
  if (path === null) return false;
  // Data requests (`*.data`: a loader's answer after adding to the cart, say) are theirs: always per request.
  if (path.endsWith('.data')) return false;
  if (personal.includes(SESSION_COOKIE)) return personal.every((name) => PERSONAL_COOKIES.includes(name)) && (SESSION_PATHS.has(path) || SESSION_ROUTES.test(path));
  return personal.length === 1 && personal[0] === CART_COOKIE && !(path.startsWith('/api/') || CART_PAGES.includes(path) || PRIVATE_PAGES.includes(path));
}

/**
 * The key for a request and whether the visitor's page gets an overlay (a cart cookie, or a session on one of
 * SESSION_MODULES); null when the answer may be personal (a flash message, any other cookie, or a page that reads
 * the cart or the session).
 */
export function pageKey(req: { method: string; originalUrl: string; headers: Record<string, string | string[] | undefined> }): { key: string; personal: boolean } | null {
  if (req.method !== 'GET') return null;
  const cookieHeader = req.headers.cookie;
  const cookies = typeof cookieHeader === 'string' ? parse(cookieHeader) : {};
  const personal = Object.keys(cookies).filter((name) => !SHARED_COOKIES.has(name));
  if (personal.length > 0 && !overlaid(personal, req.originalUrl)) return null;
  const bot = isbot(String(req.headers['user-agent'] ?? '')) ? 'bot' : 'person';
  // The host too: pages carry absolute links built from it (canonical, og:url), and without PUBLIC_URL a request
  // with another Host header must not put its links into everyone's page.
  const key = [bot, String(req.headers.host ?? ''), ...[...SHARED_COOKIES].map((n) => cookies[n] ?? ''), req.originalUrl].join('\n');
  return { key, personal: personal.length > 0 };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const BADGE_OPEN = `<span data-cart="${CART_BADGE}"`;

// Pressed-state markers (ADR 047): the heart and vote buttons render these attributes first and in this order, and an
// anonymous page always has them unpressed; attribute quotes never occur in React's text, so text cannot fake one.
const heartAttrs = (id: string, saved: boolean) => `data-heart="${id}" aria-pressed="${saved}" title="${escapeHtml(saved ? nl.wishlist.remove : nl.wishlist.save)}"`;
const heartIntent = (id: string, saved: boolean) => `data-heart-intent="${id}" type="hidden" name="intent" value="${saved ? 'remove' : 'add'}"`;
const voteAttrs = (id: string, voted: boolean) => `data-vote="${id}" aria-pressed="${voted}"`;

/**
 * Splits a rendered page at its nonce and at the places a visitor's page differs: the header's (empty) count
 * description and (hidden) badge, the start of <body>, where their data goes as JSON (React skips an element it
 * does not expect directly in <body>), and the pressed state of each heart, its form's intent and each vote button.
 */
export function toPage(html: string, nonce: string, status = 200, headers: [string, string][] = []): Page {
  const pattern = new RegExp(
    [
      escapeRegExp(nonce),
      '<body\\b[^>]*>',
      `<span id="${CART_COUNT_ID}"[^>]*>(?=</span>)`,
      `${escapeRegExp(BADGE_OPEN)} hidden=""([^>]*)>0</span>`,
      escapeRegExp(heartAttrs('\0', false)).replace('\0', '(\\d+)'),
      escapeRegExp(heartIntent('\0', false)).replace('\0', '(\\d+)'),
      escapeRegExp(voteAttrs('\0', false)).replace('\0', '(\\d+)'),
    ].join('|'),
    'g',
  );
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  const reviewIds = new Set<number>();
  const seen = new Set<string>();
  let from = 0;
  for (const m of html.matchAll(pattern)) {
    const [text, attrs, heart, intent, vote] = m;
    const hole: Hole =
      text === nonce
        ? { kind: 'nonce' }
        : heart
          ? { kind: 'heart', id: Number(heart) }
          : intent
            ? { kind: 'heart-intent', id: Number(intent) }
            : vote
              ? { kind: 'vote', id: Number(vote) }
              : text.startsWith('<body')
                ? { kind: 'personal' }
                : text.startsWith(BADGE_OPEN)
                  ? { kind: 'badge', attrs: attrs ?? '' }
                  : { kind: 'description' };
    // One of each layout marker (the first): the page's own text cannot add holes.
    if (!('id' in hole) && hole.kind !== 'nonce' && seen.has(hole.kind)) continue;
    seen.add(hole.kind);
    if (hole.kind === 'vote') reviewIds.add(hole.id);
    // The body tag and the description's tag stay; the hole comes right after them. The others are replaced.
    const keep = hole.kind === 'personal' || hole.kind === 'description' ? text : '';
    parts.push(Buffer.from(html.slice(from, m.index) + keep));
    holes.push(hole);
    from = m.index + text.length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { status, parts, holes, headers, reviewIds: [...reviewIds] };
}

/** The page for this request: its nonce everywhere, and for a visitor with an overlay (`personal`) their data. */
export function renderPage(page: Page, nonce: string, personal?: Personal): Buffer {
  const count = personal?.cart?.count ?? 0;
  const wishlist = new Set(personal?.wishlist ?? []);
  const voted = new Set(personal?.voted ?? []);
  const fill = (hole: Hole): string => {
    switch (hole.kind) {
      case 'nonce':
        return nonce;
      case 'description':
        return count > 0 ? escapeHtml(nl.panels.cartBadge(count)) : '';
      case 'badge':
        return count > 0 ? `${BADGE_OPEN} data-testid="cart-count"${hole.attrs}>${count}</span>` : `${BADGE_OPEN} hidden=""${hole.attrs}>0</span>`;
      case 'heart':
        return heartAttrs(String(hole.id), wishlist.has(hole.id));
      case 'heart-intent':
        return heartIntent(String(hole.id), wishlist.has(hole.id));
      case 'vote':
        return voteAttrs(String(hole.id), voted.has(hole.id));
      case 'personal':
        // JSON in a script element: `<` escaped so no text in it can close the element.
        return personal === undefined ? '' : `<script type="application/json" id="${PERSONAL_DATA_ID}" nonce="${nonce}">${JSON.stringify(personal).replace(/</g, '\\u003c')}</script>`;
    }
  };
  return Buffer.concat(page.parts.flatMap((part, i) => (i < page.holes.length ? [part, Buffer.from(fill(page.holes[i]!))] : [part])));
}

export function pageCache({ owner, ttlMs = 60_000, maxEntries = 500, maxBytes = 64 * 1024 * 1024, readPersonal = async () => ({ cart: null }) }: PageCacheOptions) {
  // Bounded by count and by bytes; the least recently used page goes first. Expiry is checked here, not by
  // the LRU, so an expired page can still be served while the database is unreachable.
  const sizeCalculation = (entry: Entry) => (entry.page ? entry.page.parts.reduce((n, p) => n + p.length, 0) : entry.html!.length) + 1;
  const pages = new LRUCache<string, Entry>({ max: maxEntries, maxSize: maxBytes, sizeCalculation });
  // 404 pages apart and fewer: requests for made-up addresses must not push the shop's pages out.
  const missing = new LRUCache<string, Entry>({ max: Math.ceil(maxEntries / 5), maxSize: maxBytes / 8, sizeCalculation });
  // Split at its holes when first served from here: most stored pages (a search, a filter combination) never are.
  const pageOf = (entry: Entry): Page => {
    if (!entry.page) {
      entry.page = toPage(entry.html!.toString('utf8'), entry.nonce!, entry.status!, entry.headers!);
      entry.html = undefined;
    }
    return entry.page;
  };
  onInvalidate(owner, (prefix) => {
    if (prefix.startsWith(PERSONAL_PREFIX)) return;
    pages.clear();
    missing.clear();
  });
  // What cannot be read (the database is unreachable) shows as the anonymous page: still better than the 503 page.
  const personalOf = (cookie: string, page: Page | null) => readPersonal(cookie, page?.reviewIds ?? []).catch((): Personal => ({ cart: null }));

  return async (req: Request, res: Response, next: NextFunction) => {
    const lookup = pageKey(req);
    if (!lookup) return next();
    const { key } = lookup;
    const nonce = String(res.locals.nonce);
    const hit = pages.get(key) ?? missing.get(key);
    // While the database is unreachable an expired page is still better than the 503 page.
    if (hit && (hit.expires > Date.now() || inOutage())) {
      const page = pageOf(hit);
      const personal = lookup.personal ? await personalOf(req.headers.cookie ?? '', page) : undefined;
      for (const [name, value] of page.headers) res.setHeader(name, value);
      // This copy carries the visitor's data: for their browser only, not for a shared cache on the way.
      if (personal !== undefined) res.setHeader('Cache-Control', 'private');
      res.setHeader('X-Page-Cache', 'hit');
      // Not res.send: an ETag over a body whose nonce changes every time would only cost a hash.
      const body = renderPage(page, nonce, personal);
      res.statusCode = page.status;
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }

    res.setHeader('X-Page-Cache', 'miss');
    // A visitor's page is rendered as anyone's (without the cart and session cookies) and gets their data on the
    // way out, so it can be stored like an anonymous visitor's; it is held until complete to put their data in.
    const cookie = lookup.personal ? (req.headers.cookie ?? '') : null;
    if (cookie !== null) {
      req.headers.cookie = cookie
        .split(';')
        .filter((pair) => !PERSONAL_COOKIES.includes(pair.split('=')[0]!.trim()))
        .join(';');
    }
    const held = cookie !== null;
    // Headers set before the page renders (security headers, CSP) are the server's own, not the page's.
    const before = new Set(Object.keys(res.getHeaders()));
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function' || (size > MAX_BODY && !held)) return;
      const buf = asBuffer(chunk as string | Uint8Array, encoding);
      size += buf.length;
      chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return held ? true : write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const html = String(res.getHeader('content-type') ?? '').startsWith('text/html');
      const status = res.statusCode;
      let page: Page | null = null;
      if (html && (status === 200 || status === 404) && size <= MAX_BODY && !res.hasHeader('set-cookie') && !res.hasHeader('cache-control')) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !before.has(name) && name !== 'content-length' && name !== 'content-encoding' && name !== 'vary')
          .map(([name, value]) => [name, String(value)] as [string, string]);
        const entry: Entry = { html: Buffer.concat(chunks), nonce, status, headers, expires: Date.now() + ttlMs };
        // A held page is split now anyway, for this visitor's data.
        if (cookie !== null) page = pageOf(entry);
        (status === 200 ? pages : missing).set(key, entry);
      }
      if (cookie === null) return end(chunk, ...rest);
      const callback = rest.find((arg) => typeof arg === 'function');
      const shown = html ? (page ?? toPage(Buffer.concat(chunks).toString('utf8'), nonce)) : null;
      void personalOf(cookie, shown).then((personal) => {
        const body = shown ? renderPage(shown, nonce, personal) : Buffer.concat(chunks);
        if (!res.headersSent) {
          res.setHeader('Content-Length', body.length);
          if (!res.hasHeader('cache-control')) res.setHeader('Cache-Control', 'private');
        }
        end(body, callback);
      });
      return res;
    }) as Response['end'];
    next();
  };
}
