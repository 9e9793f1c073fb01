// HTTP facts, checked with plain fetch (no browser): headers, compression, caching, APIs, CSRF.
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser.ts';
import { DAY_SECONDS, GOOGLEBOT_UA, YEAR_SECONDS } from './pages.ts';
import { PERSON_UA } from './browser.ts';
import { Shopper, checkoutForm, productPacks } from './http-shopper.ts';
import { METRICS_TOKEN, STAFF_TOKEN } from './server.ts';
import { deferredModules } from '../../app/lib/defer-scripts.server.ts';

const get = (path: string, init: RequestInit = {}) => fetch(new URL(path, baseURL()), { redirect: 'manual', ...init });

const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(new URL(path, baseURL()), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });

/** Headers a same-site browser form post would send. */
const sameSite = () => ({ Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin' });

const nonceOf = (csp: string | null) => /script-src[^;]*'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('security headers on HTML', () => {
  for (const path of ['/', '/faq', '/verzending-bezorging', '/bestaat-niet', '/faq?renew=true']) {
    it(`${path}: CSP with a per-request nonce that the page's scripts carry, plus the other headers`, async () => {
      const [a, b] = [await get(path), await get(path)];
      for (const res of [a, b]) {
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBeTruthy();
        const nonce = nonceOf(csp);
        expect(nonce, 'nonce in script-src').toBeTruthy();
        const html = await res.text();
        const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]);
        expect(scriptNonces.length).toBeGreaterThan(0);
        expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
        // No executable script without a nonce: the policy would block it (JSON-LD data blocks are not executed).
        const executable = [...html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/type="application\/(ld\+)?json"/.test(m[1] ?? ''));
        expect(executable.length).toBe(scriptNonces.length);
      }
      expect(nonceOf(a.headers.get('content-security-policy'))).not.toBe(nonceOf(b.headers.get('content-security-policy')));
    });
  }
});

describe('compression and caching', () => {
  it('HTML is brotli-compressed when br is accepted', async () => {
    const res = await get('/faq', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    // fetch decodes it: the body is still the page.
    expect(await res.text()).toContain('<h1');
  });

  it('HTML is gzip-compressed when only gzip is accepted', async () => {
    const res = await get('/faq', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('<h1');
  });

  it('hashed assets are cached for a year and immutable', async () => {
    const html = await (await get('/')).text();
    const asset = deferredModules(html)[0];
    expect(asset, 'a module in /assets/ that the page loads').toMatch(/^\/assets\//);
    const res = await get(asset!);
    expect(res.status).toBe(200);
    const cacheControl = res.headers.get('cache-control') ?? '';
    expect(cacheControl).toContain('immutable');
    expect(cacheControl).toMatch(/max-age=31536000\b/);
  });

  it('a missing asset is a 404, not the HTML of a page', async () => {
    const res = await get('/assets/does-not-exist-abc123.js');
    expect(res.status).toBe(404);
  });
});

describe('page cache for anonymous visitors', () => {
  const person = { 'user-agent': PERSON_UA, cookie: 'age_verified=1' };

  it('a product page is rendered once and then served from the cache, with a fresh nonce', async () => {
    // Read to the end: a page is stored once it has been sent completely.
    await (await get('/product/skunk-1', { headers: person })).text();
    const res = await get('/product/skunk-1', { headers: person });
    expect(res.headers.get('x-page-cache')).toBe('hit');
    const nonce = nonceOf(res.headers.get('content-security-policy'));
    const html = await res.text();
    expect(new Set([...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
  });

  it('a visitor with a real cart gets the cached page with their cart put in; nobody else sees it (ADR 031)', async () => {
    const shopper = new Shopper(baseURL());
    const pack = (await productPacks(baseURL(), 'white-widow')).find((p) => p.available)!;
    await shopper.add(pack.id, 2);
    const cartVisitor = { ...person, cookie: shopper.cookie };
    // Warmed by the cart visitor: what is stored is the anonymous page.
    await (await get('/product/skunk-1?warm=cart', { headers: cartVisitor })).text();
    const anonymous = await get('/product/skunk-1?warm=cart', { headers: person });
    expect(anonymous.headers.get('x-page-cache')).toBe('hit');
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).not.toContain('kk-personal');
    expect(anonymousHtml).not.toContain('data-testid="cart-count"');

    const res = await get('/product/skunk-1?warm=cart', { headers: cartVisitor });
    expect(res.headers.get('x-page-cache')).toBe('hit');
    const html = await res.text();
    expect(/<span data-cart="badge" data-testid="cart-count"[^>]*>(\d+)<\/span>/.exec(html)?.[1]).toBe('2');
    expect(html).toContain('2 pakjes in je winkelwagen');
    const json = /<script type="application\/json" id="kk-personal" nonce="([^"]+)">(.*?)<\/script>/.exec(html)!;
    expect(json[1]).toBe(nonceOf(res.headers.get('content-security-policy')));
    expect((JSON.parse(json[2]!) as { cart: { lines: { slug: string; quantity: number }[] } }).cart.lines).toMatchObject([{ slug: 'white-widow', quantity: 2 }]);

    // Data requests (client navigations, revalidation after adding) and the cart page stay the visitor's own.
    const data = await get('/product/skunk-1.data', { headers: cartVisitor });
    expect(data.headers.get('x-page-cache')).toBeNull();
    expect(await data.text()).toContain('white-widow');
    const cartPage = await get('/besteloverzicht', { headers: cartVisitor });
    expect(cartPage.headers.get('x-page-cache')).toBeNull();
    expect(await cartPage.text()).toContain('data-testid="cart-line"');
  });

  it("a guest's placed order drops the cart cookie (the emptied cart is not read again); a retry of the same form keeps it", async () => {
    const shopper = new Shopper(baseURL(), '10.77.0.1');
    const pack = (await productPacks(baseURL(), 'white-widow')).find((p) => p.available)!;
    await shopper.add(pack.id);
    const form = checkoutForm((await shopper.request('/checkout')).text, 'koekje@example.nl');
    // The same browser's second tab, with the cookie still there, sends the form again after the first went through.
    const tab = shopper.on(baseURL());
    const placed = await shopper.request('/checkout', { form });
    expect(placed.status).toBe(302);
    expect(shopper.cookie).not.toMatch(/(^|; )cart=/);
    const page = await shopper.request(placed.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="thanks"');
    expect(page.text).not.toContain('data-testid="cart-count"');
    const again = await tab.request('/checkout', { form });
    // The order already made: its page, without the thanks.
    expect(`${again.location}&bedankt=1`).toBe(placed.location);
    expect(tab.cookie).toMatch(/(^|; )cart=/);
  });

  it('the 404 page is kept too, with its status', async () => {
    await (await get('/bestaat-niet-kept', { headers: person })).text();
    const res = await get('/bestaat-niet-kept', { headers: person });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-page-cache')).toBe('hit');
  });

  for (const path of ['/besteloverzicht', '/order-status?bestelling=KK-AAAA-AAAA&code=x']) {
    it(`${path} is private: no-store, and never kept`, async () => {
      await (await get(path, { headers: person })).text();
      const res = await get(path, { headers: person });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-page-cache')).not.toBe('hit');
    });
  }
});

describe('operational endpoints', () => {
  it('GET /healthz → 200 {status: ok}', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('GET /metrics exposes the request duration histogram', async () => {
    await get('/faq');
    const res = await get('/metrics');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('http_request_duration_seconds');
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*status="200"[^}]*\} [1-9]/);
  });

  it('/metrics answers only on this machine or with METRICS_TOKEN; elsewhere it does not exist', async () => {
    const forwarded = { 'X-Forwarded-For': '203.0.113.9' };
    expect((await get('/metrics', { headers: forwarded })).status).toBe(404);
    expect((await get('/metrics', { headers: { ...forwarded, Authorization: 'Bearer wrong-token-wrong-token-wrong-token' } })).status).toBe(404);
    expect((await get('/metrics', { headers: { ...forwarded, Authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
    // A proxy on this machine that names the client another way: still not local.
    for (const [name, value] of [['Forwarded', 'for=203.0.113.9'], ['X-Real-IP', '203.0.113.9'], ['X-Forwarded-Host', 'kiemkracht.nl']])
      expect((await get('/metrics', { headers: { [name!]: value! } })).status, name).toBe(404);
  });

  it('the staff API takes only a configured token, and wrong tokens are rate-limited', async () => {
    const staff = (token: string, ip: string) =>
      fetch(new URL('/api/staff/orders', baseURL()), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
        body: JSON.stringify({ number: 'KK-0', action: 'paid' }),
      });
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await staff(`guess-${i}`.padEnd(40, 'x'), ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The real token still works from elsewhere; the order does not exist.
    const ok = await staff(STAFF_TOKEN, '203.0.113.250');
    expect(ok.status).toBe(409);
  });

  it('GET /_build/latest.json → {id}, never cached', async () => {
    const res = await get('/_build/latest.json?t=123');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { id?: unknown };
    expect(typeof body.id).toBe('string');
    expect(body.id).not.toBe('');
  });
});

describe('GET /api/{locale}/settings', () => {
  type Settings = {
    carrier_info: { id: number; iso: string; min: number; max: number; delay: number; free_from: number }[];
    region: { code: string; default_country_id: number; locale: string; name: string };
    region_countries: unknown[];
    region_default_currency: { sign: string; iso_code: string };
    payment_options: unknown[];
    product_filters: { filterGroups: { filters: { public: unknown }[] }[] };
    logo_alt: unknown;
    post_categories: unknown[];
    categories: { name: unknown; url: unknown; icon: unknown }[];
    locale: unknown;
  };

  it('answers the settings object for the default region', async () => {
    const res = await get('/api/nl-nl/settings');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const s = (await res.json()) as Settings;
    for (const key of [
      'carrier_info',
      'region',
      'region_countries',
      'region_default_currency',
      'payment_options',
      'product_filters',
      'logo_alt',
      'post_categories',
      'categories',
      'locale',
    ]) {
      expect(s, key).toHaveProperty(key);
    }
    expect(s.carrier_info.length).toBeGreaterThan(0);
    for (const c of s.carrier_info) {
      expect(c).toEqual({
        id: expect.any(Number),
        iso: expect.stringMatching(/^[A-Z]{2}$/),
        min: expect.any(Number),
        max: expect.any(Number),
        delay: expect.any(Number),
        free_from: expect.any(Number),
      });
    }
    expect(s.region).toMatchObject({ code: 'nl', locale: 'nl', default_country_id: expect.any(Number), name: expect.any(String) });
    expect(s.region_default_currency).toEqual({ sign: '€', iso_code: 'EUR' });
    expect(Array.isArray(s.region_countries)).toBe(true);
    expect(Array.isArray(s.payment_options)).toBe(true);
    expect(Array.isArray(s.post_categories)).toBe(true);
    expect(s.product_filters.filterGroups.length).toBeGreaterThan(0);
    for (const g of s.product_filters.filterGroups) for (const f of g.filters) expect(typeof f.public).toBe('boolean');
    expect(s.categories).toHaveLength(8);
    for (const c of s.categories) expect(c).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/^\//), icon: expect.anything() });
    expect(typeof s.logo_alt).toBe('string');
  });

  it.each(['/api/nl/settings', '/api/nl-NL/settings'])('%s is the same locale', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const s = (await res.json()) as Settings;
    expect(s.region.code).toBe('nl');
  });

  it('follows the locale cookie (uk → GBP)', async () => {
    const s = (await (await get('/api/nl-nl/settings', { headers: { cookie: 'locale=uk' } })).json()) as Settings;
    expect(s.region.code).toBe('uk');
    expect(s.region_default_currency).toEqual({ sign: '£', iso_code: 'GBP' });
  });

  it('follows ?region= (ch → CHF)', async () => {
    const s = (await (await get('/api/nl-nl/settings?region=ch')).json()) as Settings;
    expect(s.region.code).toBe('ch');
    expect(s.region_default_currency.iso_code).toBe('CHF');
  });

  it('an unknown locale is a 404', async () => {
    expect((await get('/api/de-de/settings')).status).toBe(404);
  });
});

describe('routing (HTTP level)', () => {
  it('a trailing slash redirects 301 to the path without it, query kept', async () => {
    const res = await get('/faq/?a=1');
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, baseURL()).pathname + new URL(res.headers.get('location')!, baseURL()).search).toBe('/faq?a=1');
  });

  it('the root keeps its slash', async () => {
    expect((await get('/')).status).toBe(200);
  });

  it.each([
    ['/test123', '/'],
    ['/collections', '/collections/all'],
  ])('redirect table: %s → 301 %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location')!, baseURL()).pathname).toBe(to);
  });

  it.each(['/bestaat-niet', '/404', '/collecties/onbekend', '/product/onbekend'])('%s answers 404 with the not-found page', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('data-testid="not-found"');
    expect(html).toContain('Oeps! Nothing here');
    expect(html).toContain(`Page Not Found: ${path}`);
  });

  it('?renew=true clears site data and every cookie the request sent', async () => {
    const res = await get('/faq?renew=true&x=1', { headers: { cookie: 'foo=bar; age_verified=1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('clear-site-data')).toBe('"cookies", "storage"');
    const cookies = res.headers.getSetCookie();
    for (const name of ['foo', 'age_verified']) {
      const c = cookies.find((x) => x.startsWith(`${name}=`));
      expect(c, `Set-Cookie for ${name}`).toBeTruthy();
      expect(c).toMatch(/^[^=]+=;/);
      expect(c).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    }
    const html = await res.text();
    expect(html).toContain('localStorage.clear()');
    expect(html).toContain('sessionStorage.clear()');
    expect(html).toContain('location.replace("/faq?x=1")');
  });
});

describe('CSRF and form endpoints', () => {
  it('POST /api/region from another origin → 403', async () => {
    const res = await post('/api/region', { region: 'uk', redirectTo: '/faq' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('POST /api/region with Sec-Fetch-Site: cross-site → 403', async () => {
    const res = await post('/api/region', { region: 'uk', redirectTo: '/faq' }, { 'Sec-Fetch-Site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('POST /api/age from another origin → 403', async () => {
    const res = await post('/api/age', { answer: 'yes', redirectTo: '/faq' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('POST /api/region from this site → 302 back, with the locale cookie for a year', async () => {
    const res = await post('/api/region', { region: 'uk', redirectTo: '/faq' }, sameSite());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/faq');
    const locale = res.headers.getSetCookie().find((c) => c.startsWith('locale='));
    expect(locale).toBeTruthy();
    expect(locale).toMatch(/^locale=uk;/);
    expect(locale).toMatch(new RegExp(`Max-Age=${YEAR_SECONDS}\\b`));
    expect(locale).toMatch(/SameSite=Lax/i);
    expect(locale).toMatch(/Path=\//);
  });

  it('POST /api/region for Europa sets the country cookie too', async () => {
    const res = await post('/api/region', { region: 'en', country: 'ES', redirectTo: '/faq' }, sameSite());
    expect(res.status).toBe(302);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('locale=en;'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('country=ES;'))).toBe(true);
  });

  it.each(['zz', '', 'nederland'])('POST /api/region with region=%j → 400, never 500', async (region) => {
    const res = await post('/api/region', { region, redirectTo: '/faq' }, sameSite());
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('locale='))).toBe(false);
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'redirectTo %j is never followed off-site (Location /)',
    async (redirectTo) => {
      const res = await post('/api/region', { region: 'uk', redirectTo }, sameSite());
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    },
  );

  it('POST /api/age answer=yes → 302 to the page, age_verified=1 for about a year', async () => {
    const res = await post('/api/age', { answer: 'yes', redirectTo: '/faq' }, sameSite());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/faq');
    const c = res.headers.getSetCookie().find((x) => x.startsWith('age_verified='));
    expect(c).toMatch(/^age_verified=1;/);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(c ?? '')?.[1]);
    expect(Math.abs(maxAge - YEAR_SECONDS)).toBeLessThanOrEqual(DAY_SECONDS);
  });

  it('POST /api/age with an invalid answer → 400', async () => {
    const res = await post('/api/age', { answer: 'maybe' }, sameSite());
    expect(res.status).toBe(400);
  });
});

describe('age gate in the server HTML', () => {
  it('is rendered for a person without the cookie', async () => {
    const html = await (await get('/faq', { headers: { 'user-agent': PERSON_UA } })).text();
    expect(html).toContain('data-testid="age-gate"');
    expect(html).toContain('Ben je 18 jaar of ouder?');
  });

  it('is not rendered for a person who confirmed', async () => {
    const html = await (await get('/faq', { headers: { 'user-agent': PERSON_UA, cookie: 'age_verified=1' } })).text();
    expect(html).not.toContain('data-testid="age-gate"');
  });

  it('is not rendered for a crawler', async () => {
    const html = await (await get('/faq', { headers: { 'user-agent': GOOGLEBOT_UA } })).text();
    expect(html).not.toContain('data-testid="age-gate"');
    expect(html).toContain('<h1');
  });
});
