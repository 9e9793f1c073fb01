// Cache invalidation reaches every process (issue 13 item 3): two shop processes on one PostgreSQL database.
// Process B holds the product page in its page cache and the catalogue in its read cache; an order placed
// on process A sells the last pack, and B's next answers (anonymous: page cache; with a cart: rendered from
// the read cache) show it sold out. Without the NOTIFY (app/db/client.server.ts) B keeps answering from its
// caches for up to a minute and this fails.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_COOKIE, Shopper, checkoutForm, productPacks } from './http-shopper.ts';
import { type RunningServer, startServer } from './server.ts';

const SLUG = 'northern-lights';

describe.skipIf(!process.env.TEST_DATABASE_URL)('cache invalidation across processes (PostgreSQL)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kk_processes_${process.pid}_${Date.now()}`;
  let admin: pg.Client;
  let a: RunningServer;
  let b: RunningServer;
  let pack: number;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    a = await startServer({ DATABASE_URL: url.toString() });
    b = await startServer({ DATABASE_URL: url.toString() });
    // One pack of the product left in stock, the others sold out; then both processes drop their caches.
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(`select k.id from product_packs k join products p on p.id = k.product_id where p.slug = $1 and not k.is_free order by k.id`, [SLUG]);
    pack = rows[0]!.id;
    await db.query(`update product_packs set stock = case when id = $1 then 1 else 0 end where product_id = (select id from products where slug = $2)`, [pack, SLUG]);
    await db.query(`notify kk_cache, ''`);
    await db.end();
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
  });

  /** The product page on B for this visitor: whether the pack can be chosen, and the page cache's answer. */
  const onB = async (cookie: string) => {
    const res = await fetch(`${b.url}/product/${SLUG}`, { headers: { cookie } });
    const html = await res.text();
    const input = new RegExp(`<input[^>]* name="pack"[^>]* value="${pack}"[^>]*>|<input[^>]* value="${pack}"[^>]* name="pack"[^>]*>`).exec(html)?.[0];
    expect(input, 'the pack on the product page').toBeTruthy();
    return { available: !/ disabled/.test(input!), cache: res.headers.get('x-page-cache') };
  };

  it('an order on one process sells out the pack on the other at once: page cache and read cache', async () => {
    await expect.poll(async () => (await productPacks(b.url, SLUG)).find((p) => p.id === pack)?.available).toBe(true);
    // B caches: the anonymous page (loaded above, a hit now) and the catalogue behind a visitor's rendered page.
    const visitor = new Shopper(b.url);
    await visitor.add((await productPacks(b.url, 'white-widow')).find((p) => p.available)!.id);
    expect(await onB(AGE_COOKIE)).toEqual({ available: true, cache: 'hit' });
    expect((await onB(visitor.cookie)).available).toBe(true);

    // The last pack bought through A's forms.
    const buyer = new Shopper(a.url);
    await buyer.add(pack);
    const page = await buyer.request('/checkout');
    expect(page.status).toBe(200);
    const placed = await buyer.request('/checkout', { form: checkoutForm(page.text, 'kruis@example.com') });
    expect(placed.status).toBe(302);
    expect(placed.location).toMatch(/^\/order-status\?bestelling=/);

    // The NOTIFY goes out after A's commit, next to its answer: B has it within moments, not after the caches' minute.
    const soon = { timeout: 1_000, interval: 10 };
    // The visitor first: a cart visitor gets the cached page (ADR 031), so the page cache must have dropped it, and
    // its miss is rendered (without the cart cookie) from the read cache and stored: the anonymous visitor's hit.
    await expect.poll(async () => (await onB(visitor.cookie)).available, soon).toBe(false);
    expect(await onB(AGE_COOKIE)).toEqual({ available: false, cache: 'hit' });
  }, 60_000);
});
