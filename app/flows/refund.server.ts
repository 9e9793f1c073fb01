// Giving money back: validate and reserve the amount under the order's and the payment's row locks, refund at
// the provider (online payments) or record a manual refund (bank transfer, cash), record the staff's audit entry,
// mail the customer, take the affiliate's share of the commission back. The amount is reserved before the
// provider is asked, so refunds at once never exceed what was paid; the same idempotency key is one refund.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { assertOrderUnchanged } from '~/db/order-version.server.ts';
import type { RefundState } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { affiliates as affiliateTexts } from '~/i18n/nl/affiliates.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { reverseCommission } from '~/modules/affiliates/affiliates.server.ts';
import { canHoldCredit, grantCredit } from '~/modules/credit/credit.server.ts';
import { reverseRefundPoints } from '~/modules/loyalty/loyalty.server.ts';
import { paidOf, type PaymentDeps, paymentProvider, RefundError, type RefundResult } from '~/modules/payments/payments.server.ts';
import { queueOrderMail } from './order-mail.server.ts';

type OrderRow = typeof s.orders.$inferSelect;
type PaymentRow = typeof s.payments.$inferSelect;
type RefundRow = typeof s.refunds.$inferSelect;

export type RefundInput = {
  orderNumber: string;
  amountMinor?: number;
  idempotencyKey: string;
  reason: string;
  /** A given payment of the order (one kept for review); by default the one that settled it. */
  paymentId?: number;
  /** The order's version the staff form was rendered on (ADR 054), compared under the order's lock. */
  version?: string;
  /**
   * Given back as store credit instead of money, when the customer asked for it (ADR 073): refund rows in state
   * 'credit' and one ledger entry, no provider and no bank transfer. Only for an order with an account.
   */
  asCredit?: boolean;
};

/**
 * Who gives the money back: the audit entry's actor and action, in the transaction that records the refund, and
 * the customer's mail in the one where the money goes back. `reviewed`: the payment leaves the review list in
 * that same transaction. Without it (tests of the money rules) nothing is audited or mailed.
 */
export type RefundBy = { actor: Actor; action: 'order.refund' | 'payment.review.refund'; links: PaymentDeps['links']; reviewed?: boolean; now?: Date };

type Recorded = { refundId: number; amountMinor: number; currency: string; state: RefundState; orderId: number };

// ---- steps -------------------------------------------------------------------------------------

/** The order first, then its payments: the lock order of every money action on an order. */
async function lockOrderForRefund(tx: Db, number: string): Promise<OrderRow> {
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.number, number)).for('update');
  if (!order) throw new RefundError('not_found');
  return order;
}

/** The staff's audit entry for a new refund (not a repeated key), and the review list left when asked. */
async function auditRefund(tx: Db, by: RefundBy | undefined, input: RefundInput, r: Recorded & { leftMinor: number; paymentId: number }) {
  if (!by) return;
  const now = by.now ?? new Date();
  if (by.reviewed) await tx.update(s.payments).set({ reviewedAt: now }).where(eq(s.payments.id, r.paymentId));
  await recordAudit(
    tx,
    by.actor,
    {
      action: by.action,
      entity: 'order',
      entityId: input.orderNumber,
      before: { leftMinor: r.leftMinor + r.amountMinor, currency: r.currency },
      after: { refundId: r.refundId, amountMinor: r.amountMinor, currency: r.currency, state: r.state, reason: input.reason, leftMinor: r.leftMinor },
    },
    now,
  );
}

/** The customer's mail, in the transaction where the money is given back (at once for a manual refund). */
async function mailRefund(tx: Db, by: RefundBy | undefined, reason: string, r: Recorded) {
  if (!by) return;
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, r.orderId));
  await queueOrderMail(tx, order!, 'order_refunded', by.links, null, {
    refund: { amount: r.amountMinor, currency: r.currency, manual: r.state === 'manual', credit: r.state === 'credit', reason: reason || null },
  });
}

/**
 * Money given back takes its share of the affiliate's commission back and the Kiempunten the order earned in
 * proportion (ADR 075), once per refund: by its key, also when asked again.
 */
function takeBackCommission(db: Db, orderId: number, refundId: number, refundMinor: number, paidMinor: number, now: Date) {
  return db.transaction(async (tx) => {
    await reverseCommission(tx, orderId, { key: `refund:${refundId}`, refundMinor, paidMinor, note: affiliateTexts.ledgerNotes.refunded }, now);
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId));
    if (order) await reverseRefundPoints(tx, order, refundId, now);
  });
}

/**
 * What is left to give back per payment that came in: its amount (as received) less its refunds that did not fail.
 * The order page's "Nog terug te betalen" and the manual and credit refunds below count the same way.
 */
export function leftPerPayment(paid: PaymentRow[], given: Pick<RefundRow, 'paymentId' | 'state' | 'amountMinor'>[]) {
  return paid.map((payment) => ({
    payment,
    left: Math.max(0, paidOf(payment).amountMinor - given.filter((r) => r.paymentId === payment.id && r.state !== 'failed').reduce((n, r) => n + r.amountMinor, 0)),
  }));
}

/** For the order page: all that came in and has not gone back yet, over every payment (newest first), or null when none. */
export async function refundableOf(db: Db, orderId: number): Promise<{ leftMinor: number; currency: string } | null> {
  const paid = await db
    .select()
    .from(s.payments)
    .where(and(eq(s.payments.orderId, orderId), eq(s.payments.state, 'complete')))
    .orderBy(desc(s.payments.id));
  if (paid.length === 0) return null;
  const given = await db.select().from(s.refunds).where(inArray(s.refunds.paymentId, paid.map((p) => p.id)));
  return { leftMinor: leftPerPayment(paid, given).reduce((n, l) => n + l.left, 0), currency: paidOf(paid[0]!).currency };
}

/** Under the locks: the payment to refund, the key's earlier refund, the version, the amount left; the new refund row. */
async function reserveRefund(tx: Db, input: RefundInput, by: RefundBy | undefined): Promise<{ refund: RefundRow; payment: PaymentRow; existing: boolean }> {
  const order = await lockOrderForRefund(tx, input.orderNumber);
  const [payment] = await tx
    .select()
    .from(s.payments)
    .where(
      input.paymentId
        ? and(eq(s.payments.orderId, order.id), eq(s.payments.id, input.paymentId), inArray(s.payments.state, ['complete', 'needs_review']))
        : and(eq(s.payments.orderId, order.id), eq(s.payments.state, 'complete')),
    )
    .orderBy(desc(s.payments.id))
    .limit(1)
    .for('update');
  if (!payment) throw new RefundError('not_paid');
  // Checked under the lock: a second request with the same key waits above and then finds the first.
  const [again] = await tx.select().from(s.refunds).where(eq(s.refunds.idempotencyKey, input.idempotencyKey));
  if (again) return { refund: again, payment, existing: true };
  await assertOrderUnchanged(tx, order, input.version);
  const [{ refunded } = { refunded: 0 }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${s.refunds.amountMinor}), 0)::int` })
    .from(s.refunds)
    .where(and(eq(s.refunds.paymentId, payment.id), ne(s.refunds.state, 'failed')));
  // A payment kept for review gives back what actually came in, in the currency it came in.
  const paid = paidOf(payment);
  const left = paid.amountMinor - Number(refunded);
  const amount = input.amountMinor ?? left;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw new RefundError('too_much', String(left));
  const [refund] = await tx
    .insert(s.refunds)
    .values({ paymentId: payment.id, idempotencyKey: input.idempotencyKey, amountMinor: amount, currency: paid.currency, state: payment.method === 'online' ? 'pending' : 'manual', reason: input.reason })
    .returning();
  const r = { refundId: refund!.id, amountMinor: amount, currency: paid.currency, state: refund!.state, orderId: order.id };
  await auditRefund(tx, by, input, { ...r, leftMinor: left - amount, paymentId: payment.id });
  if (refund!.state === 'manual') await mailRefund(tx, by, input.reason, r);
  return { refund: refund!, payment, existing: false };
}

/** Asks the provider to give the reserved amount back (with the same key); its yes settles the refund and mails. */
async function refundAtProvider(db: Db, deps: PaymentDeps, by: RefundBy | undefined, input: RefundInput, payment: PaymentRow, refund: RefundRow, now: Date) {
  try {
    const provider = paymentProvider(deps, payment.provider);
    if (!provider) throw new Error(`betaalprovider ${payment.provider} is niet ingesteld`);
    const done = await provider.refund({
      reference: payment.reference,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      idempotencyKey: input.idempotencyKey,
      description: `Kiemkracht ${input.orderNumber}: ${input.reason}`.slice(0, 140),
    });
    await db.transaction(async (tx) => {
      await tx.update(s.refunds).set({ state: 'refunded', providerReference: done.reference, updatedAt: now }).where(eq(s.refunds.id, refund.id));
      await mailRefund(tx, by, input.reason, { refundId: refund.id, amountMinor: refund.amountMinor, currency: refund.currency, state: 'refunded', orderId: payment.orderId });
    });
  } catch (e) {
    // Not counted any more: staff may try again (with a new key) once the provider answers.
    const message = e instanceof Error ? e.message : String(e);
    await db.update(s.refunds).set({ state: 'failed', lastError: message.slice(0, 1000), updatedAt: now }).where(eq(s.refunds.id, refund.id));
    throw new RefundError('provider', message);
  }
}

// ---- the flow ----------------------------------------------------------------------------------

/**
 * Gives money back on the payment that settled an order: all that is left, or `amountMinor` of it. Online
 * payments are refunded through their provider; bank transfer and cash are recorded as manual refunds (taken
 * from the amounts that came in, refundReceivedAmounts).
 */
export async function refundPayment(db: Db, input: RefundInput, deps: PaymentDeps, now = new Date(), by?: RefundBy): Promise<RefundResult> {
  if (input.asCredit || !input.paymentId) {
    const pooled = await refundReceivedAmounts(db, input, now, by);
    if (pooled) return pooled;
  }
  const { refund, payment, existing } = await db.transaction((tx) => reserveRefund(tx, input, by));
  const result = (state: RefundState): RefundResult => ({ amountMinor: refund.amountMinor, currency: refund.currency, state, provider: payment.provider, existing });
  if (existing || refund.state !== 'pending') {
    if (refund.state === 'manual') await takeBackCommission(db, payment.orderId, refund.id, refund.amountMinor, payment.amountMinor, now);
    return result(refund.state);
  }
  await refundAtProvider(db, deps, by, input, payment, refund, now);
  await takeBackCommission(db, payment.orderId, refund.id, refund.amountMinor, payment.amountMinor, now);
  return result('refunded');
}

type Reserved = { rows: RefundRow[]; order: OrderRow; paidMinor: number; existing: boolean };

/**
 * Under the locks: the manual refund split over the amounts that came in, newest first, one refund row per amount
 * (the first under the caller's key, the others under `<key>:<payment id>`). Null for an order paid online.
 */
async function reserveReceivedRefund(tx: Db, input: RefundInput, by: RefundBy | undefined): Promise<Reserved | null> {
  const order = await lockOrderForRefund(tx, input.orderNumber);
  const paid = await tx
    .select()
    .from(s.payments)
    .where(and(eq(s.payments.orderId, order.id), eq(s.payments.state, 'complete')))
    .orderBy(desc(s.payments.id))
    .for('update');
  if (paid.length === 0) throw new RefundError('not_paid');
  // As credit, any payment can be given back (no provider is asked); as money, online goes through its provider.
  if (!input.asCredit && paid.some((p) => p.method === 'online')) return null;
  if (input.asCredit && !(await canHoldCredit(tx, order.userId))) throw new RefundError('no_account');
  const state = input.asCredit ? ('credit' as const) : ('manual' as const);
  const paidMinor = paid.reduce((n, p) => n + paidOf(p).amountMinor, 0);
  const keys = (r: { idempotencyKey: string }) => r.idempotencyKey === input.idempotencyKey || r.idempotencyKey.startsWith(`${input.idempotencyKey}:`);
  const given = await tx
    .select()
    .from(s.refunds)
    .where(inArray(s.refunds.paymentId, paid.map((p) => p.id)));
  const again = given.filter(keys);
  if (again.length > 0) return { rows: again, order, paidMinor, existing: true };
  await assertOrderUnchanged(tx, order, input.version);
  const left = leftPerPayment(paid, given);
  const leftMinor = left.reduce((n, l) => n + l.left, 0);
  const amount = input.amountMinor ?? leftMinor;
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > leftMinor) throw new RefundError('too_much', String(leftMinor));
  const rows: RefundRow[] = [];
  let rest = amount;
  for (const { payment, left: l } of left) {
    if (rest === 0) break;
    const take = Math.min(rest, l);
    if (take === 0) continue;
    const key = rows.length === 0 ? input.idempotencyKey : `${input.idempotencyKey}:${payment.id}`;
    const [row] = await tx
      .insert(s.refunds)
      .values({ paymentId: payment.id, idempotencyKey: key, amountMinor: take, currency: paidOf(payment).currency, state, reason: input.reason })
      .returning();
    rows.push(row!);
    rest -= take;
  }
  const r = { refundId: rows[0]!.id, amountMinor: amount, currency: rows[0]!.currency, state, orderId: order.id };
  // The credit is booked in the currency the money came in (a balance is per currency), in this transaction: the refund rows and the ledger entry
  // happen together or not at all, and the refund's key makes a retry book nothing.
  if (input.asCredit) {
    await grantCredit(tx, { userId: order.userId!, currency: r.currency, amountMinor: amount, kind: 'refund', reason: input.reason, orderId: order.id, staffId: by?.actor.staffId ?? null, sourceKey: `refund:${input.idempotencyKey}` });
  }
  await auditRefund(tx, by, input, { ...r, leftMinor: leftMinor - amount, paymentId: rows[0]!.paymentId });
  await mailRefund(tx, by, input.reason, r);
  return { rows, order, paidMinor, existing: false };
}

/**
 * Money given back on a bank transfer or cash order (no provider to ask): what was paid may have come in as several
 * amounts (ADR 029), all refunded under the rows' locks so refunds at once never exceed what came in. Null for an
 * order paid online: that goes through its provider (refundPayment).
 */
async function refundReceivedAmounts(db: Db, input: RefundInput, now: Date, by: RefundBy | undefined): Promise<RefundResult | null> {
  const reserved = await db.transaction((tx) => reserveReceivedRefund(tx, input, by));
  if (!reserved) return null;
  const { rows, order, paidMinor, existing } = reserved;
  const amountMinor = rows.reduce((n, r) => n + r.amountMinor, 0);
  await takeBackCommission(db, order.id, rows[0]!.id, amountMinor, paidMinor, now);
  return { amountMinor, currency: rows[0]!.currency, state: rows[0]!.state, provider: rows[0]!.state === 'credit' ? 'credit' : 'manual', existing };
}
