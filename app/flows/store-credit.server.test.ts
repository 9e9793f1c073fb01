import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { addToCart, type CartContext, cartContext, getCart } from '~/modules/cart/cart.server.ts';
import { CheckoutError } from '~/modules/checkout/checkout.server.ts';
import type { CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { creditBalanceIn, creditLedger, grantCredit } from '~/modules/credit/credit.server.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { moneyRows } from '~/modules/payments/money-history.ts';
import { orderMoneyHistory } from '~/modules/payments/money-history.server.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import { testCheckoutForm } from '~/test/checkout-form.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { cancelOrder } from './cancel-order.server.ts';
import { markOrderPaid } from './confirm-payment.server.ts';
import { cancelOrderAction } from './order-actions.server.ts';
import { placeOrder } from './place-order.server.ts';
import { refundableOf, refundPayment } from './refund.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const staff = { actor: { staffId: null, label: 'cli', clientAddress: 'local' }, action: 'order.refund' as const, links: deps.links };

describeEachDatabase('store credit at checkout, on refund and on cancellation', (database) => {
  let ctx: CartContext;
  let region: Region;
  let packs: number[] = [];

  beforeAll(async () => {
    const { db } = database();
    const request = new Request('http://shop.test/');
    ctx = await cartContext(db, request);
    region = await regionForRequest(db, request);
    packs = (
      await queryRows<{ id: number }>(
        db,
        sql`select k.id from product_packs k join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR' where not k.is_free and k.seeds = 3 order by k.id limit 8`,
      )
    ).map((p) => p.id);
    await db
      .update(s.productPacks)
      .set({ stock: 100 })
      .where(sql`${s.productPacks.id} in ${packs}`);
  });

  /** A logged-in customer's cart with one pack, and the total the checkout page showed (tracked parcel to NL). */
  async function customerCart(userId: number, packIndex = 0) {
    const { db } = database();
    const { cartId } = await addToCart(db, null, packs[packIndex]!, 1, ctx);
    await db.update(s.carts).set({ userId }).where(eq(s.carts.id, cartId!));
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const tracked = nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    const free = view.totals.subtotal >= nl.carrier.free_from;
    return { cartId: cartId!, expectedTotal: view.totals.subtotal - view.totals.discount + (free ? 0 : tracked) };
  }

  async function customerWith(balanceMinor: number) {
    const { db } = database();
    const userId = await insertTestUser(db, { emailPrefix: 'tegoed' });
    if (balanceMinor > 0) await db.transaction((tx) => grantCredit(tx, { userId, currency: 'EUR', amountMinor: balanceMinor, kind: 'claim', reason: 'test', sourceKey: `claim:test-${userId}` }));
    return userId;
  }

  const place = (cart: { cartId: string; expectedTotal: number }, over: Partial<CheckoutInput>) =>
    placeOrder(database().db, { cartId: cart.cartId, form: testCheckoutForm('tegoed@example.nl', cart.expectedTotal, over), ctx, region }, deps);

  it('credit pays part: the order keeps the credit, the payment due is the rest, one debit, balance 0', async () => {
    const { db } = database();
    const userId = await customerWith(1000);
    const cart = await customerCart(userId);
    const placed = await place(cart, { useCredit: true, creditBalanceMinor: 1000 });
    const order = (await findOrder(db, placed.number))!;
    expect(order).toMatchObject({ creditMinor: 1000, totalMinor: cart.expectedTotal - 1000, paymentState: 'pending' });
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
    expect(payment!.amountMinor).toBe(cart.expectedTotal - 1000);
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(0);
    const ledger = await creditLedger(db, userId);
    expect(ledger.filter((l) => l.kind === 'checkout').map((l) => [l.amountMinor, l.orderNumber])).toEqual([[-1000, placed.number]]);
    const rows = moneyRows(await orderMoneyHistory(db, order));
    expect(rows[0]).toEqual({ label: 'Betaald met tegoed', value: '€\u00a010,00' });
  });

  it('credit that covers everything: paid at once, no payment to make, the payment mail queued', async () => {
    const { db } = database();
    const userId = await customerWith(100_000);
    const cart = await customerCart(userId, 1);
    const placed = await place(cart, { useCredit: true, creditBalanceMinor: 100_000, paymentMethod: 'online' });
    const order = (await findOrder(db, placed.number))!;
    expect(order).toMatchObject({ creditMinor: cart.expectedTotal, totalMinor: 0, paymentState: 'complete', status: 'processing' });
    expect(placed.redirect).toContain('bedankt=1');
    expect(await db.select().from(s.payments).where(eq(s.payments.orderId, order.id))).toEqual([]);
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(100_000 - cart.expectedTotal);
    const mails = await queryRows<{ template: string }>(db, sql`select payload->>'template' as template from outbox where payload->>'to' = 'tegoed@example.nl' and payload->'data'->>'orderNumber' = ${placed.number}`);
    expect(mails.map((m) => m.template).sort()).toEqual(['order_received', 'payment_received']);
    expect((await orderMoneyHistory(db, order)).state).toBe('paid');
  });

  it('a balance that changed since the page was shown refuses the order as a changed price; nothing booked', async () => {
    const { db } = database();
    const userId = await customerWith(1000);
    const cart = await customerCart(userId, 2);
    const refused = await place(cart, { useCredit: true, creditBalanceMinor: 1500 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CheckoutError);
    expect(refused).toMatchObject({ code: 'price_changed', detail: 'credit' });
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(1000);
    expect((await getCart(db, cart.cartId, ctx)).lines).toHaveLength(1);
    // Not asked for: the balance stays untouched and the whole total is due.
    const placed = await place(cart, {});
    expect((await findOrder(db, placed.number))!.creditMinor).toBe(0);
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(1000);
  });

  it('a guest cannot ask for credit', async () => {
    const { db } = database();
    const { cartId } = await addToCart(db, null, packs[3]!, 1, ctx);
    const cart = { cartId: cartId!, expectedTotal: (await customerCartTotal(cartId!)) };
    await expect(place(cart, { useCredit: true, creditBalanceMinor: 0 })).rejects.toMatchObject({ code: 'tampered' });
  });

  async function customerCartTotal(cartId: string) {
    const view = await getCart(database().db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    return view.totals.subtotal - view.totals.discount + (view.totals.subtotal >= nl.carrier.free_from ? 0 : nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor);
  }

  it('cancelling an order that used credit puts the credit back once, also when cancelled again or by staff', async () => {
    const { db } = database();
    const userId = await customerWith(800);
    const cart = await customerCart(userId, 4);
    const placed = await place(cart, { useCredit: true, creditBalanceMinor: 800 });
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(0);
    await cancelOrder(db, placed.number);
    await cancelOrder(db, placed.number);
    await cancelOrderAction(db, { actor: staff.actor, deps }, placed.number);
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(800);
    const back = (await creditLedger(db, userId)).filter((l) => l.kind === 'cancellation');
    expect(back.map((l) => [l.amountMinor, l.orderNumber])).toEqual([[800, placed.number]]);
    const order = (await findOrder(db, placed.number))!;
    expect(moneyRows(await orderMoneyHistory(db, order)).map((r) => r.label)).toContain(`Tegoed teruggezet op ${new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(order.cancelledAt!)} (bestelling geannuleerd)`);
  });

  it('staff cancel an order paid wholly with credit: the credit goes back and no money refund is attempted', async () => {
    const { db } = database();
    const userId = await customerWith(100_000);
    const cart = await customerCart(userId, 5);
    const placed = await place(cart, { useCredit: true, creditBalanceMinor: 100_000 });
    const r = await cancelOrderAction(db, { actor: staff.actor, deps }, placed.number);
    expect(r).toMatchObject({ done: true, refund: null });
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(100_000);
  });

  it('a refund as credit books a ledger line instead of money out, once per key; a guest order cannot', async () => {
    const { db } = database();
    const userId = await customerWith(0);
    const cart = await customerCart(userId, 6);
    const placed = await place(cart, {});
    await markOrderPaid(db, placed.number, deps.links);
    const input = { orderNumber: placed.number, amountMinor: 1200, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: 'klant wil tegoed', asCredit: true };
    const first = await refundPayment(db, input, deps, new Date(), staff);
    const again = await refundPayment(db, input, deps, new Date(), staff);
    expect(first).toMatchObject({ amountMinor: 1200, state: 'credit', existing: false });
    expect(again).toMatchObject({ existing: true });
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(1200);
    const order = (await findOrder(db, placed.number))!;
    const refunds = await db
      .select({ state: s.refunds.state, amountMinor: s.refunds.amountMinor })
      .from(s.refunds)
      .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
      .where(and(eq(s.payments.orderId, order.id)));
    expect(refunds).toEqual([{ state: 'credit', amountMinor: 1200 }]);
    expect(moneyRows(await orderMoneyHistory(db, order)).some((r) => r.value === '€\u00a012,00 (als tegoed op je account)')).toBe(true);
    const [mail] = await queryRows<{ body: string }>(db, sql`select payload::text as body from outbox where payload->>'template' = 'order_refunded' and payload->'data'->>'orderNumber' = ${placed.number}`);
    expect(mail!.body).toContain('"credit": true');
    // What is left is less by the credit given: a money refund of more than the rest is refused.
    await expect(refundPayment(db, { orderNumber: placed.number, amountMinor: order.totalMinor, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: '' }, deps)).rejects.toMatchObject({ code: 'too_much' });
    // The order page's "Nog terug te betalen" counts every payment that came in, as the refund does: a second
    // transfer of €5 makes the rest €5 more, and all of it can be given back.
    expect(await refundableOf(db, order.id)).toEqual({ leftMinor: order.totalMinor - 1200, currency: 'EUR' });
    await db.insert(s.payments).values({ orderId: order.id, method: 'bank_transfer', provider: 'bank', reference: `extra-${placed.number}`, state: 'complete', amountMinor: 500, currency: 'EUR' });
    const rest = (await refundableOf(db, order.id))!;
    expect(rest.leftMinor).toBe(order.totalMinor - 1200 + 500);
    await refundPayment(db, { orderNumber: placed.number, amountMinor: rest.leftMinor, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: '', asCredit: true }, deps);
    expect(await refundableOf(db, order.id)).toEqual({ leftMinor: 0, currency: 'EUR' });

    const { cartId } = await addToCart(db, null, packs[7]!, 1, ctx);
    const guest = await place({ cartId: cartId!, expectedTotal: await customerCartTotal(cartId!) }, {});
    await markOrderPaid(db, guest.number, deps.links);
    await expect(refundPayment(db, { orderNumber: guest.number, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: '', asCredit: true }, deps)).rejects.toMatchObject({ code: 'no_account' });

    // Nor an account deleted since (its order keeps the id): the credit would lapse at once.
    await db.update(s.users).set({ deletedAt: new Date() }).where(eq(s.users.id, userId));
    await expect(refundPayment(db, { orderNumber: placed.number, amountMinor: 100, idempotencyKey: `staff:${crypto.randomUUID()}`, reason: '', asCredit: true }, deps)).rejects.toMatchObject({ code: 'no_account' });
    expect(await creditBalanceIn(db, userId, 'EUR')).toBe(1200 + rest.leftMinor);
  });
});
