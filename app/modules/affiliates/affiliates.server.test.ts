import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { addToCart, type CartContext, cartContext, getCart } from '~/modules/cart/cart.server.ts';
import { type PaymentDeps } from '~/modules/payments/payments.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { HOLD_MS } from './affiliates.ts';
import { affiliateDashboard, applyAsAffiliate, decideAffiliate, payOut, recordReferral } from './affiliates.server.ts';
import { REFERRAL_MS } from './referral.ts';
import { testCheckoutAddress, testCheckoutForm } from '~/test/checkout-form.ts';
import { placeOrder } from '~/flows/place-order.server.ts';
import { cancelOrder } from '~/flows/cancel-order.server.ts';
import { markOrderPaid } from '~/flows/confirm-payment.server.ts';
import { refundPayment } from '~/flows/refund.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const DAY = 24 * 60 * 60_000;
const address = testCheckoutAddress;
const ctxFor = { client: '203.0.113.7', bot: false, ownOrigin: 'http://shop.test' };

describeEachDatabase('affiliates', (database) => {
  let ctx: CartContext;
  let region: Region;
  let pack: { id: number } | undefined;
  let affiliate: { id: number; code: string; email: string; userId: number };

  beforeAll(async () => {
    const { db } = database();
    const request = new Request('http://shop.test/');
    ctx = await cartContext(db, request);
    region = await regionForRequest(db, request);
    [pack] = await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free and seeds = 3 order by id limit 1`);
    await db.update(s.productPacks).set({ stock: 500 }).where(eq(s.productPacks.id, pack!.id));
    affiliate = await newAffiliate('partner');
  });

  async function newAffiliate(who: string, status: 'approved' | 'pending' = 'approved') {
    const { db } = database();
    const email = `${who}.${crypto.randomUUID()}@example.com`;
    const [u] = await db.insert(s.users).values({ email, name: 'Partner', dateOfBirth: '1985-01-01', passwordHash: 'x' }).returning();
    expect(await applyAsAffiliate(db, u!.id, { website: 'https://zadenblog.example', promotion: 'Een blog over verzamelen.', payoutName: 'Partner', payoutIban: 'NL91ABNA0417164300' })).toBe('applied');
    const [a] = await db.select().from(s.affiliates).where(eq(s.affiliates.userId, u!.id));
    if (status === 'approved') await decideAffiliate(db, a!.code, 'approved');
    return { id: a!.id, code: a!.code, email, userId: u!.id };
  }

  /** A click on the affiliate's link by a new visitor, `ago` ms in the past; returns the visitor id. */
  async function click(code: string, ago = 0, visitorId: string | null = null) {
    const r = await recordReferral(database().db, { a_aid: code, refer_domain: null, url: 'http://shop.test/?a_aid=' + code }, { ...ctxFor, visitorId, now: new Date(Date.now() - ago) });
    if (r.status !== 'ok') throw new Error('rate limited');
    return r.v_id;
  }

  async function buy(referral: string | null, email = `klant.${crypto.randomUUID()}@example.com`, quantity = 2) {
    const { db } = database();
    const { cartId } = await addToCart(db, null, pack!.id, quantity, ctx);
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const tracked = nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    const expectedTotal = view.totals.subtotal - view.totals.discount + (view.totals.subtotal >= nl.carrier.free_from ? 0 : tracked);
    const form = testCheckoutForm(email, expectedTotal);
    const placed = await placeOrder(db, { cartId, form, ctx, region, referral }, deps);
    const [o] = await db.select().from(s.orders).where(eq(s.orders.number, placed.number));
    return o!;
  }

  const attribution = async (orderId: number) => (await database().db.select().from(s.affiliateOrders).where(eq(s.affiliateOrders.orderId, orderId)))[0];
  const ledger = (orderId: number) => database().db.select().from(s.affiliateLedger).where(eq(s.affiliateLedger.orderId, orderId));

  it('a referral is stored with the approved affiliate; a bot, an unknown code or no referrer stores nothing', async () => {
    const { db } = database();
    const v = await click(affiliate.code);
    expect(v).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [visit] = await db.select().from(s.referralVisits).where(eq(s.referralVisits.visitorId, v));
    expect(visit).toMatchObject({ affiliateId: affiliate.id, landingPath: `/?a_aid=${affiliate.code}` });
    const bot = await recordReferral(db, { a_aid: affiliate.code, refer_domain: null, url: 'http://shop.test/' }, { ...ctxFor, visitorId: null, bot: true });
    expect(bot).toMatchObject({ status: 'ok', a_id: affiliate.code, stored: false });
    const unknown = await recordReferral(db, { a_aid: 'onbekend1', refer_domain: null, url: 'http://shop.test/' }, { ...ctxFor, visitorId: null });
    expect(unknown).toMatchObject({ status: 'ok', a_id: null, stored: false });
    const foreign = await recordReferral(db, { a_aid: null, refer_domain: 'Forum.Example', url: 'https://elders.example/phish' }, { ...ctxFor, visitorId: v });
    expect(foreign).toMatchObject({ a_id: null, v_id: v, stored: true });
    const rows = await db.select().from(s.referralVisits).where(eq(s.referralVisits.visitorId, v));
    expect(rows.map((r) => [r.referDomain, r.landingPath])).toContainEqual(['forum.example', '/']);
  });

  it('one report sent again (at a page change, then from the next page), also at the same time, is one visit with one visitor id', async () => {
    const { db } = database();
    const report = { a_aid: affiliate.code, refer_domain: null, url: `http://shop.test/?a_aid=${affiliate.code}`, report_id: crypto.randomUUID() };
    // No visitor cookie on either (no marketing consent, or the first answer's cookie not yet in): still one visit.
    const answers = await Promise.all([1, 2, 3].map(() => recordReferral(db, report, { ...ctxFor, visitorId: null })));
    const ids = answers.map((a) => (a.status === 'ok' ? a.v_id : null));
    expect(new Set(ids).size).toBe(1);
    expect(await db.select().from(s.referralVisits).where(eq(s.referralVisits.visitorId, ids[0]!))).toHaveLength(1);
    const again = await recordReferral(db, report, { ...ctxFor, visitorId: null });
    expect(again).toMatchObject({ status: 'ok', a_id: affiliate.code, v_id: ids[0] });
    // Another report (another tab, another session) is another visit.
    const other = await recordReferral(db, { ...report, report_id: crypto.randomUUID() }, { ...ctxFor, visitorId: ids[0]! });
    expect(other).toMatchObject({ v_id: ids[0] });
    expect(await db.select().from(s.referralVisits).where(eq(s.referralVisits.visitorId, ids[0]!))).toHaveLength(2);
  });

  it('is rate-limited per client', async () => {
    const { db } = database();
    const client = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const results = [];
    for (let i = 0; i < 61; i++) results.push((await recordReferral(db, { a_aid: affiliate.code, refer_domain: null, url: 'http://shop.test/' }, { ...ctxFor, client, visitorId: null })).status);
    expect(results.slice(0, 60).every((r) => r === 'ok')).toBe(true);
    expect(results[60]).toBe('rate_limited');
  });

  it('attributes an order to the last click within 90 days; commission on the goods value, earned when paid, payable after 30 days', async () => {
    const { db } = database();
    const other = await newAffiliate('ander');
    const v = await click(other.code, 10 * DAY);
    await click(affiliate.code, DAY, v); // the last click wins
    const order = await buy(v);
    const a = await attribution(order.id);
    expect(a).toMatchObject({ affiliateId: affiliate.id, goodsMinor: order.subtotalMinor - order.discountMinor, percent: 10 });
    expect(a!.commissionMinor).toBe(Math.round((order.subtotalMinor - order.discountMinor) / 10));
    expect(await ledger(order.id)).toEqual([]);
    const paidAt = new Date();
    await markOrderPaid(db, order.number, deps.links, paidAt);
    await markOrderPaid(db, order.number, deps.links, paidAt); // once
    const [earned, ...more] = await ledger(order.id);
    expect(more).toEqual([]);
    expect(earned).toMatchObject({ kind: 'commission', amountMinor: a!.commissionMinor, currency: 'EUR' });
    expect(earned!.availableAt.getTime()).toBe(paidAt.getTime() + HOLD_MS);
    const d = await affiliateDashboard(db, affiliate.id, paidAt);
    expect(d.orders.some((o) => o.number === order.number)).toBe(true);
    expect(d.balances.find((b) => b.currency === 'EUR')!.held).toBeGreaterThanOrEqual(a!.commissionMinor);
    // Nothing payable before the hold ends; after it, one payout takes it (twice at once pays once).
    expect(await payOut(db, affiliate.code, 'vroeg', paidAt)).toEqual([]);
    const later = new Date(paidAt.getTime() + HOLD_MS + 1000);
    const [p1, p2] = await Promise.all([payOut(db, affiliate.code, 'juni', later), payOut(db, affiliate.code, 'juni', later)]);
    const paidOut = [...p1!, ...p2!].reduce((sum, p) => sum + p.amountMinor, 0);
    const after = await affiliateDashboard(db, affiliate.id, later);
    expect(after.balances.find((b) => b.currency === 'EUR')!.payable).toBe(0);
    expect(after.balances.find((b) => b.currency === 'EUR')!.paidOut).toBe(paidOut);
  });

  it('no attribution after 90 days, without a visitor id, or for an affiliate not approved', async () => {
    const old = await click(affiliate.code, REFERRAL_MS + DAY);
    expect(await attribution((await buy(old)).id)).toBeUndefined();
    expect(await attribution((await buy(null)).id)).toBeUndefined();
    expect(await attribution((await buy('niet-een-geldig-id')).id)).toBeUndefined();
    const pending = await newAffiliate('wacht', 'pending');
    const v = await click(pending.code);
    expect(await attribution((await buy(v)).id)).toBeUndefined();
  });

  it('refuses self-referral: an order to the affiliate e-mail or from the affiliate account', async () => {
    const { db } = database();
    const v = await click(affiliate.code);
    expect(await attribution((await buy(v, affiliate.email.toUpperCase())).id)).toBeUndefined();
    // The affiliate's own account, with another e-mail in the form.
    const { cartId } = await addToCart(db, null, pack!.id, 1, ctx);
    await db.update(s.carts).set({ userId: affiliate.userId }).where(eq(s.carts.id, cartId));
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const expectedTotal = view.totals.subtotal + nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    const placed = await placeOrder(
      db,
      {
        cartId,
        form: { email: 'iemand.anders@example.com', shipping: address, billingSame: true, billing: address, shippingMethod: 'tracked_parcel', paymentMethod: 'bank_transfer', expectedTotal, currency: 'EUR', region: 'nl', idempotencyKey: crypto.randomUUID() },
        ctx,
        region,
        referral: v,
      },
      deps,
    );
    const [o] = await db.select().from(s.orders).where(eq(s.orders.number, placed.number));
    expect(await attribution(o!.id)).toBeUndefined();
  });

  it('a partial refund takes back its share, a cancel the rest; the same refund or cancel twice, or at once, counts once', async () => {
    const { db } = database();
    const v = await click(affiliate.code);
    const order = await buy(v, undefined, 3);
    await markOrderPaid(db, order.number, deps.links);
    const commission = (await attribution(order.id))!.commissionMinor;
    const part = Math.floor(order.totalMinor / 4);
    await Promise.all([
      refundPayment(db, { orderNumber: order.number, amountMinor: part, idempotencyKey: `r1:${order.number}`, reason: 'test' }, deps),
      refundPayment(db, { orderNumber: order.number, amountMinor: part, idempotencyKey: `r1:${order.number}`, reason: 'test' }, deps),
    ]);
    let rows = await ledger(order.id);
    expect(rows.filter((r) => r.kind === 'reversal').map((r) => r.amountMinor)).toEqual([-Math.round((commission * part) / order.totalMinor)]);
    await Promise.all([cancelOrder(db, order.number), cancelOrder(db, order.number)]);
    rows = await ledger(order.id);
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0)).toBe(0);
    expect(rows.filter((r) => r.kind === 'reversal')).toHaveLength(2);
    // The refund of the rest after the cancel takes nothing more.
    await refundPayment(db, { orderNumber: order.number, idempotencyKey: `cancel:${order.number}`, reason: 'test' }, deps);
    expect((await ledger(order.id)).reduce((sum, r) => sum + r.amountMinor, 0)).toBe(0);
  });

  it('an unpaid order that is cancelled never earns', async () => {
    const { db } = database();
    const order = await buy(await click(affiliate.code));
    await cancelOrder(db, order.number);
    await markOrderPaid(db, order.number, deps.links).catch(() => null);
    expect(await ledger(order.id)).toEqual([]);
  });

  it('one application per account', async () => {
    const { db } = database();
    expect(await applyAsAffiliate(db, affiliate.userId, { website: 'https://x.example', promotion: 'nog een keer aanmelden', payoutName: 'P', payoutIban: 'NL91ABNA0417164300' })).toBe('exists');
  });
});
