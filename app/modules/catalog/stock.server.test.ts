import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { formulaCells } from '~/lib/test-csv.ts';
import { splitCsv } from '~/lib/csv.ts';
import { addToCart, cartContext, getCart } from '~/modules/cart/cart.server.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { loadCatalogue } from './catalog.server.ts';
import { applyBulkPrices, changeStock, importApply, importPreview, listStock, packDetail, previewBulkPrices, StockError, stockCsv, updatePackSettings } from './stock.server.ts';
import { testCheckoutForm } from '~/test/checkout-form.ts';
import { placeOrder } from '~/flows/place-order.server.ts';

const actor = { staffId: null, label: 'voorraad@kiemkracht.nl', clientAddress: '203.0.113.9' };
const key = () => crypto.randomUUID();
const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };

describeEachDatabase('stock and prices', (database) => {
  const db = () => database().db;
  let packs: { id: number; sku: string; product_id: number }[] = [];
  let freePack: { id: number; sku: string } = { id: 0, sku: '' };

  beforeAll(async () => {
    packs = await queryRows(db(), sql`select id, sku, product_id from product_packs where not is_free and seeds = 3 order by id limit 12`);
    freePack = (await queryRows<{ id: number; sku: string }>(db(), sql`select id, sku from product_packs where is_free order by id limit 1`))[0]!;
    await db()
      .update(s.productPacks)
      .set({ stock: 40 })
      .where(sql`${s.productPacks.id} in ${packs.map((p) => p.id)}`);
  });

  const stockOf = async (id: number) => (await db().select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, id)))[0]!.stock;
  const priceOf = async (id: number, currency = 'EUR') =>
    (await db().select().from(s.packPrices).where(and(eq(s.packPrices.packId, id), eq(s.packPrices.currency, currency))))[0]?.priceMinor;
  const movementsOf = (id: number) => db().select().from(s.stockMovements).where(eq(s.stockMovements.packId, id)).orderBy(s.stockMovements.id);

  it('a delta (goods received) and a count (stocktake) become movements with reason, actor and resulting stock; audited', async () => {
    const pack = packs[0]!;
    const received = await changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'delta', amount: 25, basis: 40, reason: 'received', note: 'pakbon 123' });
    expect(received).toEqual({ done: true, stock: 65, delta: 25 });
    const counted = await changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'count', amount: 60, basis: 65, reason: 'stocktake', note: null });
    expect(counted).toEqual({ done: true, stock: 60, delta: -5 });
    expect(await stockOf(pack.id)).toBe(60);
    const moves = await movementsOf(pack.id);
    expect(moves.map((m) => [m.delta, m.reason, m.note, m.resultingStock, m.actor])).toEqual([
      [25, 'received', 'pakbon 123', 65, actor.label],
      [-5, 'stocktake', null, 60, actor.label],
    ]);
    const audit = await listAudit(db(), { action: 'stock.change', entityId: String(pack.id) });
    expect(audit.total).toBe(2);
    expect(audit.rows[0]).toMatchObject({ before: { stock: 65 }, after: { stock: 60, delta: -5, reason: 'stocktake' } });
    const detail = await packDetail(db(), pack.id);
    expect(detail?.movements.map((m) => m.delta)).toEqual([-5, 25]);
  });

  it("the movements show a staff member's name, not the e-mail address the movement was recorded with", async () => {
    const pack = packs[0]!;
    const [member] = await db()
      .insert(s.staffUsers)
      .values({ email: `naam-${crypto.randomUUID()}@kiemkracht.nl`, name: 'Cato Catalogus', role: 'catalogue' })
      .returning({ id: s.staffUsers.id, email: s.staffUsers.email });
    const named = { staffId: member!.id, label: member!.email, clientAddress: '203.0.113.9' };
    await changeStock(db(), named, { key: key(), packId: pack.id, mode: 'delta', amount: 1, basis: await stockOf(pack.id), reason: 'received', note: null });
    const detail = await packDetail(db(), pack.id);
    expect(detail?.movements[0]?.actor).toBe('Cato Catalogus');
    // Without a staff member (a label only), the label stays.
    expect(detail?.movements.at(-1)?.actor).toBe(actor.label);
  });

  it('a double submit of the same form moves stock once', async () => {
    const pack = packs[1]!;
    const input = { key: key(), packId: pack.id, mode: 'delta' as const, amount: 10, basis: 40, reason: 'received' as const, note: null };
    const [a, b] = await Promise.all([changeStock(db(), actor, input), changeStock(db(), actor, input)]);
    expect([a.done, b.done].sort()).toEqual([false, true]);
    expect(await stockOf(pack.id)).toBe(50);
    expect(await movementsOf(pack.id)).toHaveLength(1);
  });

  it('a count keeps what was sold after the form was shown; stock never goes below 0; a count equal to the stock is refused', async () => {
    const pack = packs[2]!;
    // The form showed 40; a checkout takes 3 before staff submit their count of 38.
    await db()
      .update(s.productPacks)
      .set({ stock: sql`${s.productPacks.stock} - 3` })
      .where(eq(s.productPacks.id, pack.id));
    const counted = await changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'count', amount: 38, basis: 40, reason: 'stocktake', note: null });
    expect(counted.stock).toBe(35);
    await expect(changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'delta', amount: -36, basis: 35, reason: 'damaged', note: null })).rejects.toMatchObject({ code: 'negative' });
    await expect(changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'count', amount: 35, basis: 35, reason: 'stocktake', note: null })).rejects.toMatchObject({ code: 'no_change' });
    await expect(changeStock(db(), actor, { key: key(), packId: 999_999, mode: 'delta', amount: 1, basis: 0, reason: 'received', note: null })).rejects.toMatchObject({ code: 'not_found' });
    expect(await stockOf(pack.id)).toBe(35);
    expect(await movementsOf(pack.id)).toHaveLength(1);
  });

  it('threshold and prices of a pack: saved, audited, shown as low in the list; a free pack has no price to change', async () => {
    const pack = packs[3]!;
    const before = await priceOf(pack.id);
    await loadCatalogue(db());
    const r = await updatePackSettings(db(), actor, { packId: pack.id, threshold: 45, prices: { EUR: 1995, GBP: 1795 } });
    expect(r.changed).toBe(true);
    expect([await priceOf(pack.id), await priceOf(pack.id, 'GBP')]).toEqual([1995, 1795]);
    // The shop's catalogue was dropped and shows the new price and the threshold.
    const shop = (await loadCatalogue(db())).products.flatMap((p) => p.packs).find((k) => k.id === pack.id)!;
    expect(shop.prices.EUR).toBe(1995);
    expect(shop.lowStock).toBe(45);
    expect(shop.stock).toBe(40);
    expect((await updatePackSettings(db(), actor, { packId: pack.id, threshold: 45, prices: { EUR: 1995 } })).changed).toBe(false);
    const [entry] = (await listAudit(db(), { action: 'pack.update', entityId: String(pack.id) })).rows;
    expect(entry).toMatchObject({ before: { threshold: 5, prices: { EUR: before } }, after: { threshold: 45, prices: { EUR: 1995, GBP: 1795 } } });
    const low = await listStock(db(), { low: true, q: pack.sku });
    expect(low.rows.map((x) => x.packId)).toEqual([pack.id]);
    await expect(updatePackSettings(db(), actor, { packId: freePack.id, threshold: 5, prices: { EUR: 100 } })).rejects.toMatchObject({ code: 'free_price' });
  });

  it('bulk price change: preview old → new with the rounding rule, applied once per form, refused when prices moved since the preview', async () => {
    const sku = packs[4]!.sku;
    const input = { filter: { q: sku }, percentBp: 1000, rounding: 'x95' as const, currencies: ['EUR' as const, 'GBP' as const] };
    const old = [await priceOf(packs[4]!.id), await priceOf(packs[4]!.id, 'GBP')];
    const preview = await previewBulkPrices(db(), input);
    expect(preview.packs).toBe(1);
    expect(preview.lines.map((l) => [l.currency, l.from])).toEqual([
      ['EUR', old[0]],
      ['GBP', old[1]],
    ]);
    for (const l of preview.lines) {
      expect(l.to % 100).toBe(95);
      expect(Math.abs(l.to - l.from * 1.1)).toBeLessThanOrEqual(50);
    }
    // Nothing written by the preview.
    expect(await priceOf(packs[4]!.id)).toBe(old[0]);
    const form = { ...input, key: key(), fingerprint: preview.fingerprint };
    const [a, b] = await Promise.all([applyBulkPrices(db(), actor, form), applyBulkPrices(db(), actor, form)]);
    expect([a.done, b.done].sort()).toEqual([false, true]);
    expect([await priceOf(packs[4]!.id), await priceOf(packs[4]!.id, 'GBP')]).toEqual(preview.lines.map((l) => l.to));
    expect(await priceOf(packs[4]!.id, 'CHF')).toBeGreaterThan(0);
    // The old preview no longer matches the prices.
    await expect(applyBulkPrices(db(), actor, { ...form, key: key() })).rejects.toMatchObject({ code: 'stale' });
    const [entry] = (await listAudit(db(), { action: 'prices.bulk' })).rows;
    expect(entry?.after).toMatchObject({ percentBp: 1000, rounding: 'x95', changes: preview.lines.map((l) => ({ sku, currency: l.currency, price: l.to })) });
    // Free packs are gifts: a bulk change over everything leaves them at 0.
    const all = await previewBulkPrices(db(), { filter: {}, percentBp: 500, rounding: 'cent', currencies: ['EUR'] });
    expect(all.lines.some((l) => l.packId === freePack.id)).toBe(false);
  });

  it('CSV export neutralises text a spreadsheet would run as a formula, read with ; or with commas', async () => {
    const pack = packs[5]!;
    await db().update(s.products).set({ name: '=HYPERLINK("http://evil.test","klik"),@SUM(1+1)' }).where(eq(s.products.id, pack.product_id));
    const csv = await stockCsv(db(), actor);
    expect(csv.startsWith('\uFEFF"sku";"soort";')).toBe(true);
    const rows = splitCsv(csv.replace(/^\uFEFF/, ''), ';');
    expect(rows[0]).toEqual(['sku', 'soort', 'zaden', 'gratis', 'voorraad', 'nieuwe voorraad', 'drempel laag', 'EUR', 'GBP', 'CHF', 'USD', 'CAD', 'AUD', 'NZD']);
    const row = rows.find((r) => r[0] === pack.sku)!;
    expect(row.slice(1, 7)).toEqual([`'=HYPERLINK("http://evil.test","klik"),'@SUM(1+1)`, '3', 'nee', '40', '', '5']);
    expect(row[7]).toMatch(/^\d+,\d{2}$/);
    expect(formulaCells(csv, ',')).toEqual([]);
    expect(formulaCells(csv, ';')).toEqual([]);
    expect((await listAudit(db(), { action: 'export.stock' })).total).toBeGreaterThan(0);
  });

  it('CSV import: the dry run lists changes and errors per line and writes nothing; confirming applies all or nothing, as movements', async () => {
    const [a, b] = [packs[6]!, packs[7]!];
    const csv = await stockCsv(db(), actor);
    const rows = splitCsv(csv.replace(/^\uFEFF/, ''));
    const header = rows[0]!;
    const edit = (sku: string, changes: Record<string, string>) => {
      const row = rows.find((r) => r[0] === sku)!;
      for (const [col, v] of Object.entries(changes)) row[header.indexOf(col)] = v;
    };
    edit(a.sku, { 'nieuwe voorraad': '52', 'drempel laag': '8', EUR: '19,95' });
    edit(b.sku, { 'nieuwe voorraad': '-3' });
    const text = (r: string[][]) => r.map((x) => x.join(';')).join('\r\n');
    const auditBefore = (await listAudit(db(), {})).total;
    const priceBefore = await priceOf(a.id);
    expect(priceBefore).not.toBe(1995);
    const bad = await importPreview(db(), text(rows));
    expect(bad.errors).toEqual([{ line: rows.findIndex((r) => r[0] === b.sku) + 1, code: 'stock', detail: '-3' }]);
    expect(bad.changes).toHaveLength(1);
    expect(bad.changes[0]).toMatchObject({ sku: a.sku, stockDelta: 12, stockNow: 40, threshold: { from: 5, to: 8 }, prices: [{ currency: 'EUR', to: 1995 }] });
    // The dry run changed nothing; confirming a file with an error applies none of it.
    await expect(importApply(db(), actor, { key: key(), text: text(rows), fileName: 'voorraad.csv' })).rejects.toBeInstanceOf(StockError);
    expect([await stockOf(a.id), await stockOf(b.id), await priceOf(a.id)]).toEqual([40, 40, priceBefore]);
    expect(await movementsOf(a.id)).toHaveLength(0);
    expect((await listAudit(db(), {})).total).toBe(auditBefore);

    edit(b.sku, { 'nieuwe voorraad': '30' });
    // A sale after the export: the import moves by the difference, so the sale stays taken.
    await db()
      .update(s.productPacks)
      .set({ stock: sql`${s.productPacks.stock} - 2` })
      .where(eq(s.productPacks.id, a.id));
    const good = await importPreview(db(), text(rows));
    expect(good.errors).toEqual([]);
    expect(good.changes.map((c) => [c.sku, c.stockNow, c.stockDelta]).sort((x, y) => (x[0]! < y[0]! ? -1 : 1))).toEqual([
      [a.sku, 38, 12],
      [b.sku, 40, -10],
    ].sort((x, y) => (x[0]! < y[0]! ? -1 : 1)));
    const form = { key: key(), text: text(rows), fileName: 'voorraad.csv' };
    expect((await importApply(db(), actor, form)).done).toBe(true);
    expect((await importApply(db(), actor, form)).done).toBe(false);
    expect([await stockOf(a.id), await stockOf(b.id), await priceOf(a.id)]).toEqual([50, 30, 1995]);
    expect((await movementsOf(a.id)).map((m) => [m.delta, m.reason, m.resultingStock])).toEqual([[12, 'import', 50]]);
    expect((await listAudit(db(), { action: 'stock.import' })).total).toBe(1);
    expect((await importPreview(db(), 'sku;voorraad\r\n')).errors).toEqual([{ line: 1, code: 'empty' }]);
    expect((await importPreview(db(), 'naam;voorraad\r\nx;1\r\n')).errors).toEqual([{ line: 1, code: 'no_sku_column' }]);
  });

  it('PostgreSQL: a staff stock edit during 20 concurrent checkouts of the same pack leaves the numbers consistent', async (t) => {
    if (database().driver !== 'postgres') t.skip();
    const pack = packs[8]!;
    const request = new Request('http://shop.test/');
    const ctx = await cartContext(db(), request);
    const region = await regionForRequest(db(), request);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const tracked = nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    const carts: { cartId: string; expectedTotal: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const { cartId } = await addToCart(db(), null, pack.id, 1, ctx);
      const view = await getCart(db(), cartId, ctx);
      carts.push({ cartId: cartId!, expectedTotal: view.totals.subtotal + (view.totals.subtotal >= nl.carrier.free_from ? 0 : tracked) });
    }
    const start = 15;
    await db().update(s.productPacks).set({ stock: start }).where(eq(s.productPacks.id, pack.id));
    const form = (expectedTotal: number, i: number) => testCheckoutForm(`koper${i}@example.com`, expectedTotal);
    const staffDelta = 7;
    const checkouts = carts.map((c, i) => placeOrder(db(), { cartId: c.cartId, form: form(c.expectedTotal, i), ctx, region }, deps));
    // The staff edit lands in the middle of the checkouts: it starts as soon as the first one has settled.
    const edit = Promise.race(checkouts.map((c) => c.catch(() => undefined))).then(() =>
      changeStock(db(), actor, { key: key(), packId: pack.id, mode: 'delta', amount: staffDelta, basis: start, reason: 'received', note: 'tijdens verkoop' }),
    );
    const results = await Promise.allSettled([...checkouts, edit]);
    const sold = results.slice(0, 20).filter((r) => r.status === 'fulfilled').length;
    const refused = results.slice(0, 20).filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'out_of_stock')).toBe(true);
    expect(results[20]!.status).toBe('fulfilled');
    const final = await stockOf(pack.id);
    expect(final).toBe(start + staffDelta - sold);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(sold).toBeGreaterThanOrEqual(start);
    const [orderedRow] = await queryRows<{ n: number }>(db(), sql`select coalesce(sum(quantity), 0)::int as n from order_lines where pack_id = ${pack.id}`);
    expect(orderedRow!.n).toBe(sold);
    const moves = await movementsOf(pack.id);
    expect(moves).toHaveLength(1);
    // The movement's resulting stock is the stock right after the edit: the start, minus what sold before it, plus the delta.
    const m = moves[0]!;
    expect(m.delta).toBe(staffDelta);
    expect(m.resultingStock - staffDelta).toBeGreaterThanOrEqual(0);
    expect(m.resultingStock - staffDelta).toBeLessThanOrEqual(start);
    expect(start - (m.resultingStock - staffDelta)).toBeLessThanOrEqual(sold);
  });
});
