import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parse } from 'cookie';
import express from 'express';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CartCount } from '../app/components/layout/cart-count.tsx';
import { invalidate, PERSONAL_PREFIX } from '../app/lib/cache.server.ts';
import { handlerBody } from '../app/test/route-source.ts';
import { CART_PAGES, PRIVATE_PAGES, pageCache, pageKey, renderPage, SESSION_MODULES, toPage } from './page-cache.ts';
import { securityHeaders } from './security.ts';

const owner = {};
// The attributes WishlistToggle and HelpfulButton render first, unpressed as on an anonymous page.
const heart = (id: number, saved = false) =>
  `<form><input data-heart-intent="${id}" type="hidden" name="intent" value="${saved ? 'remove' : 'add'}"/><button data-heart="${id}" aria-pressed="${saved}" title="${saved ? 'Verwijder van' : 'Bewaar op'} verlanglijst" type="submit">♥</button></form>`;
const HEARTS = heart(1) + heart(2) + heart(3);
const VOTE = '<button data-vote="7" aria-pressed="false" type="submit">Nuttig</button><button data-vote="8" aria-pressed="false" type="submit">Nuttig</button>';
let renders = 0;
let server: ReturnType<express.Express['listen']>;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ dev: false }));
  // Carts by cookie: a count and the lines only their owner may see; a session's user saved strain 1 (and 2 when
  // their name is long) and voted for review 7 when the page shows it.
  const readPersonal = async (cookie: string, reviewIds: number[]) => {
    const { cart: id, session } = parse(cookie);
    const cart = id ? { count: id.length, lines: [`line of ${id}`] } : null;
    if (!session) return { cart };
    return { cart, user: { name: session }, wishlist: session.length > 3 ? [1, 2] : [1], voted: reviewIds.filter((r) => r === 7) };
  };
  app.use(pageCache({ owner, readPersonal }));
  // A page renders with the request's nonce, streamed in two chunks like React's SSR; like the shop's layout it
  // would show the cart of a cart cookie that reached it (the page cache must not let it).
  app.get('/{*splat}', (req, res) => {
    renders++;
    const nonce = String(res.locals.nonce);
    if (req.query.private) res.setHeader('Cache-Control', 'private, no-store');
    if (req.query.cookie) res.setHeader('Set-Cookie', 'flash=1');
    if (req.query.json) return void res.json({ renders });
    const { cart = '', session = '' } = parse(req.headers.cookie ?? '');
    res.status(req.query.missing ? 404 : 200).type('html');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.write(`<html><head><script nonce="${nonce}">1</script></head><body class="b"><header>${renderToStaticMarkup(createElement(CartCount, { count: cart.length }))}</header>`);
    res.write(`${session ? `<p>user ${session}</p>` : ''}${HEARTS}${VOTE}`);
    res.end(`<p>render ${renders} ${req.originalUrl}${cart ? ` line of ${cart}` : ''}</p><script nonce="${nonce}">2</script></body></html>`);
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

  it('never looks up nor stores for a visitor with a session, a flash message or any other cookie', async () => {
    for (const cookie of ['locale=nl; flash=x', 'session=1', 'cart=abc; session=1', 'voter=1; cart=abc', 'voter=1; session=1']) {
      await get('/q', { cookie });
      const again = await get('/q', { cookie });
      expect(again.headers.get('x-page-cache')).toBeNull();
    }
    expect((await get('/q')).headers.get('x-page-cache')).toBe('miss');
  });

  it('never stores private pages, pages that set cookies, errors other than 404 or non-HTML answers', async () => {
    for (const query of ['private=1', 'cookie=1', 'json=1']) {
      await get(`/r?${query}`);
      const again = await get(`/r?${query}`);
      expect(again.headers.get('x-page-cache'), query).toBe('miss');
    }
  });

  it('keeps a 404 page (the same for everyone at that address) with its status', async () => {
    const first = await get('/weg?missing=1');
    expect(first.status).toBe(404);
    await first.text();
    const again = await get('/weg?missing=1');
    expect(again.status).toBe(404);
    expect(again.headers.get('x-page-cache')).toBe('hit');
  });

  it('forgets every page when the read cache is invalidated (a write to the catalogue or stock)', async () => {
    await get('/s');
    expect((await get('/s')).headers.get('x-page-cache')).toBe('hit');
    invalidate(owner, 'catalog');
    expect((await get('/s')).headers.get('x-page-cache')).toBe('miss');
  });

  it('keeps its pages when only one visitor\'s data changed (a cart write)', async () => {
    await get('/s');
    invalidate(owner, `${PERSONAL_PREFIX}cart:abc:`);
    expect((await get('/s')).headers.get('x-page-cache')).toBe('hit');
  });

  it('keys only GET requests; a cart visitor under the anonymous key, except on the pages that read the cart', () => {
    expect(pageKey({ method: 'POST', originalUrl: '/', headers: {} })).toBeNull();
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { cookie: 'cart=1; locale=nl' } })).toEqual({ key: pageKey({ method: 'GET', originalUrl: '/', headers: { cookie: 'locale=nl' } })!.key, personal: true });
    for (const url of ['/besteloverzicht', '/checkout?x=1', '/Checkout/', '/besteloverzich%74', '/product/a.data', '/_root.data', '/api/search?q=a', '/%E0%A4%A', '/order-status', '/order-status?bestelling=KK-1&code=x']) {
      expect(pageKey({ method: 'GET', originalUrl: url, headers: { cookie: 'cart=1' } }), url).toBeNull();
    }
  });

  it('keys a logged-in customer under the anonymous key only on the pages of SESSION_MODULES', () => {
    const pages = ['/', '/product', '/product?soort=autoflower', '/product/northern-lights', '/Product/Northern-Lights/', '/collecties', '/collecties/hoog-thc', '/collecties/hoog-thc/2'];
    pages.push('/collections/all', '/seedfinder?a=1', '/prijslijst', '/kortingscodes', '/blog', '/blog/kiemen', '/auteurs', '/auteurs/sanne', '/faq', '/verzending-bezorging', '/sitemap', '/ons-verhaal', '/privacybeleid');
    for (const url of pages) {
      for (const cookie of ['session=s', 'session=s; cart=c; locale=nl']) {
        const anonymous = pageKey({ method: 'GET', originalUrl: url, headers: { cookie: cookie.includes('locale') ? 'locale=nl' : '' } })!.key;
        expect(pageKey({ method: 'GET', originalUrl: url, headers: { cookie } }), url).toEqual({ key: anonymous, personal: true });
      }
    }
    for (const url of ['/account', '/account/orders', '/product/a/beoordelen', '/product/a%2Fbeoordelen', '/product/a.data', '/_root.data', '/blog.data', '/contact', '/inloggen', '/registreren', '/beoordelingen', '/affiliate-programma', '/besteloverzicht', '/checkout', '/collecties/a/2/3', '/blog/a/b', '/bestaat-niet', '/api/search']) {
      expect(pageKey({ method: 'GET', originalUrl: url, headers: { cookie: 'session=s' } }), url).toBeNull();
    }
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { cookie: 'locale=nl' } })?.key).toContain('nl');
    expect(pageKey({ method: 'GET', originalUrl: '/', headers: { host: 'a.test' } })).not.toEqual(pageKey({ method: 'GET', originalUrl: '/', headers: { host: 'b.test' } }));
  });
});

describe('a cart visitor gets the cached page with their cart', () => {
  const badgeOf = (html: string) => /<span data-cart="badge"[^>]*>(\d+)<\/span>/.exec(html)?.[0];
  const personalOf = (html: string) => /<script type="application\/json" id="kk-personal" nonce="([^"]+)">(.*?)<\/script>/.exec(html);

  it('renders nothing personal into the cache: A warms it, anonymous B and cart visitor C never see A', async () => {
    const a = await get('/t', { cookie: 'age_verified=1; cart=aaaa' });
    const aHtml = await a.text();
    expect(a.headers.get('x-page-cache')).toBe('miss');
    expect(a.headers.get('cache-control')).toBe('private');
    // A's own answer has A's count and cart, though the page was rendered without the cart cookie.
    expect(aHtml).not.toContain('line of aaaa</p>');
    expect(badgeOf(aHtml)).toContain('>4</span>');
    expect(JSON.parse(personalOf(aHtml)![2]!)).toEqual({ cart: { count: 4, lines: ['line of aaaa'] } });

    const rendered = renders;
    const b = await get('/t', { cookie: 'age_verified=1' });
    const bHtml = await b.text();
    expect(b.headers.get('x-page-cache')).toBe('hit');
    expect(bHtml).not.toContain('aaaa');
    expect(personalOf(bHtml)).toBeNull();
    expect(badgeOf(bHtml)).toContain('hidden=""');

    const c = await get('/t', { cookie: 'cart=cc; age_verified=1' });
    const cHtml = await c.text();
    expect(c.headers.get('x-page-cache')).toBe('hit');
    expect(c.headers.get('cache-control')).toBe('private');
    expect(b.headers.get('cache-control')).toBeNull();
    expect(renders).toBe(rendered);
    expect(cHtml).not.toContain('aaaa');
    expect(badgeOf(cHtml)).toBe(badgeOf(renderToStaticMarkup(createElement(CartCount, { count: 2 }))));
    expect(cHtml).toContain('2 pakjes in je winkelwagen');
    const [, nonce, json] = personalOf(cHtml)!;
    expect(nonce).toBe(nonceOf(c));
    expect(JSON.parse(json!)).toEqual({ cart: { count: 2, lines: ['line of cc'] } });
  });

  it('a cart visitor\'s miss stores the anonymous page, also for a 404', async () => {
    const first = await get('/u?missing=1', { cookie: 'cart=xyz' });
    expect(first.status).toBe(404);
    expect(badgeOf(await first.text())).toContain('>3</span>');
    const anonymous = await get('/u?missing=1');
    expect(anonymous.status).toBe(404);
    expect(anonymous.headers.get('x-page-cache')).toBe('hit');
    expect(await anonymous.text()).not.toContain('xyz');
  });
});

describe('a logged-in customer gets the cached catalogue page with their hearts, votes and data', () => {
  const personalOf = (html: string) => JSON.parse(/<script type="application\/json" id="kk-personal" nonce="[^"]+">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  it('renders nothing of theirs into the cache: ann warms it, anonymous B and bobby never see ann', async () => {
    const a = await get('/product/x', { cookie: 'age_verified=1; session=ann' });
    const aHtml = await a.text();
    expect(a.headers.get('x-page-cache')).toBe('miss');
    expect(a.headers.get('cache-control')).toBe('private');
    // Rendered without the session cookie; ann's answer has her heart and vote pressed and her data as JSON.
    expect(aHtml).not.toContain('user ann');
    expect(aHtml).toContain(heart(1, true) + heart(2) + heart(3));
    expect(aHtml).toContain('<button data-vote="7" aria-pressed="true" type="submit">Nuttig</button><button data-vote="8" aria-pressed="false"');
    expect(personalOf(aHtml)).toEqual({ cart: null, user: { name: 'ann' }, wishlist: [1], voted: [7] });

    const rendered = renders;
    const b = await get('/product/x', { cookie: 'age_verified=1' });
    const bHtml = await b.text();
    expect(b.headers.get('x-page-cache')).toBe('hit');
    expect(b.headers.get('cache-control')).toBeNull();
    expect(bHtml).toContain(HEARTS + VOTE);
    expect(bHtml).not.toContain('ann');
    expect(personalOf(bHtml)).toBeNull();

    const c = await get('/product/x', { cookie: 'session=bobby; cart=cc; age_verified=1' });
    const cHtml = await c.text();
    expect(c.headers.get('x-page-cache')).toBe('hit');
    expect(renders).toBe(rendered);
    expect(cHtml).toContain(heart(1, true) + heart(2, true) + heart(3));
    expect(cHtml).toContain('2 pakjes in je winkelwagen');
    expect(cHtml).not.toContain('ann');
    expect(personalOf(cHtml)).toEqual({ cart: { count: 2, lines: ['line of cc'] }, user: { name: 'bobby' }, wishlist: [1, 2], voted: [7] });
  });

  it('gets any other page rendered per request with the session, never stored', async () => {
    const first = await get('/account', { cookie: 'session=ann' });
    expect(first.headers.get('x-page-cache')).toBeNull();
    expect(await first.text()).toContain('user ann');
    expect((await get('/account')).headers.get('x-page-cache')).toBe('miss');
  });
});

describe('toPage and renderPage', () => {
  const doc = (count: number, personal = '') =>
    `<!DOCTYPE html><html><head><script nonce="N0nce+/=">a</script></head><body class="flex">${personal}<header><button>${renderToStaticMarkup(createElement(CartCount, { count }))}</button></header><p>&lt;body&gt;</p><script nonce="N0nce+/=">b</script></body></html>`;

  it('gives an anonymous visitor the page as rendered, with the new nonce', () => {
    expect(renderPage(toPage(doc(0), 'N0nce+/='), 'N2').toString()).toBe(doc(0).replaceAll('N0nce+/=', 'N2'));
  });

  it('puts in the count exactly as the header renders it, and the cart as JSON that cannot close its script', () => {
    for (const count of [1, 3, 12]) {
      const cart = { count, lines: [{ name: '</script><script>alert(1)</script>' }] };
      const html = renderPage(toPage(doc(0), 'N0nce+/='), 'N2').toString();
      expect(html).toBe(doc(0).replaceAll('N0nce+/=', 'N2'));
      const personal = renderPage(toPage(doc(0), 'N0nce+/='), 'N2', { cart }).toString();
      const json = `<script type="application/json" id="kk-personal" nonce="N2">${JSON.stringify({ cart }).replace(/</g, '\\u003c')}</script>`;
      expect(personal).toBe(doc(count, json).replaceAll('N0nce+/=', 'N2'));
      expect(personal.match(/<\/script>/g)).toHaveLength(3);
    }
  });

  it('a cart visitor with an empty cart sees the anonymous badge', () => {
    const html = renderPage(toPage(doc(0), 'N0nce+/='), 'N', { cart: null }).toString();
    expect(html).toBe(doc(0, '<script type="application/json" id="kk-personal" nonce="N">{"cart":null}</script>').replaceAll('N0nce+/=', 'N'));
  });
});

describe('the pages whose loader reads the cart', () => {
  it('are exactly CART_PAGES (a new one must be added there, or a cart visitor would get the anonymous page)', async () => {
    const { sitePages } = await import('../app/site-pages.ts');
    const dir = path.resolve('app/routes');
    const readers = /\b(visitorCart|visitorCartView|cartIdFor|cartIdFrom|layoutVisitor|getCart)\(|readCookie\([^)]*'cart'\)/;
    const reading = (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('+types'))
      .filter((file) => !file.endsWith('.server.ts'))
      .filter((file) => readers.test(handlerBody(path.join(dir, file), 'loader') ?? ''))
      .map((file) => `routes/${file}`);
    expect(reading.sort()).toEqual(['routes/shop/cart.tsx', 'routes/shop/checkout.tsx']);
    expect(reading.map((module) => sitePages.find((p) => p.module === module)?.path).sort()).toEqual([...CART_PAGES].sort());
  });
});

describe('the pages a cart visitor gets rendered for them because they are never stored (PRIVATE_PAGES)', () => {
  it('answer `private, no-store` (else the cache could have kept them for everyone)', async () => {
    const { sitePages } = await import('../app/site-pages.ts');
    for (const page of PRIVATE_PAGES) {
      const module = sitePages.find((p) => p.path === page)?.module;
      expect(module, page).toBeDefined();
      expect(fs.readFileSync(path.resolve('app', module!), 'utf8'), page).toMatch(/^export const headers = privatePageHeaders;$/m);
    }
  });
});

describe('the pages a logged-in customer gets from the cache (SESSION_MODULES)', () => {
  it('have loaders that read no session but product.tsx\'s review votes, which the overlay brings (ADR 047)', () => {
    const loaderOf = (module: string) => /export (async )?function loader[\s\S]*?\n}\n/.exec(fs.readFileSync(path.resolve('app', module), 'utf8'))?.[0] ?? '';
    const readers = /\b(currentSession|requireSession|sessionToken|visitorCart|visitorCartView|layoutVisitor|voterFor|wishlistProductIds|heartIds)\(|readCookie\(/;
    for (const module of SESSION_MODULES.filter((m) => m !== 'routes/shop/product.tsx')) {
      expect(loaderOf(module), module).not.toBe('');
      expect(readers.test(loaderOf(module)), module).toBe(false);
    }
    const product = loaderOf('routes/shop/product.tsx');
    expect(product.match(new RegExp(readers.source, 'g'))).toEqual(['currentSession(', 'voterFor(']);
    expect(product).toMatch(/votedReviewIds\(\s*context\.db,\s*voterFor\(request, session\?\.user\.id \?\? null\)/);
  });
});
