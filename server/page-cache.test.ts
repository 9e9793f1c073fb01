import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidate } from '../app/lib/cache.server.ts';
import { pageCache, pageKey } from './page-cache.ts';
import { securityHeaders } from './security.ts';

const owner = {};
let renders = 0;
let server: ReturnType<express.Express['listen']>;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ dev: false }));
  app.use(pageCache({ owner }));
  // A page renders with the request's nonce, streamed in two chunks like React's SSR.
  app.get('/{*splat}', (req, res) => {
    renders++;
    const nonce = String(res.locals.nonce);
    if (req.query.private) res.setHeader('Cache-Control', 'private, no-store');
    if (req.query.cookie) res.setHeader('Set-Cookie', 'flash=1');
    if (req.query.json) return void res.json({ renders });
    res.status(req.query.missing ? 404 : 200).type('html');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.write(`<html><script nonce="${nonce}">1</script>`);
    res.end(`<p>render ${renders} ${req.originalUrl}</p><script nonce="${nonce}">2</script></html>`);
  });
  await new Promise<void>((resolve) => (server = app.listen(0, () => resolve())));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => invalidate(owner));

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/140', ...headers } });
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('page cache', () => {
  it('serves an anonymous page again without rendering it, with the new request nonce everywhere', async () => {
    const first = await get('/product/a');
    const firstBody = await first.text();
    expect(first.headers.get('x-page-cache')).toBe('miss');
    const before = renders;
    const second = await get('/product/a');
    const body = await second.text();
    expect(renders).toBe(before);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(second.headers.get('x-robots-tag')).toBe('noindex');
    const nonce = nonceOf(second)!;
    expect(nonce).not.toBe(nonceOf(first));
    expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    expect(body.replaceAll(nonce, 'N')).toBe(firstBody.replaceAll(nonceOf(first)!, 'N'));
  });

  it('keeps pages apart by address, region cookie, age cookie and bots', async () => {
    const bodies = new Set<string>();
    for (const [path, headers] of [
      ['/p', {}],
      ['/p?sorteer=prijs', {}],
      ['/p', { cookie: 'locale=uk' }],
      ['/p', { cookie: 'locale=uk; age_verified=1' }],
      ['/p', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }],
    ] as const) {
      const res = await get(path, headers);
      expect(res.headers.get('x-page-cache')).toBe('miss');
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(5);
  });

  it('never stores for a visitor with a cart, a flash message or any other cookie', async () => {
    for (const cookie of ['cart=abc', 'locale=nl; flash=x', 'session=1']) {
      await get('/q', { cookie });
      const again = await get('/q', { cookie });
      expect(again.headers.get('x-page-cache')).toBeNull();
    }
    expect((await get('/q')).headers.get('x-page-cache')).toBe('miss');
  });

  it('never stores private pages, pages that set cookies, errors or non-HTML answers', async () => {
    for (const query of ['private=1', 'cookie=1', 'missing=1', 'json=1']) {
      await get(`/r?${query}`);
      const again = await get(`/r?${query}`);
      expect(again.headers.get('x-page-cache'), query).toBe('miss');
    }
  });

  it('forgets every page when the read cache is invalidated (a write to the catalogue or stock)', async () => {
    await get('/s');
    expect((await get('/s')).headers.get('x-page-cache')).toBe('hit');
    invalidate(owner, 'catalog');
    expect((await get('/s')).headers.get('x-page-cache')).toBe('miss');
  });

  it('keys only GET requests', () => {
    expect(pageKey({ method: 'POST', originalUrl: '/', headers: {} })).toBeNull();
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { cookie: 'cart=1' } })).toBeNull();
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { cookie: 'locale=nl' } })).toContain('nl');
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { host: 'a.test' } })).not.toBe(pageKey({ method: 'GET', originalUrl: '/', headers: { host: 'b.test' } }));
  });
});
