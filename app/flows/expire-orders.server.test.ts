// The payment-deadline job (reminder, then expiry) run by several processes at once: every order is
// reminded once and cancelled once, its stock comes back once, and a payment or a review keeps it open.
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import type { PaymentMethod } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { recordManualPayment } from '~/modules/payments/payments.server.ts';
import { paymentDeadline } from '~/modules/payments/payments.ts';
import { testAddress } from '~/test/test-order.server.ts';
import { MIN_NOTICE_MS, REMINDER_BEFORE_MS, takeStock } from '~/modules/orders/orders.server.ts';
import { markOrderPaid } from './confirm-payment.server.ts';
import { runPaymentDeadlines } from './expire-orders.server.ts';

const DAY = 86_400_000;
const links = { origin: 'https://kiemkracht.test', secret: 'geheim' };
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

describeEachDatabase('payment deadlines job', (ctx) => {
  const db = () => ctx().db;
  let packs: { id: number }[] = [];
  let nextPack = 0;

  async function stockOf(packId: number) {
    const [p] = await db().select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId));
    return p!.stock;
  }

  /** An unpaid order placed at `placedAt` holding `quantity` of a pack no other test uses. */
  async function placeUnpaid(method: PaymentMethod, placedAt: Date, quantity = 2) {
    if (packs.length === 0) packs = await queryRows<{ id: number }>(db(), sql`select id from product_packs where not is_free and stock >= 50 order by id`);
    const pack = packs[nextPack++]!;
    const stockBefore = await stockOf(pack.id);
    const order = await db().transaction(async (tx) => {
      const [o] = await tx
        .insert(s.orders)
        .values({
          number: `KK-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
          idempotencyKey: crypto.randomUUID(),
          email: 'sanne@example.nl',
          regionCode: 'nl',
          currency: 'EUR',
          paymentMethod: method,
          subtotalMinor: 3000 * quantity,
          discountMinor: 0,
          shippingMinor: 0,
          totalMinor: 3000 * quantity,
          carrier: 'tracked_parcel',
          deliveryMinDays: 2,
          deliveryMaxDays: 4,
          shippingAddress: testAddress,
          billingAddress: testAddress,
          createdAt: placedAt,
          expiresAt: paymentDeadline(method, placedAt),
        })
        .returning();
      await tx.insert(s.orderLines).values({ orderId: o!.id, packId: pack.id, productSlug: 'skunk-1', productName: 'Skunk #1', seeds: 3, quantity, unitPriceMinor: 3000 });
      expect((await takeStock(tx, [{ packId: pack.id, quantity }])).short).toEqual([]);
      if (method !== 'online') await recordManualPayment(tx, o!, method);
      return o!;
    });
    return { order, packId: pack.id, stockBefore };
  }

  const orderRow = async (id: number) => (await db().select().from(s.orders).where(eq(s.orders.id, id)))[0]!;
  const mailsFor = async (number: string, template: string) =>
    queryRows<{ payload: { data: { instructions: { kind: string; dueDate: string } | null } } }>(
      db(),
      sql`select payload from outbox where payload->>'template' = ${template} and payload->'data'->>'orderNumber' = ${number}`,
    );
  const fiveAtOnce = (now: Date) => Promise.all(Array.from({ length: 5 }, () => runPaymentDeadlines(db(), links, now)));

  it('one reminder with the instructions and the deadline, also when five processes run the job at once', async () => {
    const t0 = new Date();
    const { order } = await placeUnpaid('bank_transfer', t0);
    // Not yet: more than two days before the deadline.
    await runPaymentDeadlines(db(), links, at(t0, 7 * DAY - REMINDER_BEFORE_MS - 60_000));
    expect((await orderRow(order.id)).reminderSentAt).toBeNull();

    const now = at(t0, 5.5 * DAY);
    const runs = await fiveAtOnce(now);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBeGreaterThanOrEqual(1);
    const after = await orderRow(order.id);
    expect(after.reminderSentAt).toEqual(now);
    expect(after.status).toBe('new');
    // Sent in time: the deadline stays where the customer was told it is.
    expect(after.expiresAt).toEqual(paymentDeadline('bank_transfer', t0));
    const mails = await mailsFor(order.number, 'payment_reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload.data.instructions).toMatchObject({ kind: 'bank_transfer', dueDate: after.expiresAt!.toISOString() });

    // Later runs send nothing again.
    await fiveAtOnce(at(t0, 6 * DAY));
    expect(await mailsFor(order.number, 'payment_reminder')).toHaveLength(1);
  });

  it('after the reminder the deadline cancels the order once, stock back once and one mail, with five processes at once', async () => {
    const t0 = new Date();
    const { order, packId, stockBefore } = await placeUnpaid('cash_by_mail', t0, 3);
    expect(await stockOf(packId)).toBe(stockBefore - 3);
    await runPaymentDeadlines(db(), links, at(t0, 12.5 * DAY));
    expect((await orderRow(order.id)).status).toBe('new');

    await fiveAtOnce(at(t0, 14 * DAY + 60_000));
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: 'cancelled', paymentState: 'failed', stockReserved: false, expiresAt: null });
    expect(await stockOf(packId)).toBe(stockBefore);
    expect(await mailsFor(order.number, 'order_expired')).toHaveLength(1);
    const [payment] = await db().select().from(s.payments).where(eq(s.payments.orderId, order.id));
    expect(payment!.state).toBe('failed');

    await fiveAtOnce(at(t0, 20 * DAY));
    expect(await stockOf(packId)).toBe(stockBefore);
    expect(await mailsFor(order.number, 'order_expired')).toHaveLength(1);
  });

  it('no cancellation without a reminder: a reminder sent late moves the deadline so the customer still gets a day', async () => {
    const t0 = new Date();
    const { order, packId, stockBefore } = await placeUnpaid('bank_transfer', t0);
    // The server was down through the whole reminder window: the first run is after the deadline.
    const late = at(t0, 8 * DAY);
    const runs = await fiveAtOnce(late);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBeGreaterThanOrEqual(1);
    const reminded = await orderRow(order.id);
    expect(reminded.status).toBe('new');
    expect(reminded.expiresAt).toEqual(at(late, MIN_NOTICE_MS));
    expect(await mailsFor(order.number, 'payment_reminder')).toHaveLength(1);
    expect(await stockOf(packId)).toBe(stockBefore - 2);

    await runPaymentDeadlines(db(), links, at(late, MIN_NOTICE_MS - 60_000));
    expect((await orderRow(order.id)).status).toBe('new');
    await runPaymentDeadlines(db(), links, at(late, MIN_NOTICE_MS));
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(packId)).toBe(stockBefore);
  });

  it('an order paid between reminder and deadline is not cancelled', async () => {
    const t0 = new Date();
    const { order, packId, stockBefore } = await placeUnpaid('bank_transfer', t0);
    await runPaymentDeadlines(db(), links, at(t0, 5.5 * DAY));
    expect(await mailsFor(order.number, 'payment_reminder')).toHaveLength(1);
    expect(await markOrderPaid(db(), order.number, links, at(t0, 6 * DAY))).toBe(true);
    await fiveAtOnce(at(t0, 8 * DAY));
    expect(await orderRow(order.id)).toMatchObject({ status: 'processing', paymentState: 'complete', expiresAt: null });
    expect(await stockOf(packId)).toBe(stockBefore - 2);
    expect(await mailsFor(order.number, 'order_expired')).toHaveLength(0);
  });

  it('a payment waiting for review keeps the order open: no reminder, no cancellation', async () => {
    const t0 = new Date();
    const { order, packId, stockBefore } = await placeUnpaid('bank_transfer', t0);
    await db()
      .update(s.payments)
      .set({ state: 'needs_review', receivedAmountMinor: 100, receivedCurrency: 'EUR' })
      .where(and(eq(s.payments.orderId, order.id)));
    await fiveAtOnce(at(t0, 5.5 * DAY));
    await fiveAtOnce(at(t0, 30 * DAY));
    expect(await orderRow(order.id)).toMatchObject({ status: 'new', reminderSentAt: null });
    expect(await stockOf(packId)).toBe(stockBefore - 2);
    expect(await mailsFor(order.number, 'payment_reminder')).toHaveLength(0);
  });

  it('an online order left at the payment page expires at its deadline without a reminder', async () => {
    const t0 = new Date();
    const { order, packId, stockBefore } = await placeUnpaid('online', t0);
    await fiveAtOnce(at(t0, DAY - 60_000));
    expect(await orderRow(order.id)).toMatchObject({ status: 'new', reminderSentAt: null });
    await fiveAtOnce(at(t0, DAY + 60_000));
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(packId)).toBe(stockBefore);
    expect(await mailsFor(order.number, 'payment_reminder')).toHaveLength(0);
    expect(await mailsFor(order.number, 'order_expired')).toHaveLength(1);
  });

  it('nothing due: the job answers without claiming anything', async () => {
    // Far in the past nothing is due (every deadline lies after it).
    expect(await runPaymentDeadlines(db(), links, new Date('2000-01-01T00:00:00Z'))).toEqual({ reminded: 0, expired: 0 });
  });
});
