// Payment confirmation from any source: the provider's webhook (and the sandbox's page, which posts the same
// event), a received amount booked by staff or from a bank statement line, staff's "paid" from the command line
// or staff API. Every source ends in the one locked step that makes an order paid (payLocked): stock taken again
// when a failed attempt had released it, the parcel to processing, the affiliate's commission, the customer's
// mail, all in the source's transaction.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { assertOrderUnchanged } from '~/db/order-version.server.ts';
import * as s from '~/db/schema/index.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { earnCommission } from '~/modules/affiliates/affiliates.server.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';
import { lockOrder, OrderError, type OrderLinks, releaseStock, reserveAgain } from '~/modules/orders/orders.server.ts';
import { paymentProvider, type PaymentDeps } from '~/modules/payments/payments.server.ts';
import { paidAmountMatches, paymentDeadline } from '~/modules/payments/payments.ts';
import { PROVIDER_FOR_SOURCE, type ReceiptInput, type ReceiptResult, ReceiptError, receiptSummary, type ReviewReason } from '~/modules/payments/receipts.server.ts';
import { queueOrderMail } from './order-mail.server.ts';

type OrderRow = typeof s.orders.$inferSelect;

// ---- the order becomes paid ------------------------------------------------------------------

/**
 * Payment complete: from the webhook (online) or staff (bank transfer, cash). Idempotent: an order
 * that is already paid stays as it is. A cancelled order is refused (staff refund it by hand).
 */
export async function markOrderPaid(db: Db, number: string, links: OrderLinks, now = new Date(), paymentId?: number) {
  const changed = await db.transaction(async (tx) => {
    const o = await lockOrder(tx, number);
    if (o.status === 'cancelled') throw new OrderError('cancelled', number);
    return payLocked(tx, o, links, now, paymentId ? { paymentId } : 'open');
  });
  if (changed) {
    // A payment after a failed attempt may have taken the stock again.
    await stockChanged(db);
    kickMail();
  }
  return changed;
}

/**
 * The one "order is paid" step, on an order the caller has locked (markOrderPaid, and received amounts that
 * reach the total: receipts.server.ts). `complete` says which attempt rows become complete: the one that
 * paid, all open ones (staff's "paid" for the whole amount), or none (the received amounts are their own
 * rows). Returns false when the order was paid already. The caller kicks the mail queue after its commit.
 */
export async function payLocked(tx: Db, o: OrderRow, links: OrderLinks, now: Date, complete: { paymentId: number } | 'open' | 'none'): Promise<boolean> {
  if (o.paymentState === 'complete') return false;
  // Money arrived after a failed attempt released the stock: take it again (or tell staff).
  await reserveAgain(tx, o);
  if (complete === 'open') {
    // Staff's "paid" (command line, staff API) settles what is still due: amounts received before (ADR 029) count,
    // so the open request is completed for the rest, not for the whole total again.
    const [{ received } = { received: 0 }] = await tx
      .select({ received: sql<number>`coalesce(sum(${s.payments.amountMinor}), 0)::int` })
      .from(s.payments)
      .where(and(eq(s.payments.orderId, o.id), eq(s.payments.state, 'complete')));
    await tx
      .update(s.payments)
      .set({ state: 'complete', updatedAt: now, ...(Number(received) > 0 ? { amountMinor: Math.max(0, o.totalMinor - Number(received)) } : {}) })
      .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['pending', 'processing'])));
  }
  else if (complete !== 'none') await tx.update(s.payments).set({ state: 'complete', updatedAt: now }).where(eq(s.payments.id, complete.paymentId));
  const [paid] = await tx
    .update(s.orders)
    .set({ paymentState: 'complete', paidAt: now, expiresAt: null, status: 'processing' })
    .where(eq(s.orders.id, o.id))
    .returning();
  await tx
    .update(s.shipments)
    .set({ status: 'processing', processingAt: now })
    .where(and(eq(s.shipments.orderId, o.id), eq(s.shipments.status, 'new')));
  await earnCommission(tx, o.id, now);
  await queueOrderMail(tx, paid!, 'payment_received', links);
  return true;
}

/** Payment failed, cancelled or expired at the provider: the order waits for another attempt and frees its stock. */
export async function markPaymentFailed(tx: Db, orderId: number, paymentId: number, now = new Date()) {
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId)).for('update');
  if (!o) return;
  await tx.update(s.payments).set({ state: 'failed', updatedAt: now }).where(eq(s.payments.id, paymentId));
  if (o.status === 'cancelled' || o.paymentState === 'complete') return;
  // Only the latest attempt decides the order's state.
  const [latest] = await tx.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, orderId)).orderBy(desc(s.payments.id)).limit(1);
  if (latest?.id !== paymentId) return;
  await releaseStock(tx, orderId);
  await tx
    .update(s.orders)
    .set({ paymentState: 'failed', expiresAt: paymentDeadline('bank_transfer', now) })
    .where(eq(s.orders.id, orderId));
}

// ---- the provider's webhook -----------------------------------------------------------------

export type WebhookResult = { status: 200 | 400 | 404; outcome: 'applied' | 'duplicate' | 'invalid' | 'unknown_payment' | 'needs_review' };

/**
 * A provider's webhook: verified (HMAC over the raw body, timestamp within 300 s), then applied
 * once. The event id is stored in the same transaction as its effect, so a redelivery, even one
 * that races the first delivery, changes nothing.
 */
export async function handleWebhook(db: Db, providerId: string, rawBody: string, headers: Headers, deps: PaymentDeps, now = new Date()): Promise<WebhookResult> {
  const provider = paymentProvider(deps, providerId);
  const event = await provider?.parseWebhook(rawBody, headers, now);
  if (!provider || !event) return { status: 400, outcome: 'invalid' };
  const result = await db.transaction(async (tx): Promise<WebhookResult> => {
    const [payment] = await tx
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.provider, provider.id), eq(s.payments.reference, event.reference)))
      .for('update');
    // Not ours (yet): nothing is recorded, so the provider's retry is handled.
    if (!payment) return { status: 404, outcome: 'unknown_payment' };
    const fresh = await tx
      .insert(s.paymentEvents)
      .values({ provider: provider.id, eventId: event.id })
      .onConflictDoNothing()
      .returning({ id: s.paymentEvents.eventId });
    if (fresh.length === 0) return { status: 200, outcome: 'duplicate' };
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, payment.orderId));
    // Money for an order that expired or was cancelled (its attempt was failed then): kept on record for staff to review.
    const lateForCancelled = event.type === 'payment.paid' && payment.state === 'failed' && order!.status === 'cancelled';
    if (!lateForCancelled && (payment.state === 'complete' || payment.state === 'failed' || payment.state === 'needs_review')) return { status: 200, outcome: 'applied' };
    if (event.type === 'payment.paid' && !paidAmountMatches(event.amount, order!)) {
      await tx
        .update(s.payments)
        .set({ state: 'needs_review', receivedAmountMinor: event.amount?.minor ?? null, receivedCurrency: event.amount?.currency ?? null, updatedAt: now })
        .where(eq(s.payments.id, payment.id));
      console.warn(
        JSON.stringify({ msg: 'payment needs review: amount or currency differs from the order', order: order!.number, expected: { minor: order!.totalMinor, currency: order!.currency }, received: event.amount ?? null }),
      );
      return { status: 200, outcome: 'needs_review' };
    }
    if (event.type === 'payment.paid') {
      try {
        await markOrderPaid(tx, order!.number, deps.links, now, payment.id);
      } catch (e) {
        // Paid after cancellation: keep the money on record for a refund by staff.
        if (!(e instanceof OrderError)) throw e;
        await tx.update(s.payments).set({ state: 'complete', updatedAt: now }).where(eq(s.payments.id, payment.id));
      }
    } else if (event.type === 'payment.processing') {
      await tx.update(s.payments).set({ state: 'processing', updatedAt: now }).where(eq(s.payments.id, payment.id));
      await tx
        .update(s.orders)
        .set({ paymentState: 'processing' })
        .where(and(eq(s.orders.id, payment.orderId), eq(s.orders.paymentState, 'pending')));
    } else {
      await markPaymentFailed(tx, payment.orderId, payment.id, now);
    }
    return { status: 200, outcome: 'applied' };
  });
  if (result.outcome === 'applied') {
    await stockChanged(db);
    kickMail();
  }
  return result;
}

// ---- money received by bank transfer or cash (ADR 029) ---------------------------------------

/**
 * Why a received amount is kept aside for review instead of applied, or null. Staff book more than is due only
 * when they say so (a bank line is what came in: booked as it is).
 */
async function reviewReason(tx: Db, order: OrderRow, input: ReceiptInput, now: Date): Promise<ReviewReason | null> {
  // Past its payment window and nothing came in before: the stock may be gone. An order already partly paid
  // is kept by the expiry job, so the rest of its money is applied whenever it comes.
  const expired = order.paymentState !== 'complete' && order.expiresAt !== null && order.expiresAt <= now && (await receiptSummary(tx, order)).receivedMinor === 0;
  const reason: ReviewReason | null = order.status === 'cancelled' ? 'cancelled' : input.currency !== order.currency ? 'currency' : expired ? 'expired' : null;
  if (!reason && input.source === 'staff' && !input.overpaid) {
    const { dueMinor } = await receiptSummary(tx, order);
    if (input.amountMinor > dueMinor) throw new ReceiptError('over', dueMinor);
  }
  return reason;
}

/** The amounts reach the total: the order becomes paid (or the amount goes to review when its stock is gone). */
async function payIfSettled(tx: Db, order: OrderRow, input: ReceiptInput, rowId: number, links: OrderLinks, now: Date): Promise<{ paid: boolean; reason: ReviewReason | null }> {
  let paid = false;
  let reason: ReviewReason | null = null;
  const sum = await receiptSummary(tx, order);
  if (sum.dueMinor === 0 && order.paymentState !== 'complete') {
    try {
      // A savepoint: stock taken for some lines before another ran out is given back with it.
      paid = await tx.transaction((sp) => payLocked(sp, order, links, now, 'none'));
    } catch (e) {
      if (!(e instanceof OrderError && e.code === 'out_of_stock')) throw e;
      reason = 'out_of_stock';
      await tx
        .update(s.payments)
        .set({ state: 'needs_review', receivedAmountMinor: input.amountMinor, receivedCurrency: input.currency, updatedAt: now })
        .where(eq(s.payments.id, rowId));
    }
  }
  return { paid, reason };
}

/**
 * Records one received amount. Not applied (kept as needs_review for the review page) when the order is
 * cancelled or expired, the currency differs, or the stock is gone for an order that released it.
 */
export async function recordPaymentReceived(db: Db, actor: Actor, input: ReceiptInput, links: OrderLinks, now = new Date()): Promise<ReceiptResult> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new ReceiptError('amount');
  if (!input.key || input.key.length > 200) throw new ReceiptError('key');
  const provider = PROVIDER_FOR_SOURCE[input.source];
  let partlyPaidMail = false;
  const result = await db.transaction(async (tx): Promise<ReceiptResult> => {
    let order;
    try {
      order = await lockOrder(tx, input.orderNumber);
    } catch (e) {
      if (e instanceof OrderError) throw new ReceiptError('not_found');
      throw e;
    }
    // Checked under the order's lock: a second request with this key waits above and then finds the first.
    const [before] = await tx
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.provider, provider), eq(s.payments.reference, input.key)));
    if (before) return { ...(await receiptSummary(tx, order)), outcome: 'duplicate', state: before.state === 'needs_review' ? 'needs_review' : 'complete', reason: null, paid: false };
    await assertOrderUnchanged(tx, order, input.version);

    let reason = await reviewReason(tx, order, input, now);
    const [row] = await tx
      .insert(s.payments)
      .values({
        orderId: order.id,
        method: order.paymentMethod,
        provider,
        reference: input.key,
        state: reason ? 'needs_review' : 'complete',
        amountMinor: input.amountMinor,
        currency: input.currency,
        // The review list reads these: what came in, against the order's total.
        receivedAmountMinor: reason ? input.amountMinor : null,
        receivedCurrency: reason ? input.currency : null,
        receivedAt: input.receivedAt ?? now,
        payer: input.payer?.slice(0, 200) || null,
        note: input.note?.slice(0, 2000) || null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The key was used for another order at the same moment: the unique index decided, this one is a repeat.
    if (!row) return { ...(await receiptSummary(tx, order)), outcome: 'duplicate', state: 'complete', reason: null, paid: false };

    let paid = false;
    if (!reason) ({ paid, reason } = await payIfSettled(tx, order, input, row.id, links, now));
    const summary = await receiptSummary(tx, order);
    // Part of the money: the customer hears what came in and what is still due (with the payment details).
    const partial = !reason && !paid && order.paymentState !== 'complete' && summary.dueMinor > 0;
    if (partial) {
      await queueOrderMail(tx, order, 'payment_partial', links, null, { received: { amount: input.amountMinor, due: summary.dueMinor } });
      partlyPaidMail = true;
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'payment.received',
        entity: 'order',
        entityId: order.number,
        before: { paymentState: order.paymentState },
        after: { paymentId: row.id, source: input.source, key: input.key, amountMinor: input.amountMinor, currency: input.currency, state: reason ? 'needs_review' : 'complete', reason, paid, receivedMinor: summary.receivedMinor },
      },
      now,
    );
    return { ...summary, outcome: 'recorded', state: reason ? 'needs_review' : 'complete', reason, paid };
  });
  if (result.paid || partlyPaidMail) {
    kickMail();
    // Paying may take the stock again (after a failed attempt released it).
    await stockChanged(db);
  }
  return result;
}
