// Checkout throughput: concurrent buyers placing orders through the checkout module (cart →
// order in one transaction) on the embedded database and on PostgreSQL. Every buyer also wants
// one "hot" pack with limited stock, so the run checks that it is never oversold.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '../app/db/client.server.ts';
import * as s from '../app/db/schema/index.ts';
import { seed } from '../app/db/seed/index.ts';
import { addToCart, cartContext, getCart } from '../app/modules/cart/cart.server.ts';
import { CheckoutError, placeOrder } from '../app/modules/checkout/checkout.server.ts';
import { regionForRequest } from '../app/modules/regions/regions.server.ts';

export type CheckoutBench = { driver: string; buyers: number; seconds: number; orders: number; perMinute: number; soldOut: number; hotStockStart: number; hotSold: number; hotStockEnd: number };

const deps = { links: { origin: 'http://bench.local', secret: 'bench' }, webhookSecret: 'bench', config: { sandbox: true } };
const address = { firstName: 'Bench', lastName: 'Koper', phone: '0612345678', line1: 'Teststraat 1', line2: '', city: 'Utrecht', postalCode: '3511 AA', country: 'NL', state: '' };

async function run(database: Database, buyers: number, seconds: number): Promise<CheckoutBench> {
  const { db } = database;
  const request = new Request('http://bench.local/');
  const [ctx, region] = await Promise.all([cartContext(db, request), regionForRequest(db, request)]);
  const packs = await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free and seeds = 1 order by id`);
  await db.update(s.productPacks).set({ stock: 1_000_000 }).where(sql`not ${s.productPacks.isFree}`);
  const hot = packs[0]!.id;
  const hotStockStart = 300;
  await db.update(s.productPacks).set({ stock: hotStockStart }).where(eq(s.productPacks.id, hot));
  const nl = region.countries.find((c) => c.iso === 'NL')!;
  const rate = nl.rates.find((r) => r.carrier === 'regular_post')!;

  let orders = 0;
  let soldOut = 0;
  let hotSold = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: buyers }, async (_, b) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const other = packs[1 + ((b * 7 + i) % (packs.length - 1))]!.id;
        const wantsHot = hotSold + soldOut < hotStockStart * 2; // after that, buy only plentiful packs
        let cartId = (await addToCart(db, null, other, 1, ctx)).cartId;
        if (wantsHot) {
          try {
            cartId = (await addToCart(db, cartId, hot, 1, ctx)).cartId;
          } catch {
            /* sold out while adding */
          }
        }
        const cart = await getCart(db, cartId, ctx);
        const after = cart.totals.subtotal - cart.totals.discount;
        const expectedTotal = after + (after >= nl.carrier.free_from ? 0 : rate.priceMinor);
        try {
          await placeOrder(
            db,
            {
              cartId,
              ctx,
              region,
              form: { email: `koper${b}@bench.local`, shipping: address, billing: address, billingSame: true, shippingMethod: 'regular_post', paymentMethod: 'bank_transfer', expectedTotal, currency: ctx.currency, region: ctx.regionCode, idempotencyKey: crypto.randomUUID() },
            },
            deps,
          );
          orders++;
          if (cart.lines.some((l) => l.packId === hot)) hotSold++;
        } catch (e) {
          if (!(e instanceof CheckoutError) || e.code !== 'out_of_stock') throw e;
          soldOut++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const [end] = await db.select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, hot));
  return { driver: database.driver, buyers, seconds: elapsed, orders, perMinute: (orders / elapsed) * 60, soldOut, hotStockStart, hotSold, hotStockEnd: end!.stock };
}

export async function benchCheckout(opts: { buyers: number; seconds: number; postgresUrl?: string }): Promise<CheckoutBench[]> {
  const results: CheckoutBench[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-bench-checkout-'));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    await seed(embedded.db);
    results.push(await run(embedded, opts.buyers, opts.seconds));
  } finally {
    await embedded.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (opts.postgresUrl) {
    const name = `kk_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: opts.postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await seed(database.db);
      results.push(await run(database, opts.buyers, opts.seconds));
    } finally {
      await database.close();
      await new Promise((r) => setTimeout(r, 200));
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  }
  return results;
}

export function checkoutLines(rows: CheckoutBench[]): string[] {
  return [
    '## Checkout',
    '',
    'Concurrent buyers each fill a new cart and place an order (bank transfer) through the checkout module, in process. Every buyer also wants one "hot" pack with limited stock: it must sell out exactly, never below zero.',
    '',
    '| database | buyers | seconds | orders | orders/min | refused (sold out) | hot pack: start → sold → end |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.driver} | ${r.buyers} | ${r.seconds.toFixed(1)} | ${r.orders} | ${r.perMinute.toFixed(0)} | ${r.soldOut} | ${r.hotStockStart} → ${r.hotSold} → ${r.hotStockEnd} ${r.hotStockStart - r.hotSold === r.hotStockEnd && r.hotStockEnd >= 0 ? '(no oversell)' : '(MISMATCH)'} |`,
    ),
    '',
  ];
}
