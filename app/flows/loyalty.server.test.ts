import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { addToCart, type CartContext, cartContext, getCart } from '~/modules/cart/cart.server.ts';
import { CheckoutError } from '~/modules/checkout/checkout.server.ts';
import type { CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { creditBalanceIn, grantCredit } from '~/modules/credit/credit.server.ts';
import { changePoints, loyaltyLedger, pointsBalance } from '~/modules/loyalty/loyalty.server.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { orderMoneyHistory } from '~/modules/payments/money-history.server.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import { testCheckoutForm } from '~/test/checkout-form.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { cancelOrder } from './cancel-order.server.ts';
import { markOrderPaid } from './confirm-payment.server.ts';
import { shipParcel } from './order-actions.server.ts';
import { placeOrder } from './place-order.server.ts';
import { moderateReviewStatus } from './publish-review.server.ts';
import { refundPayment } from './refund.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const cli = { staffId: null, label: 'cli', clientAddress: 'local' };

describeEachDatabase('Kiempunten at checkout, on shipping, refund, cancellation and reviews', (database) => {
  let ctx: CartContext;
  let region: Region;
  let packs: number[] = [];

  beforeAll(async () => {
    const { db } = database();
    const request = new Request('http://shop.test/');
    ctx = await cartContext(db, request);
    region = await regionForRequest(db, request);
    packs = (
      await queryRows<{ id: number }>(db, sql`select k.id from product_packs k join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR' where not k.is_free and k.seeds = 3 order by k.id limit 8`)
    ).map((p) => p.id);
    await db
      .update(s.productPacks)
      .set({ stock: 100 })
      .where(sql`${s.productPacks.id} in ${packs}`);
  });

  /** A customer with `points` and a cart with one pack (tracked parcel to NL), and the total the page showed. */
  async function customerCart(points: number, packIndex: number, quantity = 1) {
    const { db } = database();
    const userId = await insertTestUser(db, { emailPrefix: 'punten' });
    if (points > 0) await db.transaction((tx) => changePoints(tx, { userId, points, kind: 'staff', reason: 'start', sourceKey: `test:start-${userId}` }));
    const { cartId } = await addToCart(db, null, packs[packIndex]!, quantity, ctx);
    await db.update(s.carts).set({ userId }).where(eq(s.carts.id, cartId!));
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const shipping = view.totals.subtotal >= nl.carrier.free_from ? 0 : nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    return { userId, cartId: cartId!, expectedTotal: view.totals.subtotal - view.totals.discount + shipping, goods: view.totals.subtotal - view.totals.discount };
  }

  const place = (cart: { cartId: string; expectedTotal: number }, over: Partial<CheckoutInput>) =>
    placeOrder(database().db, { cartId: cart.cartId, form: testCheckoutForm('punten@example.nl', cart.expectedTotal, over), ctx, region }, deps);
  const ship = (number: string) => shipParcel(database().db, { actor: cli, deps }, number, { key: crypto.randomUUID(), carrier: 'tracked_parcel', trackingCode: '3SABC1234567', trackingUrl: null, lines: 'rest' });

  it('points pay part after the coupon, before credit: the order keeps them, the money due is the rest, one debit', async () => {
    const { db } = database();
    const cart = await customerCart(500, 0);
    await db.transaction((tx) => grantCredit(tx, { userId: cart.userId, currency: 'EUR', amountMinor: 300, kind: 'claim', sourceKey: `claim:pts-${cart.userId}` }));
    const placed = await place(cart, { usePoints: true, pointsBalance: 500, useCredit: true, creditBalanceMinor: 300 });
    const order = (await findOrder(db, placed.number))!;
    expect(order).toMatchObject({ pointsUsed: 500, pointsMinor: 500, creditMinor: 300, totalMinor: cart.expectedTotal - 800 });
    expect(await pointsBalance(db, cart.userId)).toBe(0);
    expect(await creditBalanceIn(db, cart.userId, 'EUR')).toBe(0);
    expect((await loyaltyLedger(db, cart.userId)).filter((l) => l.kind === 'checkout').map((l) => [l.points, l.orderNumber])).toEqual([[-500, placed.number]]);
    expect((await orderMoneyHistory(db, order)).events[0]).toMatchObject({ kind: 'credit', points: true, amountMinor: 500 });
  });

  it('points that cover everything: paid at once, only the points needed are taken', async () => {
    const { db } = database();
    const cart = await customerCart(100_000, 1);
    const placed = await place(cart, { usePoints: true, pointsBalance: 100_000, paymentMethod: 'online' });
    const order = (await findOrder(db, placed.number))!;
    expect(order).toMatchObject({ pointsUsed: cart.expectedTotal, pointsMinor: cart.expectedTotal, totalMinor: 0, paymentState: 'complete' });
    expect(await pointsBalance(db, cart.userId)).toBe(100_000 - cart.expectedTotal);
    expect((await orderMoneyHistory(db, order)).state).toBe('paid');
  });

  it('a balance other than the page showed refuses the order (409 path), nothing booked; a guest cannot ask', async () => {
    const { db } = database();
    const cart = await customerCart(400, 2);
    const refused = await place(cart, { usePoints: true, pointsBalance: 300 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect(refused).toMatchObject({ code: 'price_changed', detail: 'points' });
    expect(await pointsBalance(db, cart.userId)).toBe(400);
    const { cartId } = await addToCart(db, null, packs[3]!, 1, ctx);
    await expect(place({ cartId: cartId!, expectedTotal: cart.expectedTotal }, { usePoints: true, pointsBalance: 0 })).rejects.toMatchObject({ code: 'tampered' });
  });

  it('shipping earns points on the money part of the goods once; a partial refund takes back its share', async () => {
    const { db } = database();
    const cart = await customerCart(0, 4, 3);
    const placed = await place(cart, {});
    await markOrderPaid(db, placed.number, deps.links);
    await ship(placed.number);
    const earned = Math.floor(cart.goods / 100);
    expect(await pointsBalance(db, cart.userId)).toBe(earned);
    // The shipped mail tells the customer what the order earned.
    const [mail] = await queryRows<{ points: number | null }>(db, sql`select (payload->'data'->>'pointsEarned')::int as points from outbox where payload->>'template' = 'order_shipped' and payload->'data'->>'orderNumber' = ${placed.number}`);
    expect(mail).toEqual({ points: earned });
    const order = (await findOrder(db, placed.number))!;
    await refundPayment(db, { orderNumber: placed.number, amountMinor: Math.floor(order.totalMinor / 4), idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'deels' }, deps);
    const back = Math.ceil((earned * Math.floor(order.totalMinor / 4)) / cart.goods);
    expect(await pointsBalance(db, cart.userId)).toBe(earned - back);
    const lines = await loyaltyLedger(db, cart.userId);
    expect(lines.map((l) => [l.kind, l.points])).toEqual([
      ['reversal', -back],
      ['order', earned],
    ]);
    // The rest refunded: all points gone, never below zero.
    await refundPayment(db, { orderNumber: placed.number, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'rest' }, deps);
    expect(await pointsBalance(db, cart.userId)).toBe(0);
  });

  it('a refund takes points back by the goods’ money: half the goods half the points, all the goods all, the shipping none', async () => {
    const { db } = database();
    const cart = await customerCart(0, 6, 1);
    const placed = await place(cart, {});
    await markOrderPaid(db, placed.number, deps.links);
    await ship(placed.number);
    const order = (await findOrder(db, placed.number))!;
    expect(order.shippingMinor).toBeGreaterThan(0);
    const earned = Math.floor(cart.goods / 100);
    expect(await pointsBalance(db, cart.userId)).toBe(earned);
    const refund = (amountMinor?: number) => refundPayment(db, { orderNumber: placed.number, ...(amountMinor ? { amountMinor } : {}), idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'test' }, deps);
    const half = Math.floor(cart.goods / 2);
    const first = Math.ceil((earned * half) / cart.goods);
    await refund(half);
    expect(await pointsBalance(db, cart.userId)).toBe(earned - first);
    // The rest of the goods: every point gone.
    await refund(cart.goods - half);
    expect(await pointsBalance(db, cart.userId)).toBe(0);
    // What is left is the shipping: giving it back takes nothing more, not even a line with missed points.
    await refund();
    expect((await loyaltyLedger(db, cart.userId)).map((l) => [l.kind, l.points, l.missedPoints])).toEqual([
      ['reversal', -(earned - first), 0],
      ['reversal', -first, 0],
      ['order', earned, 0],
    ]);
  });

  it('money given back before shipping lowered what the order earned: later refunds count from there', async () => {
    const { db } = database();
    const cart = await customerCart(0, 7, 1);
    const placed = await place(cart, {});
    await markOrderPaid(db, placed.number, deps.links);
    const early = 500;
    await refundPayment(db, { orderNumber: placed.number, amountMinor: early, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'vooraf' }, deps);
    await ship(placed.number);
    const earned = Math.floor((cart.goods - early) / 100);
    expect(await pointsBalance(db, cart.userId)).toBe(earned);
    // Half of the goods' money left: half the points (not measured against the goods before the first refund).
    const half = Math.floor((cart.goods - early) / 2);
    await refundPayment(db, { orderNumber: placed.number, amountMinor: half, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'deels' }, deps);
    expect(await pointsBalance(db, cart.userId)).toBe(earned - Math.ceil((earned * half) / (cart.goods - early)));
    await refundPayment(db, { orderNumber: placed.number, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'rest' }, deps);
    expect(await pointsBalance(db, cart.userId)).toBe(0);
  });

  it('points already spent: a refund takes what is there and records the rest', async () => {
    const { db } = database();
    const cart = await customerCart(0, 5, 3);
    const placed = await place(cart, {});
    await markOrderPaid(db, placed.number, deps.links);
    await ship(placed.number);
    const earned = await pointsBalance(db, cart.userId);
    await db.transaction((tx) => changePoints(tx, { userId: cart.userId, points: -(earned - 5), kind: 'staff', sourceKey: `test:spend-${cart.userId}` }));
    await refundPayment(db, { orderNumber: placed.number, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'alles' }, deps);
    const [reversal] = await loyaltyLedger(db, cart.userId);
    expect(reversal).toMatchObject({ kind: 'reversal', points: -5, missedPoints: earned - 5, balanceAfter: 0 });
  });

  it('cancelling gives the points used back once', async () => {
    const { db } = database();
    const cart = await customerCart(300, 6);
    const placed = await place(cart, { usePoints: true, pointsBalance: 300 });
    expect(await pointsBalance(db, cart.userId)).toBe(0);
    await cancelOrder(db, placed.number);
    await cancelOrder(db, placed.number);
    expect(await pointsBalance(db, cart.userId)).toBe(300);
    expect((await loyaltyLedger(db, cart.userId)).filter((l) => l.kind === 'cancellation').map((l) => l.points)).toEqual([300]);
  });

  it('an approved review of a logged-in author earns points once; a guest review none', async () => {
    const { db } = database();
    const userId = await insertTestUser(db, { emailPrefix: 'review' });
    const [product] = await db.select({ id: s.products.id }).from(s.products).limit(2);
    const insert = (u: number | null) =>
      db
        .insert(s.reviews)
        .values({ productId: product!.id, userId: u, rating: 5, title: 'Top', body: 'Alles kwam op, mooie planten.', authorName: 'Test', verified: false })
        .returning({ id: s.reviews.id });
    const [mine] = await insert(userId);
    await moderateReviewStatus(db, cli, mine!.id, 'published', null);
    await moderateReviewStatus(db, cli, mine!.id, 'hidden', 'test');
    await moderateReviewStatus(db, cli, mine!.id, 'published', null);
    expect(await pointsBalance(db, userId)).toBe(25);
    const [guest] = await insert(null);
    await moderateReviewStatus(db, cli, guest!.id, 'published', null);
    expect(await db.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.reviewId, guest!.id))).toEqual([]);
  });
});
