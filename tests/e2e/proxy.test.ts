// Behind an https proxy: with PUBLIC_URL=https://… the shop answers as that origin
// whether or not the proxy sends X-Forwarded-Proto or keeps the Host header: forms are accepted from the
// public origin, cookies are Secure, and other sites are still refused.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

const PUBLIC = 'https://shop.example';

function request(server: RunningServer, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const url = new URL(path, server.url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: { cookie: 'age_verified=1', ...opts.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('behind an https proxy', () => {
  let server: RunningServer;
  let pack: string;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: PUBLIC, TRUST_PROXY: 'loopback' });
    const page = await request(server, '/product/northern-lights', { headers: { host: 'shop.example' } });
    pack = /name="pack"[^>]*value="(\d+)"/.exec(page.body)?.[1] ?? /value="(\d+)"[^>]*name="pack"/.exec(page.body)![1]!;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const addToCart = (headers: Record<string, string>) => {
    const body = new URLSearchParams({ intent: 'add', pack, quantity: '1' }).toString();
    return request(server, '/besteloverzicht', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), origin: PUBLIC, ...headers },
    });
  };
  const cartCookie = (headers: http.IncomingHttpHeaders) => (headers['set-cookie'] ?? []).find((c) => c.startsWith('cart='));

  it('a form post through a proxy that sends X-Forwarded-Proto and keeps Host: accepted, cookie Secure', async () => {
    const res = await addToCart({ host: 'shop.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(302);
    expect(cartCookie(res.headers)).toMatch(/; Secure/);
  });

  it('the same through a proxy that sends neither X-Forwarded-Proto nor the public Host', async () => {
    const res = await addToCart({});
    expect(res.status).toBe(302);
    expect(cartCookie(res.headers)).toMatch(/; Secure/);
  });

  it('a post from another site is still refused', async () => {
    const res = await addToCart({ origin: 'https://evil.example', host: 'shop.example' });
    expect(res.status).toBe(403);
  });

  it('absolute links in the page use the public origin', async () => {
    const res = await request(server, '/product/northern-lights', { headers: { host: '127.0.0.1' } });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('http://127.0.0.1');
    expect(res.body).toContain(PUBLIC);
  });
});
