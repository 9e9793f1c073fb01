import { parse } from 'cookie';
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { onInvalidate } from '../app/lib/cache.server.ts';
import { inOutage } from '../app/lib/db-outage.ts';

/**
 * Full-page cache for anonymous visitors (ADR 007); not in dev mode. Only a GET whose cookies are
 * all shared preferences (SHARED_COOKIES: no session, cart or flash cookie) is looked up, keyed by
 * bot or person, those preferences and the URL. A page is kept when the answer is a 200 HTML page of
 * at most MAX_BODY without Set-Cookie and without its own Cache-Control (personal routes send `private,
 * no-store`); the headers the server set before rendering are not kept, and the CSP nonce is swapped
 * per request. Bounded (LRU by count and bytes), expiring after ttlMs, emptied on every read-cache
 * invalidation for its database (onInvalidate: local or broadcast from another process); while the
 * database is unreachable an expired page is still served.
 */
const SHARED_COOKIES = new Set(['locale', 'country', 'age_verified', 'age_denied', 'consent']);
const MAX_BODY = 512 * 1024;

// The body is kept as the bytes between the occurrences of the render's nonce.
type Page = { parts: Buffer[]; headers: [string, string][] };

export type PageCacheOptions = { owner: object; ttlMs?: number; maxEntries?: number; maxBytes?: number };

/** The key for a request, or null when its answer may be personal. */
export function pageKey(req: { method: string; originalUrl: string; headers: Record<string, string | string[] | undefined> }): string | null {
  if (req.method !== 'GET') return null;
  const cookieHeader = req.headers.cookie;
  const cookies = typeof cookieHeader === 'string' ? parse(cookieHeader) : {};
  if (Object.keys(cookies).some((name) => !SHARED_COOKIES.has(name))) return null;
  const bot = isbot(String(req.headers['user-agent'] ?? '')) ? 'bot' : 'person';
  // The host too: pages carry absolute links built from it (canonical, og:url), and without PUBLIC_URL a request
  // with another Host header must not put its links into everyone's page.
  return [bot, String(req.headers.host ?? ''), ...[...SHARED_COOKIES].map((n) => cookies[n] ?? ''), req.originalUrl].join('\n');
}

export function pageCache({ owner, ttlMs = 60_000, maxEntries = 500, maxBytes = 64 * 1024 * 1024 }: PageCacheOptions) {
  // Bounded by count and by bytes; the least recently used page goes first. Expiry is checked here, not by
  // the LRU, so an expired page can still be served while the database is unreachable.
  const pages = new LRUCache<string, { page: Page; expires: number }>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: ({ page }) => page.parts.reduce((n, p) => n + p.length, 0) + 1,
  });
  onInvalidate(owner, () => pages.clear());

  return (req: Request, res: Response, next: NextFunction) => {
    const key = pageKey(req);
    if (!key) return next();
    const nonce = String(res.locals.nonce);
    const hit = pages.get(key);
    // While the database is unreachable an expired page is still better than the 503 page.
    if (hit && (hit.expires > Date.now() || inOutage())) {
      for (const [name, value] of hit.page.headers) res.setHeader(name, value);
      res.setHeader('X-Page-Cache', 'hit');
      // Not res.send: an ETag over a body whose nonce changes every time would only cost a hash.
      const nonceBytes = Buffer.from(nonce);
      const body = Buffer.concat(hit.page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
      res.statusCode = 200;
      res.setHeader('Content-Length', body.length);
      res.end(body);
      return;
    }

    res.setHeader('X-Page-Cache', 'miss');
    // Headers set before the page renders (security headers, CSP) are the server's own, not the page's.
    const before = new Set(Object.keys(res.getHeaders()));
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === 'function' || size > MAX_BODY) return;
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      chunks.push(buf);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const type = String(res.getHeader('content-type') ?? '');
      if (res.statusCode === 200 && size <= MAX_BODY && type.startsWith('text/html') && !res.hasHeader('set-cookie') && !res.hasHeader('cache-control')) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name]) => !before.has(name) && name !== 'content-length' && name !== 'content-encoding' && name !== 'vary')
          .map(([name, value]) => [name, String(value)] as [string, string]);
        const parts = Buffer.concat(chunks)
          .toString('utf8')
          .split(nonce)
          .map((part) => Buffer.from(part));
        pages.set(key, { page: { parts, headers }, expires: Date.now() + ttlMs });
      }
      return end(chunk, ...rest);
    }) as Response['end'];
    next();
  };
}
