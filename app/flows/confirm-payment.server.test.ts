import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { findOrderForPage, orderPage } from '~/flows/order-view.server.ts';
import { type PaymentDeps } from '~/modules/payments/payments.server.ts';
import { ReceiptError } from '~/modules/payments/receipts.server.ts';
import { runPaymentDeadlines } from './expire-orders.server.ts';
import { refundPayment } from './refund.server.ts';
import { recordPaymentReceived } from './confirm-payment.server.ts';

/** The order page's view of an order, read as the pages read it. */
const orderView = async (db: Parameters<typeof findOrderForPage>[0], order: { number: string }) => (await orderPage(db, (await findOrderForPage(db, order.number))!)).view;

const links = { origin: 'https://kiemkracht.test', secret: 'test-secret' };
const actor = { staffId: null, label: 'test', clientAddress: null };

describeEachDatabase('payments received', (ctx) => {
  const db = () => ctx().db;
  const tag = crypto.randomBytes(3).toString('hex');
  let n = 0;
  const openOrder = async () => {
    const o = await insertTestOrder(db(), { email: `ontvangst.${tag}.${++n}@example.nl`, status: 'new' });
    // The request the checkout records for a bank transfer: open, for the whole amount.
    await db().insert(s.payments).values({ orderId: o.id, method: 'bank_transfer', provider: 'manual', reference: o.number, amountMinor: 3500, currency: 'EUR' });
    return o;
  };
  const mails = async (number: string) =>
    (await db().select().from(s.outbox).where(sql`${s.outbox.payload}->'data'->>'orderNumber' = ${number} and ${s.outbox.payload}->>'template' = 'payment_received'`)).length;
  const orderRow = async (id: number) => (await db().select().from(s.orders).where(eq(s.orders.id, id)))[0]!;
  const receive = (number: string, amountMinor: number, key = crypto.randomUUID(), over: Partial<Parameters<typeof recordPaymentReceived>[2]> = {}) =>
    recordPaymentReceived(db(), actor, { orderNumber: number, amountMinor, currency: 'EUR', source: 'staff', key, ...over }, links);

  it('a partial amount leaves the order partly paid; the rest makes it paid once, with one mail and an audit entry each', async () => {
    const o = await openOrder();
    const first = await receive(o.number, 1000, undefined, { payer: 'S. de Vries', note: 'Eerste deel' });
    expect(first).toMatchObject({ outcome: 'recorded', state: 'complete', paid: false, receivedMinor: 1000, dueMinor: 2500, overMinor: 0 });
    expect((await orderRow(o.id)).paymentState).toBe('pending');
    // The customer hears what came in and what is still due, with the details for the rest.
    const partial = await db().select().from(s.outbox).where(sql`${s.outbox.payload}->'data'->>'orderNumber' = ${o.number} and ${s.outbox.payload}->>'template' = 'payment_partial'`);
    expect(partial.map((m) => (m.payload as { data: { received: unknown; instructions: { amount: number } } }).data)).toMatchObject([{ received: { amount: 1000, due: 2500 }, instructions: { amount: 2500 } }]);
    // …and the same history the order page shows: this amount with its date, and what is still due.
    expect((partial[0]!.payload as { data: { money: { label: string; value: string }[] } }).data.money).toEqual([
      { label: expect.stringMatching(/^Ontvangen op \d+ \w+ \d{4}$/), value: '€\u00a010,00 (overschrijving)' },
      { label: 'Nog te betalen', value: '€\u00a025,00' },
    ]);
    // The customer's order page asks for what is still due.
    expect((await orderView(db(), await orderRow(o.id))).instructions).toMatchObject({ kind: 'bank_transfer', amount: 2500, reference: o.number });
    const rest = await receive(o.number, 2500);
    expect(rest).toMatchObject({ outcome: 'recorded', paid: true, receivedMinor: 3500, dueMinor: 0, overMinor: 0 });
    const paid = await orderRow(o.id);
    expect(paid).toMatchObject({ paymentState: 'complete', status: 'processing', expiresAt: null });
    expect(await mails(o.number)).toBe(1);
    const rows = await db().select().from(s.payments).where(eq(s.payments.orderId, o.id)).orderBy(s.payments.id);
    // The request stays as it was; each received amount is its own complete row.
    expect(rows.map((r) => [r.provider, r.state, r.amountMinor])).toEqual([
      ['manual', 'pending', 3500],
      ['manual', 'complete', 1000],
      ['manual', 'complete', 2500],
    ]);
    expect(rows[1]).toMatchObject({ payer: 'S. de Vries', note: 'Eerste deel', method: 'bank_transfer' });
    expect(rows[1]!.receivedAt).toBeInstanceOf(Date);
    const audit = await listAudit(db(), { entity: 'order', entityId: o.number, action: 'payment.received' });
    expect(audit.total).toBe(2);
    // More after that is an over-payment on a paid order: refused unless staff confirm it; then recorded, shown, no second mail.
    await expect(receive(o.number, 500)).rejects.toMatchObject({ code: 'over', dueMinor: 0 });
    const extra = await receive(o.number, 500, undefined, { overpaid: true });
    expect(extra).toMatchObject({ paid: false, receivedMinor: 4000, overMinor: 500 });
    expect(await mails(o.number)).toBe(1);
  });

  it('an over-payment is booked only when confirmed; it pays the order and shows the difference', async () => {
    const o = await openOrder();
    await receive(o.number, 1000);
    await expect(receive(o.number, 5000)).rejects.toMatchObject({ code: 'over', dueMinor: 2500 });
    expect(await mails(o.number)).toBe(0);
    const r = await receive(o.number, 4000, undefined, { overpaid: true });
    expect(r).toMatchObject({ paid: true, receivedMinor: 5000, dueMinor: 0, overMinor: 1500 });
    expect(await mails(o.number)).toBe(1);
  });

  it('the same key twice, and five at once, record one amount', async () => {
    const o = await openOrder();
    const key = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => receive(o.number, 3500, key)));
    expect(results.filter((r) => r.outcome === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r.paid)).toHaveLength(1);
    expect((await receive(o.number, 3500, key)).outcome).toBe('duplicate');
    const rows = await db().select().from(s.payments).where(and(eq(s.payments.orderId, o.id), eq(s.payments.reference, key)));
    expect(rows).toHaveLength(1);
    expect(await mails(o.number)).toBe(1);
    expect((await listAudit(db(), { entity: 'order', entityId: o.number, action: 'payment.received' })).total).toBe(1);
  });

  it('five different amounts at once all count, and the order is paid once', async () => {
    const o = await openOrder();
    const results = await Promise.all(Array.from({ length: 5 }, () => receive(o.number, 700)));
    expect(results.filter((r) => r.paid)).toHaveLength(1);
    expect((await orderRow(o.id)).paymentState).toBe('complete');
    expect(await mails(o.number)).toBe(1);
  });

  it('money for a cancelled order, an expired one or in another currency is kept for review, not applied', async () => {
    const cancelled = await openOrder();
    await db().update(s.orders).set({ status: 'cancelled', paymentState: 'failed' }).where(eq(s.orders.id, cancelled.id));
    expect(await receive(cancelled.number, 3500)).toMatchObject({ state: 'needs_review', reason: 'cancelled', paid: false, receivedMinor: 0 });
    expect((await orderRow(cancelled.id)).status).toBe('cancelled');

    const expired = await openOrder();
    await db().update(s.orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(s.orders.id, expired.id));
    expect(await receive(expired.number, 3500)).toMatchObject({ state: 'needs_review', reason: 'expired', paid: false });

    // Partly paid before the window closed: the rest is applied, not kept aside.
    const partly = await openOrder();
    await receive(partly.number, 1000);
    await db().update(s.orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(s.orders.id, partly.id));
    await runPaymentDeadlines(db(), links);
    expect((await orderRow(partly.id)).status).toBe('new');
    expect(await receive(partly.number, 2500)).toMatchObject({ state: 'complete', paid: true });

    const dollars = await openOrder();
    expect(await receive(dollars.number, 3500, undefined, { currency: 'USD' })).toMatchObject({ state: 'needs_review', reason: 'currency', paid: false });
    expect((await orderRow(dollars.id)).paymentState).toBe('pending');
    const [kept] = await db().select().from(s.payments).where(and(eq(s.payments.orderId, dollars.id), eq(s.payments.state, 'needs_review')));
    expect(kept).toMatchObject({ amountMinor: 3500, currency: 'USD', receivedAmountMinor: 3500, receivedCurrency: 'USD' });
    expect(await mails(dollars.number)).toBe(0);
  });

  it('refuses an unknown order and an amount that is not positive', async () => {
    await expect(receive('KK-BESTAAT-NIET', 100)).rejects.toBeInstanceOf(ReceiptError);
    const o = await openOrder();
    await expect(receive(o.number, 0)).rejects.toMatchObject({ code: 'amount' });
  });

  it('an order paid in two amounts is refunded from both: in full, in part, and never above what came in when asked at once', async () => {
    const deps = { config: { sandbox: true }, webhookSecret: 'x', links } as unknown as PaymentDeps;
    const o = await openOrder();
    await receive(o.number, 1000);
    await receive(o.number, 2500);
    // Five staff refunding 15,00 at once: 35,00 came in, so two fit (30,00) and the rest is refused.
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => refundPayment(db(), { orderNumber: o.number, amountMinor: 1500, idempotencyKey: crypto.randomUUID(), reason: 'test' }, deps)),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(2);
    expect(tries.filter((t) => t.status === 'rejected').map((t) => (t as PromiseRejectedResult).reason.code)).toEqual(['too_much', 'too_much', 'too_much']);
    // What is left (5,00) is all that a full refund gives; the same key again is the same refund.
    const key = crypto.randomUUID();
    const rest = await refundPayment(db(), { orderNumber: o.number, idempotencyKey: key, reason: 'test' }, deps);
    expect(rest).toMatchObject({ amountMinor: 500, state: 'manual', existing: false });
    expect(await refundPayment(db(), { orderNumber: o.number, idempotencyKey: key, reason: 'test' }, deps)).toMatchObject({ amountMinor: 500, existing: true });
    const rows = await db()
      .select({ amount: s.refunds.amountMinor, paymentId: s.refunds.paymentId })
      .from(s.refunds)
      .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
      .where(eq(s.payments.orderId, o.id));
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(3500);
    // Both received amounts gave money back (the newest first).
    expect(new Set(rows.map((r) => r.paymentId)).size).toBe(2);
    await expect(refundPayment(db(), { orderNumber: o.number, amountMinor: 1, idempotencyKey: crypto.randomUUID(), reason: 'test' }, deps)).rejects.toMatchObject({ code: 'too_much', detail: '0' });
  });
});
