// Money received by bank transfer or cash (ADR 029): staff's "payment received" form and booked bank
// statement lines both land here. Each amount is one payments row (so every money movement is in one
// table), idempotent per key, applied under the order's row lock; the order becomes paid through the
// same locked step as markOrderPaid once the amounts reach its total.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { kickMail } from '~/modules/mail/mail.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { assertOrderUnchanged } from '~/modules/orders/order-version.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { lockOrder, OrderError, type OrderLinks, payLocked, queueOrderMail } from '~/modules/orders/orders.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { receivedSummary } from './payments.ts';

export type ReceiptInput = {
  orderNumber: string;
  amountMinor: number;
  currency: string;
  source: 'staff' | 'bank';
  /** The form's idempotency key, or the bank line's stable id: the same key is one payment. */
  key: string;
  payer?: string;
  note?: string;
  receivedAt?: Date;
  /** The order's version the staff form was rendered on (ADR 054): another version is refused (OrderChangedError). */
  version?: string;
  /** Staff confirmed in the form that more came in than was due; without it such an amount is refused ('over'). */
  overpaid?: boolean;
};

/** Why a received amount was kept aside instead of applied. */
export type ReviewReason = 'cancelled' | 'expired' | 'currency' | 'out_of_stock';

export type ReceiptResult = {
  /** recorded: a new row; duplicate: this key was recorded before (nothing changed now). */
  outcome: 'recorded' | 'duplicate';
  state: 'complete' | 'needs_review';
  reason: ReviewReason | null;
  orderNumber: string;
  /** The order became paid by this amount. */
  paid: boolean;
  receivedMinor: number;
  dueMinor: number;
  overMinor: number;
  currency: string;
};

export class ReceiptError extends Error {
  constructor(
    readonly code: 'not_found' | 'amount' | 'key' | 'over',
    /** For 'over': what was still due, in minor units. */
    readonly dueMinor?: number,
  ) {
    super(code);
  }
}

export const PROVIDER_FOR_SOURCE = { staff: 'manual', bank: 'bank' } as const;

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
    if (before) return { ...(await summaryOf(tx, order)), outcome: 'duplicate', state: before.state === 'needs_review' ? 'needs_review' : 'complete', reason: null, paid: false };
    await assertOrderUnchanged(tx, order, input.version);

    // Past its payment window and nothing came in before: the stock may be gone. An order already partly paid
    // is kept by the expiry job, so the rest of its money is applied whenever it comes.
    const expired = order.paymentState !== 'complete' && order.expiresAt !== null && order.expiresAt <= now && (await summaryOf(tx, order)).receivedMinor === 0;
    let reason: ReviewReason | null =
      order.status === 'cancelled' ? 'cancelled' : input.currency !== order.currency ? 'currency' : expired ? 'expired' : null;
    // Staff book more than is due only when they say so (a bank line is what came in: booked as it is).
    if (!reason && input.source === 'staff' && !input.overpaid) {
      const { dueMinor } = await summaryOf(tx, order);
      if (input.amountMinor > dueMinor) throw new ReceiptError('over', dueMinor);
    }
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
    if (!row) return { ...(await summaryOf(tx, order)), outcome: 'duplicate', state: 'complete', reason: null, paid: false };

    let paid = false;
    if (!reason) {
      const sum = await summaryOf(tx, order);
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
            .where(eq(s.payments.id, row.id));
        }
      }
    }
    const summary = await summaryOf(tx, order);
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

async function summaryOf(tx: Db, order: typeof s.orders.$inferSelect) {
  const rows = await tx.select({ state: s.payments.state, amountMinor: s.payments.amountMinor }).from(s.payments).where(eq(s.payments.orderId, order.id)).orderBy(asc(s.payments.id));
  const refunds = await tx
    .select({ state: s.refunds.state, amountMinor: s.refunds.amountMinor })
    .from(s.refunds)
    .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
    .where(eq(s.payments.orderId, order.id));
  const sum = receivedSummary(order.totalMinor, rows, refunds);
  return { orderNumber: order.number, currency: order.currency, receivedMinor: sum.receivedMinor, dueMinor: sum.dueMinor, overMinor: sum.overMinor };
}
