// Money received by bank transfer or cash (ADR 029): what staff's "payment received" form and booked bank
// statement lines carry, and what the order has received so far. Each amount is one payments row (so every
// money movement is in one table); recording one is the confirm-payment flow's work.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
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

/** What came in for the order, what is still due and what is over (received amounts net of refunds). */
export async function receiptSummary(tx: Db, order: typeof s.orders.$inferSelect) {
  const rows = await tx.select({ state: s.payments.state, amountMinor: s.payments.amountMinor }).from(s.payments).where(eq(s.payments.orderId, order.id)).orderBy(asc(s.payments.id));
  const refunds = await tx
    .select({ state: s.refunds.state, amountMinor: s.refunds.amountMinor })
    .from(s.refunds)
    .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
    .where(eq(s.payments.orderId, order.id));
  const sum = receivedSummary(order.totalMinor, rows, refunds);
  return { orderNumber: order.number, currency: order.currency, receivedMinor: sum.receivedMinor, dueMinor: sum.dueMinor, overMinor: sum.overMinor };
}
