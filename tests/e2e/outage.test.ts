// Database outages on PostgreSQL: the production server runs on its own database behind a
// TCP relay the test controls. Connections are killed under load (pg_terminate_backend) and the database
// is made unreachable for a while; the process must stay up, answer 503 with the Dutch page meanwhile,
// keep serving cached pages, and take orders again within 10 s, with no integrity fault.
import crypto from 'node:crypto';
import net from 'node:net';
import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { freePort, type RunningServer, startServer } from './server.ts';
import { fillShipping, packLabel, section } from './shop.ts';
import { emailField } from './pages.ts';
import { until } from './until.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const adminUrl = process.env.TEST_DATABASE_URL;

/** A TCP relay to PostgreSQL that can drop every connection and refuse new ones. */
async function startRelay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { port, up: listen, down };
}

describe.skipIf(!adminUrl)('database outages (PostgreSQL)', () => {
  const name = `kk_outage_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let server: RunningServer;
  const healthy = async () => (await fetch(`${server.url}/healthz`)).status === 200;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    relay = await startRelay({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${name}`;
    server = await startServer({ DATABASE_URL: url.toString(), PAYMENTS_SANDBOX: '1', DB_POOL_SIZE: '4' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await relay?.down();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
  });

  /** One purchase through the real checkout form; resolves with the order page's URL. */
  async function buy(page: Page, slug = 'skunk-1') {
    await page.goto(`/product/${slug}`);
    const pack = await packLabel(page, '1 zaadje').locator('input[name="pack"]').getAttribute('value');
    const added = await page.request.post('/besteloverzicht', { form: { intent: 'add', pack: pack!, quantity: '1' }, headers: { Origin: server.url }, maxRedirects: 0 });
    expect(added.status()).toBeGreaterThanOrEqual(300);
    await page.goto('/checkout');
    await emailField(page).fill('storing@example.com');
    await fillShipping(page);
    await page.getByLabel(/Verzekerd pakket met track & trace/).check();
    await section(page, 'Betaalmethode').getByLabel(/Bankoverschrijving/).check();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/order-status\?.*bedankt=1/);
  }

  it('connections killed under load: the process stays up and takes orders again within 10 s', async () => {
    const db = new pg.Client({ connectionString: adminUrl!.replace(/\/[^/]*$/, `/${name}`) });
    await db.connect();
    try {
      // Load: anonymous and personal pages, and three buyers, while every shop connection is killed twice.
      let loading = true;
      const statuses: number[] = [];
      const load = Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          while (loading) {
            const res = await fetch(`${server.url}${i % 2 ? '/healthz' : '/product/skunk-1'}`, { headers: { cookie: i ? 'age_verified=1' : 'age_verified=1; kk_probe=1' } }).catch(() => null);
            if (res) statuses.push(res.status);
            await res?.arrayBuffer().catch(() => {});
          }
        }),
      );
      const buyers = Promise.allSettled([0, 1, 2].map(async () => buy(await newPage({ baseURL: server.url }))));
      const shopConnections = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows[0]!.n;
      for (let round = 0; round < 2; round++) {
        // Kill while the load runs: once it has answered more requests and the shop holds connections again.
        const answered = statuses.length;
        await until(async () => statuses.length >= answered + 10 && (await shopConnections()) > 0, 15_000, 'load with open shop connections');
        await db.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      }
      await buyers;
      loading = false;
      await load;
      expect(server.child.exitCode, 'the shop process is alive').toBeNull();
      expect(statuses.some((s) => s >= 500 && s !== 503), `only 503 while the database was away: ${[...new Set(statuses)]}`).toBe(false);

      const back = Date.now();
      await until(healthy, 10_000, '/healthz 200');
      await buy(await newPage({ baseURL: server.url }));
      expect(Date.now() - back, 'an order succeeds within 10 s').toBeLessThan(10_000);

      const faults = await db.query(`select
        (select count(*)::int from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)) as without_lines,
        (select count(*)::int from product_packs where stock < 0) as negative_stock,
        (select count(*)::int from orders o where o.subtotal_minor <> (select coalesce(sum(l.quantity * l.unit_price_minor), 0) from order_lines l where l.order_id = o.id)
           or o.total_minor <> o.subtotal_minor - o.discount_minor + o.shipping_minor) as wrong_totals,
        (select count(*)::int from (select number from orders group by number having count(*) > 1) d) as duplicate_numbers,
        (select count(*)::int from orders) as orders`);
      expect(faults.rows[0]).toMatchObject({ without_lines: 0, negative_stock: 0, wrong_totals: 0, duplicate_numbers: 0 });
      expect(faults.rows[0].orders).toBeGreaterThanOrEqual(1);
    } finally {
      await db.end();
    }
    ignoreErrors(/status of 503/);
  }, 120_000);

  it('database unreachable for a while: 503 with the Dutch page and Retry-After, cached pages still served, then back', async () => {
    // Warm the page cache for an anonymous visitor.
    const cached = () => fetch(`${server.url}/faq`, { headers: { cookie: 'age_verified=1' } });
    const version = /\/manifest-(\w+)\.js/.exec(await (await cached()).text())?.[1];
    expect(version, 'the page names its build version').toBeTruthy();
    expect((await cached()).headers.get('x-page-cache')).toBe('hit');

    await relay.down();
    try {
      // A personal page needs the database: a cart cookie no process has read yet (a malformed id would be ignored
      // without a query, and the page then built from the read cache alone).
      const personal = await fetch(`${server.url}/besteloverzicht`, { headers: { cookie: `age_verified=1; cart=${crypto.randomBytes(18).toString('base64url')}` } });
      expect(personal.status).toBe(503);
      expect(personal.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await personal.text()).toContain('De winkel is zo weer bereikbaar');
      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(503);
      expect((await cached()).status).toBe(200);
      // A cached page still learns the routes of its links (React Router's lazy discovery): a 503 there broke navigation.
      const manifest = await fetch(`${server.url}/__manifest?paths=${encodeURIComponent('/product/skunk-1')}&version=${version}`, { headers: { cookie: 'age_verified=1' } });
      expect(manifest.status).toBe(200);
      expect(await manifest.text()).toContain('routes/shop/product');

      // A shopper who navigates meets the same page in the browser.
      const page = await newPage({ baseURL: server.url });
      const res = await page.goto('/account');
      expect(res?.status()).toBe(503);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('De winkel is zo weer bereikbaar');
      // The time is the point here: the process must outlive the outage for a while, not just its first failures.
      await new Promise((r) => setTimeout(r, 2_000));
      expect(server.child.exitCode, 'the shop process is alive').toBeNull();
    } finally {
      await relay.up();
    }
    const back = Date.now();
    await until(healthy, 10_000, '/healthz 200');
    await buy(await newPage({ baseURL: server.url }));
    expect(Date.now() - back).toBeLessThan(10_000);
    ignoreErrors(/status of 503/);
  }, 120_000);
});
