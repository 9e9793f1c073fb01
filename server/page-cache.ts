import { parse } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { CART_BADGE, CART_COUNT_ID, PERSONAL_DATA_ID } from '../app/components/layout/personal-data.ts';
import { nl } from '../app/i18n/nl.ts';
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
 * own loader reads the cart (CART_PAGES) and data requests are rendered for them as before.
 */
const SHARED_COOKIES = new Set(['locale', 'country', 'age_verified', 'age_denied', 'consent']);
const CART_COOKIE = 'cart';
// Their loaders read the cart (app/routes/cart.tsx, checkout.tsx); a test checks no other route does.
export const CART_PAGES = ['/besteloverzicht', '/checkout'];
const MAX_BODY = 512 * 1024;

/** A stored page: the bytes between the places that differ per request (`holes`, one fewer than `parts`). */
type Hole = { kind: 'nonce' } | { kind: 'personal' } | { kind: 'description' } | { kind: 'badge'; attrs: string };
type Page = { status: number; parts: Buffer[]; holes: Hole[]; headers: [string, string][] };
/** What a cart visitor's page shows of them: the packs in the header badge and the cart for the browser. */
export type PersonalCart = { count: number } | null;

export type PageCacheOptions = {
  owner: object;
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** The visitor's cart from their Cookie header (the layout's cart: null without one). */
  readCart?: (cookie: string) => Promise<PersonalCart>;
};

function cartPage(originalUrl: string): boolean {
  let path = originalUrl.split('?')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    return true;
  }
  path = path.toLowerCase().replace(/\/+$/, '');
  return path.endsWith('.data') || path.startsWith('/api/') || CART_PAGES.includes(path);
}

/**
 * The key for a request and, for a visitor with a cart, their cart cookie; null when the answer may be personal
 * (a session, a flash message, any other cookie, or a cart visitor asking a page that reads the cart).
 */
export function pageKey(req: { method: string; originalUrl: string; headers: Record<string, string | string[] | undefined> }): { key: string; cart: boolean } | null {
  if (req.method !== 'GET') return null;
  const cookieHeader = req.headers.cookie;
  const cookies = typeof cookieHeader === 'string' ? parse(cookieHeader) : {};
  const personal = Object.keys(cookies).filter((name) => !SHARED_COOKIES.has(name));
  const cart = personal.length === 1 && personal[0] === CART_COOKIE;
  if (personal.length > 0 && (!cart || cartPage(req.originalUrl))) return null;
  const bot = isbot(String(req.headers['user-agent'] ?? '')) ? 'bot' : 'person';
  // The host too: pages carry absolute links built from it (canonical, og:url), and without PUBLIC_URL a request
  // with another Host header must not put its links into everyone's page.
  const key = [bot, String(req.headers.host ?? ''), ...[...SHARED_COOKIES].map((n) => cookies[n] ?? ''), req.originalUrl].join('\n');
  return { key, cart };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const BADGE_OPEN = `<span data-cart="${CART_BADGE}"`;

/**
 * Splits a rendered page at its nonce and at the places a cart visitor's page differs: the header's (empty)
 * count description and (hidden) badge, and the start of <body>, where their cart goes as JSON (React skips an
 * element it does not expect directly in <body>).
 */
export function toPage(html: string, nonce: string, status = 200, headers: [string, string][] = []): Page {
  const pattern = new RegExp(
    [escapeRegExp(nonce), '<body\\b[^>]*>', `<span id="${CART_COUNT_ID}"[^>]*>(?=</span>)`, `${escapeRegExp(BADGE_OPEN)} hidden=""([^>]*)>0</span>`].join('|'),
    'g',
  );
  const parts: Buffer[] = [];
  const holes: Hole[] = [];
  const seen = new Set<string>();
  let from = 0;
  for (const m of html.matchAll(pattern)) {
    const [text, attrs] = m;
    const hole: Hole = text === nonce ? { kind: 'nonce' } : text.startsWith('<body') ? { kind: 'personal' } : text.startsWith(BADGE_OPEN) ? { kind: 'badge', attrs: attrs ?? '' } : { kind: 'description' };
    // One of each marker (the first): the page's own text cannot add holes.
    if (hole.kind !== 'nonce' && seen.has(hole.kind)) continue;
    seen.add(hole.kind);
    // The body tag and the description's tag stay; the hole comes right after them. The nonce and the badge are replaced.
    const keep = hole.kind === 'personal' || hole.kind === 'description' ? text : '';
    parts.push(Buffer.from(html.slice(from, m.index) + keep));
    holes.push(hole);
    from = m.index + text.length;
  }
  parts.push(Buffer.from(html.slice(from)));
  return { status, parts, holes, headers };
}

/** The page for this request: its nonce everywhere, and for a cart visitor (`cart` not undefined) their cart. */
export function renderPage(page: Page, nonce: string, cart?: PersonalCart): Buffer {
  const count = cart?.count ?? 0;
  const fill = (hole: Hole): string => {
    switch (hole.kind) {
      case 'nonce':
        return nonce;
      case 'description':
        return count > 0 ? escapeHtml(nl.panels.cartBadge(count)) : '';
      case 'badge':
        return count > 0 ? `${BADGE_OPEN} data-testid="cart-count"${hole.attrs}>${count}</span>` : `${BADGE_OPEN} hidden=""${hole.attrs}>0</span>`;
      case 'personal':
        // JSON in a script element: `<` escaped so no text in it can close the element.
        return cart === undefined ? '' : `<script type="application/json" id="${PERSONAL_DATA_ID}" nonce="${nonce}">${JSON.stringify({ cart }).replace(/</g, '\\u003c')}</script>`;
    }
  };
  return Buffer.concat(page.parts.flatMap((part, i) => (i < page.holes.length ? [part, Buffer.from(fill(page.holes[i]!))] : [part])));
}

export function pageCache({ owner, ttlMs = 60_000, maxEntries = 500, maxBytes = 64 * 1024 * 1024, readCart = async () => null }: PageCacheOptions) {
  // Bounded by count and by bytes; the least recently used page goes first. Expiry is checked here, not by
  // the LRU, so an expired page can still be served while the database is unreachable.
  const sizeCalculation = ({ page }: { page: Page }) => page.parts.reduce((n, p) => n + p.length, 0) + 1;
  const pages = new LRUCache<string, { page: Page; expires: number }>({ max: maxEntries, maxSize: maxBytes, sizeCalculation });
  // 404 pages apart and fewer: requests for made-up addresses must not push the shop's pages out.
  const missing = new LRUCache<string, { page: Page; expires: number }>({ max: Math.ceil(maxEntries / 5), maxSize: maxBytes / 8, sizeCalculation });
  onInvalidate(owner, (prefix) => {
    if (prefix.startsWith(PERSONAL_PREFIX)) return;
    pages.clear();
    missing.clear();
  });
  // A cart that cannot be read (the database is unreachable) shows as none: the page is still better than the 503 page.
  const cartOf = (cookie: string) => readCart(cookie).catch(() => null);

  return async (req: Request, res: Response, next: NextFunction) => {
    const lookup = pageKey(req);
    if (!lookup) return next();
    const { key } = lookup;
    const nonce = String(res.locals.nonce);
    const hit = pages.get(key) ?? missing.get(key);
    // While the database is unreachable an expired page is still better than the 503 page.
    if (hit && (hit.expires > Date.now() || inOutage())) {
      const cart = lookup.cart ? await cartOf(req.headers.cookie ?? '') : undefined;
      for (const [name, value] of hit.page.headers) res.setHeader(name, value);
      // This copy carries the visitor's cart: for their browser only, not for a shared cache on the way.
      if (cart !== undefined) res.setHeader('Cache-Control', 'private');
      res.setHeader('X-Page-Cache', 'hit');
      // Not res.send: an ETag over a body whose nonce changes every time would only cost a hash.
      const body = renderPage(hit.page, nonce, cart);
      res.statusCode = hit.page.status;
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }

    res.setHeader('X-Page-Cache', 'miss');
    // A cart visitor's page is rendered as anyone's (without the cart cookie) and gets their cart on the way out,
    // so it can be stored like an anonymous visitor's; it is held until complete to put the cart in.
    let cart: Promise<PersonalCart> | undefined;
    if (lookup.cart) {
      const cookie = req.headers.cookie ?? '';
      cart = cartOf(cookie);
      req.headers.cookie = cookie
        .split(';')
        .filter((pair) => pair.split('=')[0]!.trim() !== CART_COOKIE)
        .join(';');
    }
    // Headers set before the page renders (security headers, CSP) are the server's own, not the page's.
    const before = new Set(Object.keys(res.getHeaders()));
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function' || (size > MAX_BODY && !cart)) return;
      const buf = asBuffer(chunk as string | Uint8Array, encoding);
      size += buf.length;
      chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return cart ? true : write(chunk, ...rest);
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
        page = toPage(Buffer.concat(chunks).toString('utf8'), nonce, status, headers);
        (status === 200 ? pages : missing).set(key, { page, expires: Date.now() + ttlMs });
      }
      if (!cart) return end(chunk, ...rest);
      const callback = rest.find((arg) => typeof arg === 'function');
      void cart.then((personal) => {
        const body = html ? renderPage(page ?? toPage(Buffer.concat(chunks).toString('utf8'), nonce), nonce, personal) : Buffer.concat(chunks);
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
