import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { findOrderForPage, orderPage } from '~/flows/order-view.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import { countPaymentsNeedingReview, type PaymentDeps, paymentsNeedingReview } from '~/modules/payments/payments.server.ts';
import { sandboxProvider } from '~/modules/payments/providers/sandbox.server.ts';
import { orderMoneyHistory } from '~/modules/payments/money-history.server.ts';
import { listAudit } from '~/lib/audit.server.ts';
import { testAddress } from '~/test/test-order.server.ts';
import { acceptReviewedPayment, cancelOrderAction, changeShippingAddress, refundOrder, refundReviewedPayment, resendOrderMail, shipParcel } from './order-actions.server.ts';
import { staffOrderAction } from './staff-orders.server.ts';
import { handleWebhook } from './confirm-payment.server.ts';

/** The order page's view of an order, read as the pages read it. */
const orderView = async (db: Parameters<typeof findOrderForPage>[0], order: { number: string }) => (await orderPage(db, (await findOrderForPage(db, order.number))!)).view;

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const staffA = { actor: { staffId: null, label: 'a@kiemkracht.nl', clientAddress: '203.0.113.1' }, deps };
const staffB = { actor: { staffId: null, label: 'b@kiemkracht.nl', clientAddress: '203.0.113.2' }, deps };
const key = () => crypto.randomUUID();

/** A paid (or unpaid) bank-transfer order of two lines (3 and 2 packs), holding its stock, with a payment row. */
async function orderOfTwoLines(db: Db, opts: { paid?: boolean; coupon?: string } = {}) {
  const paid = opts.paid ?? true;
  const packs = await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free order by id limit 2`);
  const [o] = await db
    .insert(s.orders)
    .values({
      number: orderNumber((n) => crypto.randomBytes(n)),
      idempotencyKey: crypto.randomUUID(),
      email: `actie.${crypto.randomBytes(3).toString('hex')}@example.nl`,
      regionCode: 'nl',
      currency: 'EUR',
      status: paid ? 'processing' : 'new',
      paymentState: paid ? 'complete' : 'pending',
      paymentMethod: 'bank_transfer',
      subtotalMinor: 5000,
      discountMinor: 0,
      shippingMinor: 490,
      totalMinor: 5490,
      couponCode: opts.coupon ?? null,
      carrier: 'tracked_parcel',
      deliveryMinDays: 2,
      deliveryMaxDays: 4,
      shippingAddress: testAddress,
      billingAddress: testAddress,
      paidAt: paid ? new Date() : null,
    })
    .returning();
  const lines = await db
    .insert(s.orderLines)
    .values([
      { orderId: o!.id, packId: packs[0]!.id, productSlug: 'skunk-1', productName: 'Skunk #1', seeds: 3, quantity: 3, unitPriceMinor: 1000 },
      { orderId: o!.id, packId: packs[1]!.id, productSlug: 'haze', productName: 'Haze', seeds: 5, quantity: 2, unitPriceMinor: 1000 },
    ])
    .returning();
  await db.insert(s.shipments).values({ orderId: o!.id, carrier: 'tracked_parcel', status: paid ? 'processing' : 'new', processingAt: paid ? new Date() : null });
  await db.insert(s.payments).values({ orderId: o!.id, method: 'bank_transfer', provider: 'manual', reference: o!.number, amountMinor: 5490, currency: 'EUR', state: paid ? 'complete' : 'pending' });
  if (opts.coupon) await db.insert(s.couponRedemptions).values({ couponCode: opts.coupon, orderId: o!.id, email: o!.email });
  return { order: o!, lines, packs: packs.map((p) => p.id) };
}

const mailsOf = (db: Db, number: string, template?: string) =>
  queryRows<{ template: string; data: Record<string, unknown> }>(
    db,
    sql`select payload->>'template' as template, payload->'data' as data from outbox where payload->'data'->>'orderNumber' = ${number} ${template ? sql`and payload->>'template' = ${template}` : sql``} order by id`,
  );
const stockOf = async (db: Db, packId: number) => (await db.select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId)))[0]!.stock;

describeEachDatabase('back-office order actions', (ctx) => {
  const db = () => ctx().db;

  it('ships in parcels: some lines first, then the rest; the order is shipped only when every line is; never more than remains', async () => {
    const { order, lines } = await orderOfTwoLines(db());
    const first = await shipParcel(db(), staffA, order.number, {
      key: key(),
      carrier: 'tracked_parcel',
      trackingCode: '3sabc123456',
      trackingUrl: null,
      lines: [
        { lineId: lines[0]!.id, quantity: 2 },
        { lineId: lines[1]!.id, quantity: 0 },
      ],
    });
    expect(first).toEqual({ done: true, complete: false });
    expect((await findOrder(db(), order.number))!.status).toBe('processing');
    await expect(
      shipParcel(db(), staffA, order.number, { key: key(), carrier: 'tracked_parcel', trackingCode: '3SABC999999', trackingUrl: null, lines: [{ lineId: lines[0]!.id, quantity: 2 }] }),
    ).rejects.toMatchObject({ code: 'too_many', detail: 'Skunk #1' });
    let view = await orderView(db(), (await findOrder(db(), order.number))!);
    expect(view.partlyShipped).toBe(true);
    expect(view.toShip).toEqual([
      { name: 'Skunk #1', seeds: 3, quantity: 1 },
      { name: 'Haze', seeds: 5, quantity: 2 },
    ]);
    expect(view.shipments[0]).toMatchObject({ trackingCode: '3SABC123456', lines: [{ name: 'Skunk #1', quantity: 2 }] });
    expect(view.shipments[0]!.trackingUrl).toBe('https://jouw.postnl.nl/track-and-trace/3SABC123456-NL');

    const rest = await shipParcel(db(), staffA, order.number, { key: key(), carrier: 'regular_post', trackingCode: '', trackingUrl: null, lines: 'rest' });
    expect(rest).toEqual({ done: true, complete: true });
    view = await orderView(db(), (await findOrder(db(), order.number))!);
    expect(view.status).toBe('shipped');
    expect(view.partlyShipped).toBe(false);
    expect(view.shipments).toHaveLength(2);
    expect(view.shipments[1]).toMatchObject({ carrier: 'regular_post', trackingCode: null, trackingUrl: null });
    expect(view.shipments[1]!.lines).toEqual([
      { name: 'Skunk #1', seeds: 3, quantity: 1 },
      { name: 'Haze', seeds: 5, quantity: 2 },
    ]);
    const mails = await mailsOf(db(), order.number, 'order_shipped');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.data.parcel).toMatchObject({ more: true, lines: [{ name: 'Skunk #1', quantity: 2 }] });
    expect(mails[1]!.data.parcel).toMatchObject({ more: false });
    await expect(shipParcel(db(), staffA, order.number, { key: key(), carrier: 'tracked_parcel', trackingCode: '3SABC123456', trackingUrl: null, lines: 'rest' })).rejects.toMatchObject({
      code: 'nothing_to_ship',
    });
    const audit = await listAudit(db(), { entityId: order.number, action: 'order.ship' });
    expect(audit.total).toBe(2);
    expect(audit.rows.at(-1)).toMatchObject({ actor: 'a@kiemkracht.nl', before: { status: 'processing', shipped: {} } });
  });

  it('refuses to ship an unpaid or cancelled order and a tracked parcel without a valid code', async () => {
    const unpaid = await orderOfTwoLines(db(), { paid: false });
    await expect(shipParcel(db(), staffA, unpaid.order.number, { key: key(), carrier: 'tracked_parcel', trackingCode: '3SABC123456', trackingUrl: null, lines: 'rest' })).rejects.toMatchObject({
      code: 'not_paid',
    });
    await cancelOrderAction(db(), staffA, unpaid.order.number);
    await expect(shipParcel(db(), staffA, unpaid.order.number, { key: key(), carrier: 'tracked_parcel', trackingCode: '3SABC123456', trackingUrl: null, lines: 'rest' })).rejects.toMatchObject({
      code: 'cancelled',
    });
    await expect(shipParcel(db(), staffA, unpaid.order.number, { key: key(), carrier: 'tracked_parcel', trackingCode: '', trackingUrl: null, lines: 'rest' })).rejects.toMatchObject({
      code: 'tracking',
    });
  });

  it('two staff shipping the same order at once, and a double submit: one parcel, one mail', async () => {
    const { order } = await orderOfTwoLines(db());
    const input = (k: string) => ({ key: k, carrier: 'tracked_parcel' as const, trackingCode: '3SABC123456', trackingUrl: null, lines: 'rest' as const });
    const same = key();
    const results = await Promise.allSettled([
      shipParcel(db(), staffA, order.number, input(same)),
      shipParcel(db(), staffA, order.number, input(same)),
      shipParcel(db(), staffB, order.number, input(key())),
      shipParcel(db(), staffB, order.number, input(key())),
    ]);
    const done = results.filter((r) => r.status === 'fulfilled' && r.value.done);
    expect(done).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'nothing_to_ship' });
    const sent = await db().select().from(s.shipments).where(eq(s.shipments.orderId, order.id));
    expect(sent.filter((sh) => sh.sentAt)).toHaveLength(1);
    expect(await mailsOf(db(), order.number, 'order_shipped')).toHaveLength(1);
    expect((await listAudit(db(), { entityId: order.number, action: 'order.ship' })).total).toBe(1);
  });

  it('cancel twice at once: stock back once, coupon use released once, one mail; a paid order refunded once; nothing after a parcel left', async () => {
    const code = `ACTIE${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    await db().insert(s.coupons).values({ code, kind: 'percent', percent: 10, usageLimit: 5, usedCount: 2 });
    const { order, packs } = await orderOfTwoLines(db(), { coupon: code });
    const before = [await stockOf(db(), packs[0]!), await stockOf(db(), packs[1]!)];
    const results = await Promise.all([cancelOrderAction(db(), staffA, order.number, { reason: 'klant belde' }), cancelOrderAction(db(), staffB, order.number)]);
    expect(results.filter((r) => r.done)).toHaveLength(1);
    expect(results.filter((r) => r.refund && !r.refund.existing)).toHaveLength(1);
    expect([await stockOf(db(), packs[0]!), await stockOf(db(), packs[1]!)]).toEqual([before[0]! + 3, before[1]! + 2]);
    const [coupon] = await db().select().from(s.coupons).where(eq(s.coupons.code, code));
    expect(coupon!.usedCount).toBe(1);
    expect(await db().select().from(s.couponRedemptions).where(eq(s.couponRedemptions.orderId, order.id))).toEqual([]);
    expect(await mailsOf(db(), order.number, 'order_cancelled')).toHaveLength(1);
    const refunded = await mailsOf(db(), order.number, 'order_refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data.refund).toMatchObject({ amount: 5490, manual: true });
    const refunds = await db().select().from(s.refunds).innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId)).where(eq(s.payments.orderId, order.id));
    expect(refunds.map((r) => r.refunds.amountMinor)).toEqual([5490]);
    const audit = await listAudit(db(), { entityId: order.number });
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['order.cancel', 'order.refund']);
    expect(audit.rows.find((r) => r.action === 'order.cancel')).toMatchObject({
      before: { status: 'processing', couponCode: code },
      after: { status: 'cancelled', stockReturned: true, couponReleased: true },
    });

    const shipped = await orderOfTwoLines(db());
    await shipParcel(db(), staffA, shipped.order.number, { key: key(), carrier: 'regular_post', trackingCode: '', trackingUrl: null, lines: [{ lineId: shipped.lines[1]!.id, quantity: 1 }] });
    await expect(cancelOrderAction(db(), staffA, shipped.order.number)).rejects.toMatchObject({ code: 'shipped' });
  });

  it('refunds in parts, never above what was paid, also when two staff refund at once; a double submit is one refund', async () => {
    const { order } = await orderOfTwoLines(db());
    const k = key();
    const twice = await Promise.all([
      refundOrder(db(), staffA, order.number, { key: k, amountMinor: 1000, reason: '' }),
      refundOrder(db(), staffA, order.number, { key: k, amountMinor: 1000, reason: '' }),
    ]);
    expect(twice.map((r) => r.existing).sort()).toEqual([false, true]);
    // 4490 left: three staff asking 2000 each at once, two get it.
    const three = await Promise.allSettled([1, 2, 3].map(() => refundOrder(db(), staffB, order.number, { key: key(), amountMinor: 2000, reason: 'Beschadigd' })));
    expect(three.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    const refusal = three.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ code: 'too_much', detail: '490' });
    const total = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(r.amount_minor), 0)::int as n from refunds r join payments p on p.id = r.payment_id where p.order_id = ${order.id} and r.state <> 'failed'`,
    );
    expect(total[0]!.n).toBe(5000);
    expect(await mailsOf(db(), order.number, 'order_refunded')).toHaveLength(3);
    expect((await listAudit(db(), { entityId: order.number, action: 'order.refund' })).total).toBe(3);
    // The customer's view of the same rows: what came in, three refunds, the balance.
    const money = await orderMoneyHistory(db(), order);
    expect(money).toMatchObject({ state: 'partly_refunded', receivedMinor: 5490, refundedMinor: 5000, balanceMinor: 490, dueMinor: 0 });
    expect(money.events.map((e) => e.kind)).toEqual(['received', 'refund', 'refund', 'refund']);
    // Each refund mail carries the history up to and including its own refund.
    const refundMails = await mailsOf(db(), order.number, 'order_refunded');
    expect(refundMails.map((m) => (m.data.money as unknown[]).length).sort()).toEqual([3, 4, 5]);
    const unpaid = await orderOfTwoLines(db(), { paid: false });
    await expect(refundOrder(db(), staffA, unpaid.order.number, { key: key(), reason: '' })).rejects.toMatchObject({ code: 'not_paid' });
  });

  it('resends an order mail (audited), refusing the shipped mail before anything was sent', async () => {
    const { order } = await orderOfTwoLines(db());
    const k = key();
    await Promise.all([resendOrderMail(db(), staffA, order.number, { key: k, template: 'order_received' }), resendOrderMail(db(), staffA, order.number, { key: k, template: 'order_received' })]);
    expect(await mailsOf(db(), order.number, 'order_received')).toHaveLength(1);
    await expect(resendOrderMail(db(), staffA, order.number, { key: key(), template: 'order_shipped' })).rejects.toMatchObject({ code: 'not_shipped' });
    expect((await listAudit(db(), { entityId: order.number, action: 'order.mail.resend' })).rows[0]).toMatchObject({ after: { template: 'order_received', to: order.email } });
  });

  it('changes the shipping address before shipment with before and after in the audit log; refuses a country outside the region and after a parcel left', async () => {
    const { order, lines } = await orderOfTwoLines(db());
    const address = { firstName: 'Piet', lastName: 'Jansen', phone: '+31 6 87654321', line1: 'Dorpsstraat 2', line2: '', city: 'Utrecht', postalCode: '3511 aa', country: 'nl', state: '' };
    expect(await changeShippingAddress(db(), staffA, order.number, { key: key(), address })).toEqual({ done: true, changed: true });
    const after = (await findOrder(db(), order.number))!;
    expect(after.shippingAddress).toMatchObject({ firstName: 'Piet', postalCode: '3511 AA', countryIso: 'NL', countryName: 'Nederland' });
    expect((await listAudit(db(), { entityId: order.number, action: 'order.address' })).rows[0]).toMatchObject({ before: { firstName: 'Sanne' }, after: { firstName: 'Piet' } });
    expect(await mailsOf(db(), order.number, 'address_changed')).toHaveLength(1);
    await expect(changeShippingAddress(db(), staffA, order.number, { key: key(), address: { ...address, country: 'US' } })).rejects.toMatchObject({ code: 'country' });
    await shipParcel(db(), staffA, order.number, { key: key(), carrier: 'regular_post', trackingCode: '', trackingUrl: null, lines: [{ lineId: lines[0]!.id, quantity: 1 }] });
    await expect(changeShippingAddress(db(), staffA, order.number, { key: key(), address })).rejects.toMatchObject({ code: 'shipped' });
  });

  it('payments kept for review: accept books the order paid with the difference; refund gives back what came in; each once', async () => {
    // An amount mismatch on an unpaid order.
    const mismatch = await orderOfTwoLines(db(), { paid: false });
    const [p1] = await db().update(s.payments).set({ state: 'needs_review', receivedAmountMinor: 5000, receivedCurrency: 'EUR' }).where(eq(s.payments.orderId, mismatch.order.id)).returning();
    // Money for an order that had expired (cancelled by the clock).
    const late = await orderOfTwoLines(db(), { paid: false });
    await cancelOrderAction(db(), staffA, late.order.number);
    const [p2] = await db().update(s.payments).set({ state: 'complete' }).where(eq(s.payments.orderId, late.order.id)).returning();

    const listed = await paymentsNeedingReview(db());
    expect(listed.find((r) => r.paymentId === p1!.id)).toMatchObject({ kind: 'mismatch', receivedMinor: 5000, expectedMinor: 5490 });
    expect(listed.find((r) => r.paymentId === p2!.id)).toMatchObject({ kind: 'late', receivedMinor: 5490, orderStatus: 'cancelled' });
    const count = await countPaymentsNeedingReview(db());

    const k = key();
    const accepted = await Promise.all([acceptReviewedPayment(db(), staffA, p1!.id, { key: k }), acceptReviewedPayment(db(), staffB, p1!.id, { key: key() })]);
    expect(accepted.filter((r) => r.done)).toEqual([{ done: true, number: mismatch.order.number, differenceMinor: -490 }]);
    const paid = (await findOrder(db(), mismatch.order.number))!;
    expect(paid).toMatchObject({ paymentState: 'complete', status: 'processing' });
    expect(await mailsOf(db(), mismatch.order.number, 'payment_received')).toHaveLength(1);
    // What can be refunded now is what came in.
    await expect(refundOrder(db(), staffA, mismatch.order.number, { key: key(), amountMinor: 5001, reason: '' })).rejects.toMatchObject({ code: 'too_much', detail: '5000' });

    const refunds = await Promise.allSettled([refundReviewedPayment(db(), staffA, p2!.id, { key: key(), reason: 'Te laat' }), refundReviewedPayment(db(), staffB, p2!.id, { key: key(), reason: '' })]);
    expect(refunds.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const given = await db().select().from(s.refunds).where(eq(s.refunds.paymentId, p2!.id));
    expect(given.map((r) => r.amountMinor)).toEqual([5490]);
    expect(await countPaymentsNeedingReview(db())).toBe(count - 2);
    const audit = await listAudit(db(), { action: 'payment.review.accept', entityId: mismatch.order.number });
    expect(audit.rows[0]).toMatchObject({ after: { differenceMinor: -490, paymentState: 'complete' } });
    expect((await listAudit(db(), { action: 'payment.review.refund', entityId: late.order.number })).total).toBe(1);
  });

  it('an online payment that arrives after the order was cancelled is kept on record and listed for review', async () => {
    const { order } = await orderOfTwoLines(db(), { paid: false });
    const reference = `sbx_${crypto.randomBytes(8).toString('hex')}`;
    await db().update(s.payments).set({ method: 'online', provider: 'sandbox', reference }).where(eq(s.payments.orderId, order.id));
    await cancelOrderAction(db(), staffA, order.number);
    const event = sandboxProvider(deps.webhookSecret).signedEvent(reference, 'payment.paid', { minor: 5490, currency: 'EUR' });
    expect(await handleWebhook(db(), 'sandbox', event.body, event.headers, deps)).toMatchObject({ status: 200, outcome: 'applied' });
    expect((await paymentsNeedingReview(db())).find((r) => r.reference === reference)).toMatchObject({ kind: 'late', orderStatus: 'cancelled', receivedMinor: 5490 });
    expect((await findOrder(db(), order.number))!.status).toBe('cancelled');
  });

  it('accepting a late payment of an expired order takes its stock again and books it paid', async () => {
    const late = await orderOfTwoLines(db(), { paid: false });
    await cancelOrderAction(db(), staffA, late.order.number);
    const [p] = await db().update(s.payments).set({ state: 'complete' }).where(eq(s.payments.orderId, late.order.id)).returning();
    const before = await stockOf(db(), late.packs[0]!);
    const r = await acceptReviewedPayment(db(), staffA, p!.id, { key: key() });
    expect(r).toMatchObject({ done: true, differenceMinor: 0 });
    expect(await findOrder(db(), late.order.number)).toMatchObject({ status: 'processing', paymentState: 'complete', cancelledAt: null, stockReserved: true });
    expect(await stockOf(db(), late.packs[0]!)).toBe(before - 3);
    expect((await paymentsNeedingReview(db())).some((x) => x.paymentId === p!.id)).toBe(false);
  });

  it('npm run order and the staff API call the same functions, with cli or api as the audit actor', async () => {
    const { order } = await orderOfTwoLines(db());
    const cli = { staffId: null, label: 'cli', clientAddress: 'local' };
    expect(await staffOrderAction(db(), { number: order.number, action: 'refund', amount: '5,00' }, deps, cli)).toMatchObject({ ok: true });
    expect(await staffOrderAction(db(), { number: order.number, action: 'ship', tracking: '3sabc123456' }, deps, { ...cli, label: 'api' })).toMatchObject({ ok: true });
    expect(await staffOrderAction(db(), { number: order.number, action: 'ship', tracking: '3sabc123456' }, deps, cli)).toMatchObject({ ok: false });
    const audit = await listAudit(db(), { entityId: order.number });
    expect(audit.rows.map((r) => [r.action, r.actor]).sort()).toEqual([
      ['order.refund', 'cli'],
      ['order.ship', 'api'],
    ]);
    expect(
      (
        await db()
          .select()
          .from(s.orders)
          .where(and(eq(s.orders.id, order.id), eq(s.orders.status, 'shipped')))
      ).length,
    ).toBe(1);
  });

  it('npm run order -- <nr> paid <amount>: a part, then the rest; a bad amount or more than is due is refused with a message', async () => {
    const { order } = await orderOfTwoLines(db(), { paid: false });
    const cli = { staffId: null, label: 'cli', clientAddress: 'local' };
    const paid = (amount: string) => staffOrderAction(db(), { number: order.number, action: 'paid', amount }, deps, cli);
    expect(await paid('veel')).toEqual({ ok: false, message: 'Geef het ontvangen bedrag op als 12,50.' });
    expect(await paid('10,00')).toEqual({ ok: true, message: `€\u00a010,00 ontvangen voor ${order.number}; er staat nog €\u00a044,90 open.` });
    expect((await paid('50,00')).message).toMatch(/^Dat is meer dan er openstaat \(€\u00a044,90\)/);
    expect(await paid('44,90')).toEqual({ ok: true, message: `Betaling van ${order.number} geregistreerd.` });
    expect(await findOrder(db(), order.number)).toMatchObject({ paymentState: 'complete' });
    expect((await orderMoneyHistory(db(), order)).events.map((e) => [e.kind, e.amountMinor])).toEqual([
      ['received', 1000],
      ['received', 4490],
    ]);
  });
});
