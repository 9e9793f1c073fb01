// Malformed requests: bodies, methods and paths no page of the shop sends get a clear
// 4xx, never a 500. Plain HTTP against the production build, as an attacker or a broken client would.
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { flatRoutes } from '~/test/route-table.ts';
import { acceptedBodyTypes, bodyLimit } from '../../server/request-guard.ts';
import { baseURL, visitorAddress } from './browser.ts';

// Every route whose module has an action, straight from the route table, so a new form cannot be missed.
const SAMPLE_PARAMS: Record<string, string> = { slug: 'skunk-1', page: '2', locale: 'nl', provider: 'sandbox', reference: 'onbekend', number: 'KK-AAAA-AAAA', id: '1' };
const ACTION_ROUTES = flatRoutes()
  .filter((r) => r.path && r.path !== '/*' && r.path !== '*' && /export (async )?(function|const) action\b/.test(fs.readFileSync(path.join('app', r.file), 'utf8')))
  .map((r) => r.path!.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x'));
/** Routes that read JSON (the API and webhooks): a JSON body is no mistake there. */
const takesJson = (p: string) => acceptedBodyTypes(p).includes('application/json');
const FORM_ROUTES = [...ACTION_ROUTES.filter((p) => !takesJson(p)), '/faq', '/product/skunk-1'];
const sameSite = () => ({ Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin', Cookie: 'age_verified=1' });
const send = (path: string, init: RequestInit) => fetch(new URL(path, baseURL()), { redirect: 'manual', ...init, headers: { ...sameSite(), ...(init.headers as Record<string, string>) } });

/**
 * A body just over the route's limit (64 KB for forms, 6 MB for a bank statement), refused from its Content-Length:
 * only the header and the start of the body are sent, as a client would before the shop answers (writing all of a
 * 6 MB body to a connection the shop has already answered and closed breaks the pipe).
 */
const sendTooLarge = (path: string, type: string) =>
  new Promise<Response>((resolve, reject) => {
    const req = http.request(new URL(path, baseURL()), { method: 'POST', headers: { ...sameSite(), 'content-type': type, 'content-length': String(bodyLimit(path) + 1) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(new Response(text, { status: res.statusCode ?? 0, headers: { 'content-type': String(res.headers['content-type'] ?? '') } })));
    });
    req.on('error', reject);
    req.write('a='.padEnd(1024, 'x'));
  });

const BOUNDARY = '----kk7MA4YWxkTrZu0gW';
const truncatedMultipart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--${BOUNDARY}\r\nContent-Disposition: form-da`;

type Case = { name: string; path: string; init: RequestInit; expect?: number; tooLarge?: boolean };

function casesFor(path: string): Case[] {
  return [
    { name: 'JSON', path, init: { method: 'POST', body: '{"intent":"add"}', headers: { 'content-type': 'application/json' } }, expect: 415 },
    { name: 'text/plain', path, init: { method: 'POST', body: 'intent=add', headers: { 'content-type': 'text/plain' } }, expect: 415 },
    { name: 'no content type', path, init: { method: 'POST', body: new Uint8Array([1, 2, 3]) }, expect: 415 },
    { name: 'empty form', path, init: { method: 'POST', body: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { name: 'garbage form', path, init: { method: 'POST', body: '%%%&&&=%ZZ&a=%C0%AF', headers: { 'content-type': 'application/x-www-form-urlencoded' } } },
    { name: 'truncated multipart', path, init: { method: 'POST', body: truncatedMultipart, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } } },
    { name: 'multipart without boundary', path, init: { method: 'POST', body: 'x', headers: { 'content-type': 'multipart/form-data' } }, expect: 400 },
    { name: 'too large', path, init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, tooLarge: true, expect: 413 },
    { name: 'DELETE', path, init: { method: 'DELETE' }, expect: 405 },
    { name: 'PUT', path, init: { method: 'PUT', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: 405 },
    { name: 'PATCH', path, init: { method: 'PATCH', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: 405 },
  ];
}

/** The same kinds for the routes that read JSON: broken JSON is their malformed body. */
function jsonCasesFor(path: string): Case[] {
  const json = (name: string, body: string) => ({ name, path, init: { method: 'POST', body, headers: { 'content-type': 'application/json' } } });
  return [
    json('truncated JSON', '{"id":"tr_'),
    json('JSON array', '[1,2,3]'),
    json('JSON null', 'null'),
    json('empty JSON', ''),
    json('deep JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    json('wrong JSON types', '{"id":{"$gt":""},"a_aid":[1],"message":12,"url":false}'),
    { name: 'form', path, init: { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, expect: acceptedBodyTypes(path).includes('application/x-www-form-urlencoded') ? undefined : 415 },
    { name: 'text/plain', path, init: { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }, expect: 415 },
    { name: 'too large', path, init: { method: 'POST', headers: { 'content-type': 'application/json' } }, tooLarge: true, expect: 413 },
    { name: 'DELETE', path, init: { method: 'DELETE' }, expect: 405 },
    { name: 'PUT', path, init: { method: 'PUT', body: '{}', headers: { 'content-type': 'application/json' } }, expect: 405 },
  ];
}

/** A small seeded generator (mulberry32): the same 100 requests on every run, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
  const junk = (n: number) => Array.from({ length: n }, () => pick(['%', '%ZZ', '%C0%AF', '&', '=', '[', ']', '\u0000', 'é', '💥', 'a', '+', ';', '\r\n'])).join('');
  const bodies = [
    () => bytes(1 + Math.floor(next() * 2000)),
    () => junk(1 + Math.floor(next() * 200)),
    () => Array.from({ length: 1 + Math.floor(next() * 3000) }, (_, i) => `f${i}=${junk(2)}`).join('&'),
    () => `${'a['.repeat(200)}=1`,
    () => `intent=${pick(['add', 'remove', 'set-quantity', 'apply-coupon', 'everywhere', ''])}&quantity=${pick(['-1', '1e309', 'NaN', '99999999999999999999', ''])}&pack=${junk(5)}`,
    () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${junk(4)}"\r\n\r\n${junk(20)}`,
    () => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${junk(50)}\r\n--${BOUNDARY}--\r\n`,
    () => '{"' + junk(30),
    () => '',
  ];
  const types = ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', `multipart/form-data; boundary=${BOUNDARY}`, `multipart/form-data; boundary=${BOUNDARY}`, 'multipart/form-data; boundary=', 'application/json', 'text/plain', 'application/xml', 'x/y', '', 'application/x-www-form-urlencoded; charset=utf-16'];
  const suffixes = ['', '', '.data', '?index', '?_data=routes%2Fhome', '%', '%C0', '/', `?${junk(10)}`];
  return () => {
    const method = pick(['POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
    const path = pick(ACTION_ROUTES) + pick(suffixes);
    const type = pick(types);
    const body = method === 'DELETE' || method === 'OPTIONS' ? undefined : pick(bodies)();
    return { name: `${method} ${path} [${type}]`, path, init: { method, body, headers: type ? { 'content-type': type } : {} } as RequestInit };
  };
}

const BAD_PATHS = ['/product/%C0%AF%FF', '/collecties/%ZZ', '/%', '/blog/%E0%A4%A', '/auteurs/%FF%FE', '/collecties/x/%G1', '/product/skunk-1%', '/api/search?q=%ZZ', '/faq/%ZZ.data'];

describe('malformed requests get a clear 4xx', () => {
  it('every route with an action, each kind of malformed request: none answers 5xx, each the status it should', async () => {
    expect(ACTION_ROUTES.length).toBeGreaterThanOrEqual(30);
    const cases: Case[] = [
      ...FORM_ROUTES.flatMap(casesFor),
      ...FORM_ROUTES.map((p) => ({ name: 'data request JSON', path: `${p}.data`, init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, expect: 415 })),
      ...ACTION_ROUTES.filter(takesJson).flatMap(jsonCasesFor),
    ];
    const results: string[] = [];
    for (const c of cases) {
      const res = c.tooLarge ? await sendTooLarge(c.path, (c.init.headers as Record<string, string>)['content-type']!) : await send(c.path, c.init);
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

  it('100 generated malformed requests: none answers 5xx, and the shop is healthy afterwards', async () => {
    const next = generator(20261125);
    const results: string[] = [];
    for (let i = 0; i < 100; i++) {
      const c = next();
      // Each its own client, so no per-client rate limit of the other suites is spent here.
      const res = await send(c.path, { ...c.init, headers: { ...(c.init.headers as Record<string, string>), 'X-Forwarded-For': visitorAddress() } });
      await res.text();
      if (res.status >= 500) results.push(`${c.name}: ${res.status}`);
    }
    expect(results).toEqual([]);
    expect((await fetch(new URL('/healthz', baseURL()))).status).toBe(200);
    expect((await send('/product/skunk-1', { method: 'GET' })).status).toBe(200);
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
