// Orders over HTTP through the real forms: 16 buyers, each in a loop: a new cart through
// the cart action (one pack of a "hot" pack with limited stock, and one plentiful pack), the checkout page,
// the checkout form posted as a guest paying by bank transfer, and the confirmation page it redirects to.
// Afterwards the database must show the hot pack sold exactly: never below zero, sold = start − end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../app/db/client.server.ts';
import * as s from '../app/db/schema/index.ts';
import { seed } from '../app/db/seed/index.ts';
import { percentile } from './http-load.ts';
import { Shopper, checkoutForm } from '../tests/e2e/http-shopper.ts';
import { POSTGRES_ADMIN_URL, createDatabase, startShop } from './shop-server.ts';

const BUYERS = 16;
// Small enough to sell out during the run, so the race for the last packs is part of every run.
const HOT_STOCK = 30;

export type OrdersBench = {
  database: string;
  processes: number;
  seconds: number;
  orders: number;
  perMinute: number;
  p50: number;
  p99: number;
  errors: number;
  errorSamples: string[];
  ordersInDatabase: number;
  ordersConfirmed: number;
  refusedAtAdd: number;
  refusedAtCheckout: number;
  hot: { start: number; end: number; sold: number };
};

/** Seeds a fresh database, gives every paid pack plenty of stock and the hot pack HOT_STOCK. */
async function prepare(database: Database) {
  await seed(database.db);
  await database.db.update(s.productPacks).set({ stock: 1_000_000 }).where(sql`not ${s.productPacks.isFree}`);
  const packs = await queryRows<{ id: number }>(database.db, sql`select id from product_packs where not is_free and seeds = 1 order by id`);
  await database.db.update(s.productPacks).set({ stock: HOT_STOCK }).where(eq(s.productPacks.id, packs[0]!.id));
  // The seed's own orders, counted so that only the bench's are compared.
  const seeded = await counts(database, packs[0]!.id);
  return { hot: packs[0]!.id, others: packs.slice(1).map((p) => p.id), seeded };
}

/** The hot pack's stock and ordered quantity, and the number of orders. */
async function counts(database: Database, hot: number) {
  const [row] = await queryRows<{ stock: number; sold: number; orders: number }>(
    database.db,
    sql`select (select stock from product_packs where id = ${hot}) as stock,
      (select coalesce(sum(quantity), 0)::int from order_lines where pack_id = ${hot}) as sold,
      (select count(*)::int from orders) as orders`,
  );
  return row!;
}

async function buy(base: string, seconds: number, packs: { hot: number; others: number[] }) {
  const times: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let refusedAtAdd = 0;
  let refusedAtCheckout = 0;
  let confirmed = 0;
  const fail = (what: string) => {
    errors++;
    if (errorSamples.length < 5) errorSamples.push(what);
  };
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, b) => {
      // A distinct client address per buyer, as the proxy in front of the shop would pass it on.
      const client = `10.13.7.${b + 1}`;
      for (let i = 0; Date.now() < deadline; i++) {
        try {
          const shopper = new Shopper(base, client);
          await shopper.add(packs.others[(b * 7 + i) % packs.others.length]!);
          if (/uitverkocht|op voorraad/i.test(await shopper.add(packs.hot))) refusedAtAdd++;
          const page = await shopper.request('/checkout');
          if (page.status !== 200) {
            fail(`GET /checkout: ${page.status}`);
            continue;
          }
          const t0 = performance.now();
          const placed = await shopper.request('/checkout', { form: checkoutForm(page.text, `koper${b}@bench.example`) });
          times.push(performance.now() - t0);
          if (placed.status === 400 && placed.text.includes('Niet meer genoeg op voorraad')) {
            refusedAtCheckout++;
            continue;
          }
          if (placed.status !== 302 || !placed.location?.startsWith('/order-status?bestelling=')) {
            fail(`POST /checkout: ${placed.status} ${placed.location ?? placed.text.slice(0, 120)}`);
            continue;
          }
          confirmed++;
          const confirmation = await shopper.request(placed.location);
          if (confirmation.status !== 200 || !confirmation.text.includes('data-testid="thanks"')) fail(`GET ${placed.location}: ${confirmation.status}`);
        } catch (e) {
          fail(String(e));
        }
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, placed: confirmed, times, errors, errorSamples, refusedAtAdd, refusedAtCheckout };
}

async function run(database: string, processes: number, seconds: number, open: () => Promise<Database>, shopOpts: { dataDir?: string; databaseUrl?: string }): Promise<OrdersBench> {
  const before = await open();
  const packs = await prepare(before).finally(() => before.close());
  const shop = await startShop({ workers: processes, ...shopOpts });
  let warm: Awaited<ReturnType<typeof buy>>;
  let result: Awaited<ReturnType<typeof buy>>;
  try {
    // Warm-up (JIT, pools) with a plentiful pack in the hot pack's place: not counted, the hot stock untouched.
    warm = await buy(shop.url, 3, { hot: packs.others[0]!, others: packs.others });
    result = await buy(shop.url, seconds, packs);
  } finally {
    await shop.stop();
  }
  const after = await open();
  try {
    const end = await counts(after, packs.hot);
    return {
      database,
      processes,
      seconds: result.seconds,
      orders: result.placed,
      perMinute: (result.placed / result.seconds) * 60,
      p50: percentile(result.times, 50),
      p99: percentile(result.times, 99),
      errors: result.errors + warm.errors,
      errorSamples: [...warm.errorSamples, ...result.errorSamples],
      ordersInDatabase: end.orders - packs.seeded.orders,
      ordersConfirmed: warm.placed + result.placed,
      refusedAtAdd: result.refusedAtAdd,
      refusedAtCheckout: result.refusedAtCheckout,
      hot: { start: HOT_STOCK, end: end.stock, sold: end.sold - packs.seeded.sold },
    };
  } finally {
    await after.close();
  }
}

/** Orders on the embedded database (one process) and on PostgreSQL (a fresh database, two processes). */
export async function benchOrders(seconds: number): Promise<OrdersBench[]> {
  const results: OrdersBench[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-bench-orders-'));
  try {
    results.push(await run('embedded (PGlite)', 1, seconds, () => openDatabase({ dataDir }), { dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const made = await createDatabase(POSTGRES_ADMIN_URL);
  try {
    results.push(await run('PostgreSQL', 2, seconds, () => openDatabase({ url: made.url }), { databaseUrl: made.url }));
  } finally {
    await made.drop();
  }
  return results;
}

/** ARCHITECTURE.md: orders per minute through the real forms. */
export const ORDERS_BUDGET: Record<number, number> = { 1: 3000, 2: 3500 };

export const oversold = (r: OrdersBench) => r.hot.end < 0 || r.hot.start - r.hot.sold !== r.hot.end;

export function ordersLines(rows: OrdersBench[]): string[] {
  return [
    '## Orders over HTTP',
    '',
    `${BUYERS} buyers at once, each in a loop: a new cart through the cart form (\`POST /besteloverzicht\`, intent \`add\`: one pack of the "hot" pack, stock ${HOT_STOCK}, and one plentiful pack), \`GET /checkout\`, the checkout form posted as a guest paying by bank transfer (its hidden fields — expected total, idempotency key — read from the page), and the confirmation page it redirects to. Every buyer sends its own client address in X-Forwarded-For; the shop runs as deployed behind a proxy (\`TRUST_PROXY=loopback\`, its rate limits on) through \`scripts/start.mjs\` on a fresh database, after a 3 s warm-up. "errors" is any other status or a failed request; "refused" is the shop saying the hot pack is sold out (at the cart form, or at the checkout when another buyer took the last one in between). Oversell check from the database afterwards: hot pack stock never below zero and ordered = start − end; the orders in the database must be the orders the buyers saw confirmed.`,
    '',
    '| database | processes | seconds | orders | orders/min | budget | place order p50 / p99 ms | errors | refused: cart / checkout | hot pack: start → ordered → end | orders in db = confirmed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows.map((r) => {
      const budget = ORDERS_BUDGET[r.processes] ?? 0;
      return `| ${r.database} | ${r.processes} | ${r.seconds.toFixed(1)} | ${r.orders} | ${r.perMinute.toFixed(0)} | ≥ ${budget.toLocaleString('en')} ${r.perMinute >= budget ? '✓' : '✗'} | ${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} | ${r.errors} | ${r.refusedAtAdd} / ${r.refusedAtCheckout} | ${r.hot.start} → ${r.hot.sold} → ${r.hot.end} ${oversold(r) ? '✗ OVERSOLD' : '✓ no oversell'} | ${r.ordersInDatabase} = ${r.ordersConfirmed} ${r.ordersInDatabase === r.ordersConfirmed ? '✓' : '✗'} |`;
    }),
    ...rows.flatMap((r) => (r.errorSamples.length ? ['', `Errors on ${r.database}: ${r.errorSamples.map((e) => `\`${e}\``).join(', ')}`] : [])),
    '',
  ];
}
