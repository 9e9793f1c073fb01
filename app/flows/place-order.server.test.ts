import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { addToCart, applyCoupon, type CartContext, cartContext, getCart } from '~/modules/cart/cart.server.ts';
import { shipParcel } from './order-actions.server.ts';
import { staffOrderAction } from './staff-orders.server.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { findOrderForPage, orderPage } from '~/flows/order-view.server.ts';
import { type PaymentDeps, paymentsNeedingReview } from '~/modules/payments/payments.server.ts';
import { sandboxProvider } from '~/modules/payments/providers/sandbox.server.ts';
import { signPayload } from '~/modules/payments/providers/provider.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { startFakeMollie } from '../../tests/fakes/mollie.ts';
import { CheckoutError } from '~/modules/checkout/checkout.server.ts';
import type { CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { cancelOrder } from './cancel-order.server.ts';
import { markOrderPaid, handleWebhook } from './confirm-payment.server.ts';
import { runPaymentDeadlines } from './expire-orders.server.ts';
import { refundPayment } from './refund.server.ts';
import { retryPayment } from './start-payment.server.ts';
import { placeOrder } from './place-order.server.ts';

/** The order page's view of an order, read as the pages read it. */
const orderView = async (db: Parameters<typeof findOrderForPage>[0], order: { number: string }) => (await orderPage(db, (await findOrderForPage(db, order.number))!)).view;

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const cli = { staffId: null, label: 'cli', clientAddress: 'local' };
const sandbox = sandboxProvider(deps.webhookSecret);
const address = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  phone: '+31 6 12345678',
  line1: 'Keizersgracht 1',
  line2: '',
  city: 'Amsterdam',
  postalCode: '1015 CJ',
  country: 'NL',
  state: '',
};

describeEachDatabase('checkout', (database) => {
  let ctx: CartContext;
  let region: Region;
  // Packs of distinct strains (10-seed packs excluded so the seed limit never interferes).
  let packs: { id: number; price: number }[] = [];

  beforeAll(async () => {
    const { db } = database();
    const request = new Request('http://shop.test/');
    ctx = await cartContext(db, request);
    region = await regionForRequest(db, request);
    packs = await queryRows<{ id: number; price: number }>(
      db,
      sql`select k.id, pp.price_minor as price from product_packs k join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR'
          where not k.is_free and k.seeds = 3 order by k.id limit 16`,
    );
    await db
      .update(s.productPacks)
      .set({ stock: 50 })
      .where(sql`${s.productPacks.id} in ${packs.map((p) => p.id)}`);
  });

  const form = (over: Partial<CheckoutInput> = {}): CheckoutInput => ({
    email: 'sanne@example.com',
    shipping: address,
    billingSame: true,
    billing: address,
    shippingMethod: 'tracked_parcel',
    paymentMethod: 'bank_transfer',
    expectedTotal: 0,
    currency: 'EUR',
    region: 'nl',
    idempotencyKey: crypto.randomUUID(),
    ...over,
  });

  /** A cart with the given packs and the form total the customer would have seen for tracked shipping. */
  async function cartWith(items: { packId: number; quantity?: number }[], coupon?: string) {
    const { db } = database();
    let cartId: string | null = null;
    for (const it of items) cartId = (await addToCart(db, cartId, it.packId, it.quantity ?? 1, ctx)).cartId;
    if (coupon) await applyCoupon(db, cartId, coupon, ctx);
    const view = await getCart(db, cartId, ctx);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const tracked = nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    const afterDiscount = view.totals.subtotal - view.totals.discount;
    const free = view.coupon?.code === 'GRATISVERZENDING' || view.totals.subtotal >= nl.carrier.free_from;
    return { cartId: cartId!, expectedTotal: afterDiscount + (free ? 0 : tracked) };
  }

  async function stockOf(packId: number) {
    const [p] = await database().db.select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId));
    return p!.stock;
  }

  it('places an order: totals from the database, stock taken, cart emptied, mail queued', async () => {
    const { db } = database();
    const [a, b] = [packs[0]!, packs[1]!];
    const before = [await stockOf(a.id), await stockOf(b.id)];
    const cart = await cartWith([{ packId: a.id, quantity: 2 }, { packId: b.id }], 'WELKOM10');
    const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal }), ctx, region }, deps);
    expect(placed.number).toMatch(/^KK-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(placed.redirect).toContain('bedankt=1');
    const order = (await findOrder(db, placed.number))!;
    expect(order.subtotalMinor).toBe(a.price * 2 + b.price);
    expect(order.discountMinor).toBe(Math.floor(((a.price * 2 + b.price) * 10) / 100));
    expect(order.totalMinor).toBe(cart.expectedTotal);
    expect(order.couponCode).toBe('WELKOM10');
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([before[0]! - 2, before[1]! - 1]);
    expect((await getCart(db, cart.cartId, ctx)).lines).toEqual([]);
    const view = await orderView(db, order);
    expect(view.instructions).toMatchObject({ kind: 'bank_transfer', reference: placed.number, amount: order.totalMinor });
    expect(view.shipments[0]!.timeline.map((t) => t.done)).toEqual([true, false, false]);
    const mails = await db
      .select()
      .from(s.outbox)
      .where(sql`${s.outbox.payload}->'data'->>'orderNumber' = ${placed.number}`);
    expect(mails.map((m) => (m.payload as { template: string }).template)).toEqual(['order_received']);
  });

  it('another shipping method picked without JavaScript is the shopper choice, not a price change', async () => {
    const { db } = database();
    const cart = await cartWith([{ packId: packs[3]!.id }]);
    const nl = region.countries.find((c) => c.iso === 'NL')!;
    const post = nl.rates.find((r) => r.carrier === 'regular_post')!.priceMinor;
    const tracked = nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
    expect(post).not.toBe(tracked);
    // The page showed the tracked-parcel total; the shopper chose regular post.
    const shown = { expectedTotal: cart.expectedTotal, quotedFor: 'NL:tracked_parcel' };
    // A price that changed since is still caught, whatever the page quoted for.
    await expect(placeOrder(db, { cartId: cart.cartId, form: form({ ...shown, expectedTotal: cart.expectedTotal + 1, shippingMethod: 'regular_post' }), ctx, region }, deps)).rejects.toMatchObject({
      code: 'price_changed',
    });
    await expect(placeOrder(db, { cartId: cart.cartId, form: form({ ...shown, quotedFor: 'NL:unknown', shippingMethod: 'regular_post' }), ctx, region }, deps)).rejects.toMatchObject({
      code: 'price_changed',
    });
    const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ ...shown, shippingMethod: 'regular_post' }), ctx, region }, deps);
    const order = (await findOrder(db, placed.number))!;
    expect(order.totalMinor).toBe(cart.expectedTotal - tracked + post);
  });

  it('refuses a tampered total, currency or region, and a country outside the region', async () => {
    const { db } = database();
    const cart = await cartWith([{ packId: packs[2]!.id }]);
    const attempt = (over: Partial<CheckoutInput>) =>
      placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal, ...over }), ctx, region }, deps);
    await expect(attempt({ expectedTotal: 1 })).rejects.toMatchObject({ code: 'price_changed' });
    await expect(attempt({ currency: 'USD' })).rejects.toMatchObject({ code: 'tampered' });
    await expect(attempt({ region: 'us' })).rejects.toMatchObject({ code: 'tampered' });
    await expect(attempt({ shipping: { ...address, country: 'US' } })).rejects.toMatchObject({ code: 'country_not_allowed', field: 'shipping.country' });
    // Nothing was saved by the refusals: the cart still holds its line.
    expect((await getCart(db, cart.cartId, ctx)).lines).toHaveLength(1);
  });

  it('is idempotent: the same key twice (also at once) gives one order', async () => {
    const { db } = database();
    const cart = await cartWith([{ packId: packs[3]!.id }]);
    const f = form({ expectedTotal: cart.expectedTotal });
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => placeOrder(db, { cartId: cart.cartId, form: f, ctx, region }, deps)));
    const numbers = new Set(results.map((r) => (r.status === 'fulfilled' ? r.value.number : String(r.reason))));
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toMatch(/^KK-/);
    const again = await placeOrder(db, { cartId: cart.cartId, form: f, ctx, region }, deps);
    expect(again.existing).toBe(true);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from orders where idempotency_key = ${f.idempotencyKey}`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('50 concurrent checkouts of a pack with stock 1 make exactly one order', async () => {
    const { db } = database();
    const pack = packs[4]!;
    const carts = [];
    for (let i = 0; i < 50; i++) carts.push(await cartWith([{ packId: pack.id }]));
    await db.update(s.productPacks).set({ stock: 1 }).where(eq(s.productPacks.id, pack.id));
    const results = await Promise.allSettled(
      carts.map((c, i) =>
        placeOrder(db, { cartId: c.cartId, form: form({ expectedTotal: c.expectedTotal, email: `koper${i}@example.com` }), ctx, region }, deps),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(refused.every((r) => r.reason instanceof CheckoutError && r.reason.code === 'out_of_stock')).toBe(true);
    expect(await stockOf(pack.id)).toBe(0);
  });

  it('a single-use code is redeemed once by 20 concurrent orders', async () => {
    const { db } = database();
    await db.insert(s.coupons).values({ code: 'EENMALIG-TEST', kind: 'fixed', amounts: { EUR: 500 }, usageLimit: 1 });
    const carts = [];
    for (let i = 0; i < 20; i++) carts.push(await cartWith([{ packId: packs[5 + (i % 5)]!.id }], 'EENMALIG-TEST'));
    const results = await Promise.allSettled(
      carts.map((c, i) =>
        placeOrder(db, { cartId: c.cartId, form: form({ expectedTotal: c.expectedTotal, email: `actie${i}@example.com` }), ctx, region }, deps),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'coupon' });
    const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, 'EENMALIG-TEST'));
    expect(coupon!.usedCount).toBe(1);
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coupon_redemptions where coupon_code = 'EENMALIG-TEST'`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('keeps a per-customer limit: WELKOM10 once per e-mail address', async () => {
    const { db } = database();
    const first = await cartWith([{ packId: packs[10]!.id }], 'WELKOM10');
    await placeOrder(db, { cartId: first.cartId, form: form({ expectedTotal: first.expectedTotal, email: 'eenmaal@example.com' }), ctx, region }, deps);
    const second = await cartWith([{ packId: packs[10]!.id }], 'WELKOM10');
    await expect(
      placeOrder(db, { cartId: second.cartId, form: form({ expectedTotal: second.expectedTotal, email: 'EENMAAL@example.com' }), ctx, region }, deps),
    ).rejects.toMatchObject({ code: 'coupon' });
  });

  it('the per-customer limit holds under concurrency: 10 carts of one address with WELKOM10 at once make one order', async () => {
    const { db } = database();
    const carts = [];
    for (let i = 0; i < 10; i++) carts.push(await cartWith([{ packId: packs[11 + (i % 3)]!.id }], 'WELKOM10'));
    const results = await Promise.allSettled(
      carts.map((c) => placeOrder(db, { cartId: c.cartId, form: form({ expectedTotal: c.expectedTotal, email: 'tegelijk@example.com' }), ctx, region }, deps)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'coupon' });
    const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coupon_redemptions where coupon_code = 'WELKOM10' and email = 'tegelijk@example.com'`)) as [
      { n: number },
    ];
    expect(n).toBe(1);
  });

  it('an order belongs to the logged-in buyer, else to the account that has confirmed its e-mail address', async () => {
    const { db } = database();
    const tag = crypto.randomUUID().slice(0, 8);
    const user = async (email: string, verified: boolean) =>
      (
        await db
          .insert(s.users)
          .values({ email, name: 'Sanne de Vries', dateOfBirth: '1990-04-12', passwordHash: 'x', emailVerifiedAt: verified ? new Date() : null })
          .returning({ id: s.users.id })
      )[0]!.id;
    const buyer = await user(`koper.${tag}@example.com`, true);
    const owner = await user(`eigenaar.${tag}@example.com`, true);
    await user(`onbevestigd.${tag}@example.com`, false);
    const ownerOf = async (email: string, loggedIn: number | null) => {
      const cart = await cartWith([{ packId: packs[13]!.id }]);
      if (loggedIn !== null) await db.update(s.carts).set({ userId: loggedIn }).where(eq(s.carts.id, cart.cartId));
      const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ email, expectedTotal: cart.expectedTotal }), ctx, region }, deps);
      return (await findOrder(db, placed.number))!.userId;
    };
    expect(await ownerOf(`iemand.${tag}@example.com`, buyer), 'logged in, whatever address the form carries').toBe(buyer);
    expect(await ownerOf(`Eigenaar.${tag}@example.com`, null), "a guest with a confirmed account's address").toBe(owner);
    expect(await ownerOf(`onbevestigd.${tag}@example.com`, null), "an unconfirmed account's address").toBeNull();
    expect(await ownerOf(`niemand.${tag}@example.com`, null), 'no account').toBeNull();
  });

  describe('payments and the order lifecycle', () => {
    async function onlineOrder(packId: number) {
      const { db } = database();
      const cart = await cartWith([{ packId }]);
      const placed = await placeOrder(
        db,
        { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal, paymentMethod: 'online' }), ctx, region },
        deps,
      );
      expect(placed.redirect).toMatch(/^\/betalen\/sandbox\/sbx_/);
      const reference = placed.redirect.split('/')[3]!.split('?')[0]!;
      const order = (await findOrder(db, placed.number))!;
      return { number: placed.number, reference, amount: { minor: order.totalMinor, currency: order.currency } };
    }
    /** A provider's event for a payment attempt, for the order's own amount unless told otherwise. */
    const deliver = async (reference: string, type: Parameters<typeof sandbox.signedEvent>[1], amount?: { minor: number; currency: string }) => {
      const { db } = database();
      const [row] = await db.select().from(s.payments).where(eq(s.payments.reference, reference));
      const e = sandbox.signedEvent(reference, type, amount ?? { minor: row!.amountMinor, currency: row!.currency });
      return handleWebhook(db, 'sandbox', e.body, e.headers, deps);
    };

    it('without an online provider "online" is refused, on checkout and on a retry', async () => {
      const { db } = database();
      const production: PaymentDeps = { ...deps, config: { sandbox: false } };
      const cart = await cartWith([{ packId: packs[12]!.id }]);
      const attempt = placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal, paymentMethod: 'online' }), ctx, region }, production);
      await expect(attempt).rejects.toMatchObject({ code: 'payment_method', field: 'paymentMethod' });
      expect((await getCart(db, cart.cartId, ctx)).lines).toHaveLength(1);
      const { number, reference } = await onlineOrder(packs[12]!.id);
      await deliver(reference, 'payment.failed');
      await expect(retryPayment(db, number, 'online', production, '/order-status')).rejects.toMatchObject({ code: 'payment_method' });
      expect((await findOrder(db, number))!.paymentState).toBe('failed');
      // A sandbox event is not even verified when the sandbox is off.
      const e = sandbox.signedEvent(reference, 'payment.paid');
      expect(await handleWebhook(db, 'sandbox', e.body, e.headers, production)).toEqual({ status: 400, outcome: 'invalid' });
    });

    it('a confirmation for another amount or currency, or none, is kept for review and never marks the order paid', async () => {
      const { db } = database();
      const cases = [
        () => ({ minor: 1, currency: 'USD' }),
        (a: { minor: number; currency: string }) => ({ minor: a.minor - 1, currency: a.currency }),
        (a: { minor: number; currency: string }) => ({ minor: a.minor, currency: a.currency === 'EUR' ? 'USD' : 'EUR' }),
        (a: { minor: number; currency: string }) => ({ minor: a.minor + 100, currency: a.currency }),
      ];
      for (const wrong of cases) {
        const { number, reference, amount } = await onlineOrder(packs[10]!.id);
        const paid = wrong(amount);
        expect((await deliver(reference, 'payment.paid', paid)).outcome).toBe('needs_review');
        const order = (await findOrder(db, number))!;
        expect(order.paymentState).toBe('pending');
        expect(order.status).toBe('new');
        const [payment] = await db.select().from(s.payments).where(eq(s.payments.reference, reference));
        expect(payment).toMatchObject({ state: 'needs_review', receivedAmountMinor: paid.minor, receivedCurrency: paid.currency });
        // A later "paid" for the right amount on the same attempt does not quietly settle it: staff decide.
        expect((await deliver(reference, 'payment.paid')).outcome).toBe('applied');
        expect((await findOrder(db, number))!.paymentState).toBe('pending');
      }
      // An event without any amount cannot be compared: the same.
      const { number, reference } = await onlineOrder(packs[10]!.id);
      const bare = sandbox.signedEvent(reference, 'payment.paid');
      expect((await handleWebhook(db, 'sandbox', bare.body, bare.headers, deps)).outcome).toBe('needs_review');
      expect((await findOrder(db, number))!.paymentState).toBe('pending');
      const review = await paymentsNeedingReview(db);
      expect(review.map((r) => r.orderNumber)).toContain(number);
    });

    describe('Mollie (against a local fake of its API)', () => {
      let mollie: Awaited<ReturnType<typeof startFakeMollie>>;
      let mollieDeps: PaymentDeps;
      beforeAll(async () => {
        mollie = await startFakeMollie();
        mollieDeps = { ...deps, config: { sandbox: false, mollie: { apiKey: mollie.apiKey, apiEndpoint: mollie.url } } };
      });
      afterAll(() => mollie.close());

      async function mollieOrder(packId = packs[14]!.id) {
        const { db } = database();
        const cart = await cartWith([{ packId }]);
        const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal, paymentMethod: 'online' }), ctx, region }, mollieDeps);
        const order = (await findOrder(db, placed.number))!;
        const [payment] = await db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
        return { number: placed.number, redirect: placed.redirect, id: payment!.reference, payment: payment!, order };
      }
      // Mollie's webhook: a form post with only the payment id; the shop asks Mollie what happened.
      const hook = (id: string) => handleWebhook(database().db, 'mollie', new URLSearchParams({ id }).toString(), new Headers(), mollieDeps);

      it('opens a Mollie payment for the order total and sends the customer to its checkout', async () => {
        const { redirect, id, payment, order } = await mollieOrder();
        expect(payment).toMatchObject({ provider: 'mollie', method: 'online', amountMinor: order.totalMinor, currency: 'EUR' });
        expect(redirect).toBe(`${mollie.url.replace(/\/v2\/$/, '')}/checkout/${id}`);
        const at = mollie.payments.get(id)!;
        expect(at.amount).toEqual({ currency: 'EUR', value: (order.totalMinor / 100).toFixed(2) });
        expect(at.webhookUrl).toBe('http://shop.test/api/betalingen/mollie/webhook');
        expect(at.redirectUrl).toMatch(/^http:\/\/shop\.test\/order-status\?/);
      });

      it('paid: the order is paid once, even when the same webhook arrives five times at once', async () => {
        const { db } = database();
        const { number, id } = await mollieOrder();
        mollie.setStatus(id, 'paid');
        const results = await Promise.all([0, 1, 2, 3, 4].map(() => hook(id)));
        expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(1);
        expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(4);
        expect((await findOrder(db, number))!.paymentState).toBe('complete');
        const [{ n }] = (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from payment_events where provider = 'mollie' and event_id like ${`${id}:%`}`)) as [{ n: number }];
        expect(n).toBe(1);
      });

      for (const status of ['failed', 'expired', 'canceled'] as const) {
        it(`${status}: the payment fails and the stock comes back; an open payment is only processing`, async () => {
          const { db } = database();
          const { number, id } = await mollieOrder();
          expect((await hook(id)).outcome).toBe('applied');
          expect((await findOrder(db, number))!.paymentState).toBe('processing');
          mollie.setStatus(id, status);
          expect((await hook(id)).outcome).toBe('applied');
          expect((await findOrder(db, number))!.paymentState).toBe('failed');
        });
      }

      it('a webhook for an unknown or malformed id changes nothing', async () => {
        expect(await hook('tr_onbekend1234')).toEqual({ status: 400, outcome: 'invalid' });
        expect(await hook('../../v2/payments')).toEqual({ status: 400, outcome: 'invalid' });
        // Known to Mollie but not a payment of this shop.
        const other = await fetch(`${mollie.url}payments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${mollie.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: { currency: 'EUR', value: '1.00' }, description: 'x', redirectUrl: 'http://x' }),
        }).then((r) => r.json() as Promise<{ id: string }>);
        mollie.setStatus(other.id, 'paid');
        expect((await hook(other.id)).outcome).toBe('unknown_payment');
      });

      it('refunds: partial and full, idempotent by key, never above what was paid, also when asked at once', async () => {
        const { db } = database();
        const { number, id, order } = await mollieOrder();
        mollie.setStatus(id, 'paid');
        await hook(id);
        await expect(refundPayment(db, { orderNumber: number, amountMinor: order.totalMinor + 1, idempotencyKey: `te-veel-${id}`, reason: 'test' }, mollieDeps)).rejects.toMatchObject({ code: 'too_much' });
        const part = await refundPayment(db, { orderNumber: number, amountMinor: 500, idempotencyKey: `deel-${id}`, reason: 'test' }, mollieDeps);
        expect(part).toMatchObject({ amountMinor: 500, state: 'refunded', provider: 'mollie', existing: false });
        expect(await refundPayment(db, { orderNumber: number, amountMinor: 500, idempotencyKey: `deel-${id}`, reason: 'test' }, mollieDeps)).toMatchObject({ existing: true });
        expect(mollie.payments.get(id)!.refunds.map((r) => r.amount.value)).toEqual(['5.00']);
        // Five refunds of 40% at once: only what is left is given back.
        const share = Math.floor((order.totalMinor - 500) * 0.4);
        const results = await Promise.allSettled([0, 1, 2, 3, 4].map((i) => refundPayment(db, { orderNumber: number, amountMinor: share, idempotencyKey: `tegelijk-${i}-${id}`, reason: 'test' }, mollieDeps)));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'too_much' });
        const rest = await refundPayment(db, { orderNumber: number, idempotencyKey: `rest-${id}`, reason: 'test' }, mollieDeps);
        expect(rest.amountMinor).toBe(order.totalMinor - 500 - 2 * share);
        const refunded = mollie.payments.get(id)!.refunds.reduce((n, r) => n + Math.round(Number(r.amount.value) * 100), 0);
        expect(refunded).toBe(order.totalMinor);
        await expect(refundPayment(db, { orderNumber: number, amountMinor: 1, idempotencyKey: `nog-${id}`, reason: 'test' }, mollieDeps)).rejects.toMatchObject({ code: 'too_much' });
      });

      it('cancelling a paid order refunds it once; bank transfer refunds are recorded as manual', async () => {
        const { db } = database();
        const { number, id, order } = await mollieOrder();
        mollie.setStatus(id, 'paid');
        await hook(id);
        const first = await staffOrderAction(db, { number, action: 'cancel' }, mollieDeps, cli);
        expect(first.message).toContain('terugbetaald via mollie');
        await staffOrderAction(db, { number, action: 'cancel' }, mollieDeps, cli);
        expect(mollie.payments.get(id)!.refunds.map((r) => Math.round(Number(r.amount.value) * 100))).toEqual([order.totalMinor]);

        const cart = await cartWith([{ packId: packs[14]!.id }]);
        const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal }), ctx, region }, mollieDeps);
        await expect(refundPayment(db, { orderNumber: placed.number, idempotencyKey: `onbetaald-${placed.number}`, reason: 'test' }, mollieDeps)).rejects.toMatchObject({ code: 'not_paid' });
        await markOrderPaid(db, placed.number, deps.links);
        const manual = await staffOrderAction(db, { number: placed.number, action: 'cancel' }, mollieDeps, cli);
        expect(manual.message).toContain('zelf terug');
        const rows = await queryRows<{ state: string; amount_minor: number }>(
          db,
          sql`select r.state, r.amount_minor from refunds r join payments p on p.id = r.payment_id join orders o on o.id = p.order_id where o.number = ${placed.number}`,
        );
        expect(rows).toEqual([{ state: 'manual', amount_minor: (await findOrder(db, placed.number))!.totalMinor }]);
      });

      it('a payment Mollie reports for another amount or currency is kept for review, never paid', async () => {
        const { db } = database();
        const { number, id } = await mollieOrder();
        mollie.setStatus(id, 'paid');
        mollie.setAmount(id, { currency: 'USD', value: '0.01' });
        expect((await hook(id)).outcome).toBe('needs_review');
        expect((await findOrder(db, number))!.paymentState).toBe('pending');
        expect((await paymentsNeedingReview(db)).find((r) => r.orderNumber === number)).toMatchObject({ receivedMinor: 1, receivedCurrency: 'USD' });
      });
    });

    it('verifies the webhook signature and timestamp and applies each event once', async () => {
      const { db } = database();
      const { number, reference } = await onlineOrder(packs[11]!.id);
      const [row] = await db.select().from(s.payments).where(eq(s.payments.reference, reference));
      const event = sandbox.signedEvent(reference, 'payment.paid', { minor: row!.amountMinor, currency: row!.currency });
      const forged = new Headers(event.headers);
      forged.set('kk-signature', signPayload('wrong-secret', event.body, Math.floor(Date.now() / 1000)));
      expect((await handleWebhook(db, 'sandbox', event.body, forged, deps)).status).toBe(400);
      const old = new Headers(event.headers);
      const stale = Math.floor(Date.now() / 1000) - 301;
      old.set('kk-signature', signPayload(deps.webhookSecret, event.body, stale));
      expect((await handleWebhook(db, 'sandbox', event.body, old, deps)).status).toBe(400);
      expect((await handleWebhook(db, 'sandbox', event.body.replace('paid', 'failed'), event.headers, deps)).status).toBe(400);
      // The same delivery five times at once: applied once.
      const results = await Promise.all([0, 1, 2, 3, 4].map(() => handleWebhook(db, 'sandbox', event.body, event.headers, deps)));
      expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(4);
      const order = (await findOrder(db, number))!;
      expect(order.paymentState).toBe('complete');
      expect(order.status).toBe('processing');
      const mails = await db
        .select()
        .from(s.outbox)
        .where(sql`${s.outbox.payload}->'data'->>'orderNumber' = ${number}`);
      expect(mails.map((m) => (m.payload as { template: string }).template).sort()).toEqual(['order_received', 'payment_received']);
    });

    it('a failed payment releases the stock; a retry takes it again and can succeed', async () => {
      const { db } = database();
      const pack = packs[0]!;
      const before = await stockOf(pack.id);
      const { number, reference } = await onlineOrder(pack.id);
      expect(await stockOf(pack.id)).toBe(before - 1);
      expect((await deliver(reference, 'payment.failed')).outcome).toBe('applied');
      let order = (await findOrder(db, number))!;
      expect(order.paymentState).toBe('failed');
      expect(await stockOf(pack.id)).toBe(before);
      expect((await orderView(db, order)).canRetryPayment).toBe(true);
      const redirect = await retryPayment(db, number, 'online', deps, '/order-status');
      expect(await stockOf(pack.id)).toBe(before - 1);
      const retryRef = redirect!.split('/')[3]!.split('?')[0]!;
      await deliver(retryRef, 'payment.paid');
      order = (await findOrder(db, number))!;
      expect(order.paymentState).toBe('complete');
      // A late failure of the first attempt changes nothing now.
      await deliver(reference, 'payment.failed');
      expect((await findOrder(db, number))!.paymentState).toBe('complete');
      expect(await stockOf(pack.id)).toBe(before - 1);
    });

    it('staff: paid, ship with tracking, and the timeline; cancel releases stock once', async () => {
      const { db } = database();
      const cart = await cartWith([{ packId: packs[1]!.id }]);
      const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal }), ctx, region }, deps);
      const ship = (tracking: string) =>
        shipParcel(db, { actor: cli, deps }, placed.number, { key: crypto.randomUUID(), carrier: 'tracked_parcel', trackingCode: tracking, trackingUrl: null, lines: 'rest' });
      await expect(ship('3SABCD1234567')).rejects.toMatchObject({ code: 'not_paid' });
      expect(await markOrderPaid(db, placed.number, deps.links)).toBe(true);
      expect(await markOrderPaid(db, placed.number, deps.links)).toBe(false);
      await ship('3sabcd1234567');
      const view = await orderView(db, (await findOrder(db, placed.number))!);
      expect(view.status).toBe('shipped');
      expect(view.shipments[0]).toMatchObject({ status: 'shipped', trackingCode: '3SABCD1234567' });
      expect(view.shipments[0]!.trackingUrl).toContain('3SABCD1234567');
      expect(view.shipments[0]!.timeline.every((t) => t.done)).toBe(true);
      expect(view.shipments[0]!.estimatedDelivery).not.toBeNull();
      await expect(cancelOrder(db, placed.number)).rejects.toMatchObject({ code: 'already_shipped' });

      const pack = packs[2]!;
      const before = await stockOf(pack.id);
      const c2 = await cartWith([{ packId: pack.id, quantity: 3 }]);
      const p2 = await placeOrder(db, { cartId: c2.cartId, form: form({ expectedTotal: c2.expectedTotal }), ctx, region }, deps);
      await Promise.all([cancelOrder(db, p2.number), cancelOrder(db, p2.number)]);
      expect(await stockOf(pack.id)).toBe(before);
      await expect(markOrderPaid(db, p2.number, deps.links)).rejects.toMatchObject({ code: 'cancelled' });
    });

    it('an unpaid bank transfer is reminded, expires after 7 days and gives its stock back', async () => {
      const { db } = database();
      // A pack no other test orders: expiring at "eight days" also cancels their pending orders.
      const pack = packs[15]!;
      const before = await stockOf(pack.id);
      const cart = await cartWith([{ packId: pack.id, quantity: 2 }]);
      const placed = await placeOrder(db, { cartId: cart.cartId, form: form({ expectedTotal: cart.expectedTotal }), ctx, region }, deps);
      expect(await stockOf(pack.id)).toBe(before - 2);
      const sixDays = new Date(Date.now() + 6 * 86_400_000);
      // Other tests' orders may fall due earlier: this one must not (it gets its reminder now).
      await runPaymentDeadlines(db, deps.links, sixDays);
      expect((await findOrder(db, placed.number))!.reminderSentAt).not.toBeNull();
      expect((await findOrder(db, placed.number))!.status).toBe('new');
      expect(await stockOf(pack.id)).toBe(before - 2);
      const eightDays = new Date(Date.now() + 8 * 86_400_000);
      expect((await runPaymentDeadlines(db, deps.links, eightDays)).expired).toBeGreaterThanOrEqual(1);
      const order = (await findOrder(db, placed.number))!;
      expect(order.status).toBe('cancelled');
      expect(await stockOf(pack.id)).toBe(before);
    });
  });
});
