// The production front the project ships (deploy/nginx-kiemkracht.conf): Debian's nginx with a throw-away
// certificate in front of `npm start`'s supervisor with two workers on PostgreSQL, as README "Running in production"
// sets it up. Browsers get HTTP/2 over TLS, a checkout works through it with Secure cookies, rate limits see the
// address nginx saw (not one a client wrote into X-Forwarded-For), and /metrics is not reachable from outside.
import { once } from 'node:events';
import fs from 'node:fs';
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '~/db/test-db.ts';
import { useBrowser } from './browser.ts';
import { AGE_COOKIE } from './http-shopper.ts';
import { type NginxFront, nginxBinary, startNginxFront } from './nginx-front.ts';
import { freePort, METRICS_TOKEN, startSupervisor } from './server.ts';
import { placeBankTransferOrder } from './shop.ts';

type Answer = { status: number; headers: http2.IncomingHttpHeaders; body: string; alpn: string | false | undefined };

describe.skipIf(!process.env.TEST_DATABASE_URL || !nginxBinary())('the production front: nginx from deploy/ before two workers on PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let shop: ReturnType<typeof startSupervisor>;
  let shopPort: number;
  let front: NginxFront;
  const { newPage } = useBrowser();

  /** One request over its own HTTP/2 connection to the front, from `from` (a loopback address: the client nginx sees). */
  async function h2(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string } = {}): Promise<Answer> {
    const session = http2.connect(front.url, {
      createConnection: () =>
        tls.connect({ socket: net.connect({ host: '127.0.0.1', port: front.port, localAddress: opts.from ?? '127.0.0.1' }), servername: 'localhost', ALPNProtocols: ['h2'], rejectUnauthorized: false }),
    });
    try {
      await once(session, 'connect');
      const req = session.request({ ':method': opts.method ?? 'GET', ':path': path, cookie: AGE_COOKIE, ...opts.headers });
      req.end(opts.body);
      const [headers] = (await once(req, 'response')) as [http2.IncomingHttpHeaders];
      let body = '';
      req.setEncoding('utf8');
      for await (const chunk of req) body += chunk;
      return { status: Number(headers[':status']), headers, body, alpn: session.alpnProtocol };
    } finally {
      session.close();
    }
  }

  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: front.url, ...headers },
    body: new URLSearchParams(fields).toString(),
  });

  beforeAll(async () => {
    db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const frontPort = await freePort();
    shopPort = await freePort();
    // What the unit in deploy/ runs: `npm start` (built already), PUBLIC_URL the front's address, the default TRUST_PROXY.
    shop = startSupervisor({ PORT: String(shopPort), DATABASE_URL: db.url, WEB_CONCURRENCY: '2', PUBLIC_URL: `https://localhost:${frontPort}`, METRICS_TOKEN });
    front = await startNginxFront(`127.0.0.1:${shopPort}`, frontPort);
    for (const deadline = Date.now() + 90_000; ; ) {
      if (shop.child.exitCode !== null) throw new Error(`the shop exited with ${shop.child.exitCode}:\n${shop.output()}`);
      if (await fetch(`http://127.0.0.1:${shopPort}/healthz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`the shop did not start within 90 s:\n${shop.output()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(async () => {
    await front?.close();
    if (shop) {
      // The unit's stop: SIGTERM, and every worker finishes gracefully.
      shop.child.kill('SIGTERM');
      expect(await shop.exited, shop.output()).toBe(0);
      fs.rmSync(shop.dataDir, { recursive: true, force: true });
    }
    await db?.drop();
  }, 60_000);

  it('speaks HTTP/2 over TLS to the two workers, and moves plain HTTP to https', async () => {
    const pid = shop.child.pid!;
    expect(fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)).toHaveLength(2);
    const res = await h2('/product/northern-lights');
    expect(res.alpn).toBe('h2');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const plain = await fetch(`${front.httpUrl}/product/northern-lights`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\/[^/]+\/product\/northern-lights$/);
  });

  it('hashed assets arrive precompressed with a year-long immutable cache', async () => {
    const page = await h2('/');
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset, 'a script of the home page').toBeTruthy();
    const res = await h2(asset!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('/metrics answers 404 through the front, even with the token; on the machine itself it answers', async () => {
    expect((await h2('/metrics')).status).toBe(404);
    expect((await h2('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${shopPort}/metrics`)).status).toBe(200);
  });

  it('rate limits count the client address nginx saw, never one the client wrote in X-Forwarded-For', async () => {
    // The forgotten-password form allows 10 requests per client address in 15 minutes (3 per e-mail address).
    const reset = (from: string, i: number, spoofed?: string) =>
      h2('/wachtwoord-vergeten', { ...form({ email: `front-${i}-${Date.now()}@example.nl` }, spoofed ? { 'x-forwarded-for': spoofed } : {}), from });
    // Each request claims another address; all come from 127.0.0.2.
    for (let i = 1; i <= 10; i++) expect((await reset('127.0.0.2', i, `203.0.113.${i}`)).status).toBe(200);
    expect((await reset('127.0.0.2', 11, '203.0.113.11')).status).toBe(429);
    // The limit is that client's alone.
    expect((await reset('127.0.0.3', 12)).status).toBe(200);
  });

  it('an upload up to the pages’ own 5 MB limit passes the front', async () => {
    // A body type the shop refuses (415) once it has seen it; nginx's default limit (1 MB) would answer 413 itself.
    const res = await h2('/beheer/bank', { method: 'POST', headers: { 'content-type': 'text/plain', origin: front.url }, body: 'x'.repeat(5 * 1024 * 1024) });
    expect(res.status).toBe(415);
  });

  it('a guest checkout in Chromium through https: HTTP/2, and every cookie the shop sets is Secure', async () => {
    const page = await newPage({ baseURL: front.url, ignoreHTTPSErrors: true });
    // Every cookie the shop sets on the way (the cart's, the flash, and the cart's removal once the order is placed),
    // as its answers' Set-Cookie headers: what is left in the browser at the end is no longer all of them.
    const headers: Promise<string | null>[] = [];
    page.on('response', (r) => headers.push(r.headerValue('set-cookie').catch(() => null)));
    const order = await placeBankTransferOrder(page, `front-${Date.now()}@example.nl`);
    expect(order).toMatch(/^KK-/);
    await expect.poll(() => page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
    const set = (await Promise.all(headers)).flatMap((h) => h?.split('\n') ?? []);
    expect(set.some((c) => c.startsWith('cart='))).toBe(true);
    expect(set.filter((c) => !/;\s*secure/i.test(c))).toEqual([]);
  });
});
