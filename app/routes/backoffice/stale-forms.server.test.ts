// ADR 054: a back-office form that moves money or stock is refused when the order changed after it was rendered.
// Through the order page's intents (form data in, reply out), as the route calls them.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { shopDay } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { orderVersion } from '~/db/order-version.server.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import type { StaffContext } from '~/modules/staff/staff-auth.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { orderIntents, reviewIntents } from './order-intents.server.ts';
import { addOrderNote, orderDetail } from '~/modules/orders/order-admin.server.ts';
import { resendOrderMail } from '~/flows/order-actions.server.ts';
import { staffOrderAction } from '~/flows/staff-orders.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const actor = { staffId: null, label: 'kassa@kiemkracht.nl', clientAddress: '203.0.113.9' };
const ctx = { actor, deps };
// The intents read the actor from ctx; the staff member is the route's business (permissions).
const staff = { actor } as unknown as StaffContext;
const eur = (minor: number) => formatMoney(minor, 'EUR');
const address = { firstName: 'Piet', lastName: 'Jansen', phone: '+31 6 87654321', line1: 'Dorpsstraat 2', line2: '', city: 'Utrecht', postalCode: '3511 AA', country: 'NL', state: '' };

describeEachDatabase('stale back-office forms', (dbCtx) => {
  const db = () => dbCtx().db;
  let n = 0;

  /** An unpaid € 11,90 bank-transfer order with the checkout's open request, as the order page shows it. */
  const unpaidOrder = async () => {
    const o = await insertTestOrder(db(), { email: `oud.formulier.${++n}.${crypto.randomBytes(3).toString('hex')}@example.nl`, status: 'new' });
    // A number as the shop gives them (KK-XXXX-XXXX): the command line reads no other.
    const number = orderNumber((k) => crypto.randomBytes(k));
    await db().update(s.orders).set({ number, subtotalMinor: 700, shippingMinor: 490, totalMinor: 1190 }).where(eq(s.orders.id, o.id));
    await db().insert(s.payments).values({ orderId: o.id, method: 'bank_transfer', provider: 'manual', reference: number, amountMinor: 1190, currency: 'EUR' });
    return { ...o, number };
  };
  /** The version the order page renders into its forms now. */
  const rendered = async (number: string) => (await orderDetail(db(), number))!.version;

  /** Submits one form of the order page (or the review page) and returns the status and the reply. */
  const submit = async (intent: string, number: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.set('intent', intent);
    form.set('key', crypto.randomUUID());
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const handler = orderIntents[intent] ?? reviewIntents[intent];
    const reply = await handler!.run({ db: db(), form, number, staff, ctx });
    return { status: reply.init?.status ?? 200, ...reply.data };
  };
  const pay = (number: string, version: string, amount: string, more: Record<string, string> = {}) => submit('payment', number, { amount, date: shopDay(new Date()), version, ...more });
  const received = (orderId: number) =>
    queryRows<{ n: number; sum: number }>(db(), sql`select count(*)::int as n, coalesce(sum(amount_minor), 0)::int as sum from payments where order_id = ${orderId} and received_at is not null and state = 'complete'`);
  const refunded = (orderId: number) =>
    queryRows<{ n: number; sum: number }>(
      db(),
      sql`select count(*)::int as n, coalesce(sum(r.amount_minor), 0)::int as sum from refunds r join payments p on p.id = r.payment_id where p.order_id = ${orderId} and r.state <> 'failed'`,
    );
  const refundMails = (number: string) =>
    queryRows<{ amount: number }>(db(), sql`select (payload->'data'->'refund'->>'amount')::int as amount from outbox where payload->>'template' = 'order_refunded' and payload->'data'->>'orderNumber' = ${number}`);

  it('ten payment forms rendered on one version and submitted at once book one payment; the empty refund then gives back exactly that', async () => {
    const o = await unpaidOrder();
    // Ten page loads (two staff, two tabs, a reload): ten keys, one version.
    const versions = await Promise.all(Array.from({ length: 10 }, () => rendered(o.number)));
    expect(new Set(versions).size).toBe(1);
    const replies = await Promise.all(versions.map((v) => pay(o.number, v, '11,90')));
    expect(replies.filter((r) => r.status === 200).map((r) => r.message)).toEqual([t.order.receipt.paid(eur(1190))]);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ status: 409, stale: true, tone: 'error', message: t.actions.stale });
    expect(await received(o.id)).toEqual([{ n: 1, sum: 1190 }]);
    expect((await findOrder(db(), o.number))!.paymentState).toBe('complete');

    // "All that is left" is what was paid, once; a refund form from before it is then stale.
    const before = await rendered(o.number);
    const refund = await submit('refund', o.number, { amount: '', reason: '', version: before });
    expect(refund).toMatchObject({ status: 200, message: t.actions.refund.manual(eur(1190)) });
    expect(await refunded(o.id)).toEqual([{ n: 1, sum: 1190 }]);
    expect(await refundMails(o.number)).toEqual([{ amount: 1190 }]);
    expect(await submit('refund', o.number, { amount: '1,00', reason: '', version: before })).toMatchObject({ status: 409, stale: true });
    expect(await refunded(o.id)).toEqual([{ n: 1, sum: 1190 }]);
  });

  it('a partial payment makes the forms rendered before it stale: the second payment, a refund, the address, a parcel, a cancel', async () => {
    const o = await unpaidOrder();
    const v0 = await rendered(o.number);
    expect(await pay(o.number, v0, '5,00')).toMatchObject({ status: 200, message: t.order.receipt.recorded(eur(500)) });
    // A colleague's form showed 11,90 due: refused, nothing booked; the values typed come back.
    const second = await pay(o.number, v0, '11,90', { note: 'Tweede overschrijving' });
    expect(second).toMatchObject({ status: 409, stale: true, message: t.actions.stale, result: { initialValue: { amount: '11,90', note: 'Tweede overschrijving' } } });
    expect(await received(o.id)).toEqual([{ n: 1, sum: 500 }]);
    expect(await submit('address', o.number, { ...Object.fromEntries(Object.entries(address).map(([k, v]) => [`address.${k}`, v])), version: v0 })).toMatchObject({ status: 409, stale: true });
    expect((await findOrder(db(), o.number))!.shippingAddress.firstName).toBe('Sanne');
    expect(await submit('cancel', o.number, { confirm: 'on', reason: '', version: v0 })).toMatchObject({ status: 409, stale: true });
    expect((await findOrder(db(), o.number))!.status).toBe('new');

    // On the fresh page: the rest is paid, then the address changes; the forms of the page before each are stale.
    const v1 = await rendered(o.number);
    expect(await pay(o.number, v1, '6,90')).toMatchObject({ status: 200, message: t.order.receipt.paid(eur(690)) });
    expect(await submit('refund', o.number, { amount: '6,90', reason: '', version: v1 })).toMatchObject({ status: 409, stale: true });
    expect(await refunded(o.id)).toEqual([{ n: 0, sum: 0 }]);
    const v2 = await rendered(o.number);
    const addressFields = Object.fromEntries(Object.entries(address).map(([k, v]) => [`address.${k}`, v]));
    expect(await submit('address', o.number, { ...addressFields, version: v2 })).toMatchObject({ status: 200, message: t.actions.address.saved });
    expect(await submit('address', o.number, { ...addressFields, 'address.firstName': 'Klaas', version: v2 })).toMatchObject({ status: 409, stale: true });
    expect((await findOrder(db(), o.number))!.shippingAddress.firstName).toBe('Piet');
    const [line] = await db().select({ id: s.orderLines.id }).from(s.orderLines).where(eq(s.orderLines.orderId, o.id));
    const parcel = { carrier: 'regular_post', trackingCode: '', [`qty.${line!.id}`]: '1' };
    expect(await submit('ship', o.number, { ...parcel, version: v2 })).toMatchObject({ status: 409, stale: true });
    expect(await submit('ship', o.number, { ...parcel, version: await rendered(o.number) })).toMatchObject({ status: 200, message: t.actions.ship.shipped });
    // A form without a version (an old page, a hand-made post) is refused the same way, never acted on.
    expect(await submit('refund', o.number, { amount: '1,00', reason: '' })).toMatchObject({ status: 409, stale: true });
    expect(await refunded(o.id)).toEqual([{ n: 0, sum: 0 }]);
  });

  it('more than is due is booked only when the form confirms it; the refusal says how much is due', async () => {
    const o = await unpaidOrder();
    const v = await rendered(o.number);
    const over = await pay(o.number, v, '20,00');
    expect(over).toMatchObject({ status: 409, result: { error: { amount: [t.order.receipt.overDue(eur(1190))] } } });
    expect(over.stale).toBeUndefined();
    expect(await received(o.id)).toEqual([{ n: 0, sum: 0 }]);
    expect(await pay(o.number, v, '20,00', { overpaid: 'on' })).toMatchObject({ status: 200, message: t.order.receipt.paid(eur(2000)) });
    expect(await received(o.id)).toEqual([{ n: 1, sum: 2000 }]);
  });

  it('the command line and staff API need no version: "paid" after a partial amount settles only what is still due', async () => {
    const o = await unpaidOrder();
    expect(await pay(o.number, await rendered(o.number), '5,00')).toMatchObject({ status: 200 });
    const cli = { staffId: null, label: 'cli', clientAddress: null };
    expect(await Promise.all([staffOrderAction(db(), { number: o.number, action: 'paid' }, deps, cli), staffOrderAction(db(), { number: o.number, action: 'paid' }, deps, cli)])).toMatchObject([
      { ok: true },
      { ok: true },
    ]);
    const [sum] = await queryRows<{ sum: number }>(db(), sql`select coalesce(sum(amount_minor), 0)::int as sum from payments where order_id = ${o.id} and state = 'complete'`);
    expect(sum!.sum).toBe(1190);
    expect((await findOrder(db(), o.number))!.paymentState).toBe('complete');
  });

  it('the version follows what the actions depend on, not a note or a resent mail', async () => {
    const o = await unpaidOrder();
    const v0 = await orderVersion(db(), o.id);
    expect(v0).toMatch(/^[0-9a-f]{32}$/);
    expect(await rendered(o.number)).toBe(v0);
    const noor = await addStaff(db(), actor, { email: `noor.${o.number}@kiemkracht.nl`, name: 'Noor', role: 'support' });
    if (!noor.ok) throw new Error('staff member not added');
    expect(await addOrderNote(db(), { ...actor, staffId: noor.staffId }, o.number, 'Klant belt terug', crypto.randomUUID())).toBe(true);
    await resendOrderMail(db(), ctx, o.number, { key: crypto.randomUUID(), template: 'order_received' });
    expect(await orderVersion(db(), o.id)).toBe(v0);
    // A webhook, the bank or the deadline job writing behind the page: any change of state is a new version.
    await db().update(s.payments).set({ state: 'failed' }).where(eq(s.payments.orderId, o.id));
    const v1 = await orderVersion(db(), o.id);
    expect(v1).not.toBe(v0);
    await db().update(s.orders).set({ stockReserved: false }).where(eq(s.orders.id, o.id));
    expect(await orderVersion(db(), o.id)).not.toBe(v1);
  });

  it('the review page: accepting or refunding a payment kept for review is refused when the order changed after the page was rendered', async () => {
    const o = await unpaidOrder();
    // Dollars came in: kept for review, not applied.
    const [kept] = await db()
      .insert(s.payments)
      .values({ orderId: o.id, method: 'bank_transfer', provider: 'bank', reference: `camt:${o.number}`, amountMinor: 1300, currency: 'USD', state: 'needs_review', receivedAmountMinor: 1300, receivedCurrency: 'USD', receivedAt: new Date() })
      .returning();
    const v0 = await rendered(o.number);
    // Meanwhile a colleague books the euros on the order page.
    expect(await pay(o.number, v0, '11,90')).toMatchObject({ status: 200 });
    const paymentId = String(kept!.id);
    expect(await submit('review-accept', '', { paymentId, version: v0 })).toMatchObject({ status: 409, stale: true, message: t.actions.stale });
    expect(await submit('review-refund', '', { paymentId, reason: '', version: v0 })).toMatchObject({ status: 409, stale: true });
    const [after] = await db().select().from(s.payments).where(eq(s.payments.id, kept!.id));
    expect(after).toMatchObject({ state: 'needs_review', reviewedAt: null });
    expect(await refunded(o.id)).toEqual([{ n: 0, sum: 0 }]);
    // On the fresh page the refund goes through.
    expect(await submit('review-refund', '', { paymentId, reason: '', version: await rendered(o.number) })).toMatchObject({ status: 200 });
    expect(await refunded(o.id)).toEqual([{ n: 1, sum: 1300 }]);
  });
});
