// Malformed requests (issue 11 item 5): bodies, methods and paths no page of the shop sends get a clear
// 4xx, never a 500. Plain HTTP against the production build, as an attacker or a broken client would.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseURL } from './browser.ts';

const FORM_ROUTES = [
  '/besteloverzicht', '/checkout', '/contact', '/order-status', '/inloggen', '/registreren', '/wachtwoord-vergeten',
  '/wachtwoord-herstellen', '/account/details', '/account/wishlist', '/account/verwijderen', '/account/adressen/nieuw',
  '/beoordelingen', '/product/skunk-1/beoordelen', '/api/region', '/api/age', '/uitloggen', '/registreren/bevestigen',
  '/account/e-mail-bevestigen', '/faq', '/product/skunk-1',
];
const sameSite = () => ({ Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin', Cookie: 'age_verified=1' });
const send = (path: string, init: RequestInit) => fetch(new URL(path, baseURL()), { redirect: 'manual', ...init, headers: { ...sameSite(), ...(init.headers as Record<string, string>) } });

const BOUNDARY = '----kk7MA4YWxkTrZu0gW';
const truncatedMultipart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--${BOUNDARY}\r\nContent-Disposition: form-da`;

type Case = { name: string; path: string; init: RequestInit; expect?: number };

function casesFor(path: string): Case[] {
  return [
    { name: 'JSON', path, init: { method: 'POST', body: '{"intent":"add"}', headers: { 'content-type': 'application/json' } }, expect: 415 },
    { name: 'text/plain', path, init: { method: 'POST', body: 'intent=add', headers: { 'content-type': 'text/plain' } }, expect: 415 },
    { name: 'no content type', path, init: { method: 'POST', body: new Uint8Array([1, 2, 3]) }, expect: 415 },
    { name: 'empty form', path, init: { method: 'POST', body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { name: 'garbage form', path, init: { method: 'POST', body: '%%%&&&=%ZZ&a=%C0%AF', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { name: 'truncated multipart', path, init: { method: 'POST', body: truncatedMultipart, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } } },
    { name: 'multipart without boundary', path, init: { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data' } }, expect: 400 },
    { name: 'too large', path, init: { method: 'POST', body: `a=${'x'.repeat(70_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: 413 },
    { name: 'DELETE', path, init: { method: 'DELETE' }, expect: 405 },
    { name: 'PUT', path, init: { method: 'PUT', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: 405 },
    { name: 'PATCH', path, init: { method: 'PATCH', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: 405 },
  ];
}

const BAD_PATHS = ['/product/%C0%AF%FF', '/collecties/%ZZ', '/%', '/blog/%E0%A4%A', '/auteurs/%FF%FE', '/collecties/x/%G1', '/product/skunk-1%', '/api/search?q=%ZZ', '/faq/%ZZ.data'];

describe('malformed requests get a clear 4xx', () => {
  it('about 250 malformed requests on every form route: none answers 5xx, each the status it should', async () => {
    const cases = [...FORM_ROUTES.flatMap(casesFor), ...FORM_ROUTES.map((p) => ({ name: 'data request JSON', path: `${p}.data`, init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, expect: 415 }))];
    const results: string[] = [];
    for (const c of cases) {
      const res = await send(c.path, c.init);
      const body = await res.text();
      if (res.status >= 500 || (c.expect && res.status !== c.expect)) results.push(`${c.name} ${c.path}: ${res.status} ${body.slice(0, 80)}`);
      if (res.status >= 400 && res.status < 500 && res.headers.get('content-type')?.startsWith('text/plain')) expect(body).toMatch(/[a-z]/);
    }
    for (const path of BAD_PATHS) {
      for (const method of ['GET', 'POST']) {
        const res = await send(path, method === 'POST' ? { method, body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } } : { method });
        await res.text();
        if (res.status >= 500) results.push(`${method} ${path}: ${res.status}`);
      }
    }
    expect(cases.length + BAD_PATHS.length * 2).toBeGreaterThanOrEqual(200);
    expect(results).toEqual([]);
  }, 120_000);

  it('answers in Dutch, with Allow on 405 and 400 for an undecodable path', async () => {
    const del = await send('/checkout', { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(await del.text()).toBe('Deze methode is hier niet toegestaan.');
    const json = await send('/checkout', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await json.text()).toContain('Verstuur het formulier opnieuw');
    const cut = await send('/besteloverzicht', { method: 'POST', body: truncatedMultipart, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(cut.status).toBe(400);
    // A browser (Accept: text/html) gets a page in Dutch, also when the form arrived broken.
    const page = await send('/checkout', { method: 'DELETE', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Deze methode is hier niet toegestaan.');
    const broken = await send('/besteloverzicht', { method: 'POST', body: truncatedMultipart, headers: { accept: 'text/html', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain('Het formulier kwam onvolledig aan.');
    const bad = await send('/product/%C0%AF%FF', { method: 'GET' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Dit adres bevat ongeldige tekens.');
  });

  it('a chunked body without a length is refused with 411; the webhook still takes JSON', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/contact', baseURL());
      const req = http.request(url, { method: 'POST', headers: { ...sameSite(), 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('name=a');
      req.end('&email=b');
    });
    expect(status).toBe(411);
    // JSON reaches the webhook (an unsigned event is refused there, by the provider, not by the guard).
    const hook = await send('/api/betalingen/sandbox/webhook', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(hook.status).not.toBe(415);
    expect(hook.status).toBeLessThan(500);
  });
});
