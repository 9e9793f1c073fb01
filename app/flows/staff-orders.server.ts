// `npm run order` and POST /api/staff/orders: the same order actions as the back office (order-actions.server.ts),
// with 'cli' or 'api' as the audit log's actor.
import crypto from 'node:crypto';
import type { Db } from '~/db/client.server.ts';
// Server-only texts: imported from their file so they stay out of the browser's copy of nl.ts.
import { staff as t } from '~/i18n/nl/checkout.ts';
import { backoffice as bo } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
 
import { findOrder, OrderError } from '~/modules/orders/orders.server.ts';
 
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';
 
import { type PaymentDeps, paymentsNeedingReview, RefundError, type RefundResult } from '~/modules/payments/payments.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { cancelOrderAction, OrderActionError, refundOrder, shipParcel } from './order-actions.server.ts';
import { parseEuroAmount } from '~/lib/money.ts';
import { ReceiptError } from '~/modules/payments/receipts.server.ts';
import { markOrderPaid, recordPaymentReceived } from './confirm-payment.server.ts';

export type StaffAction = { number: string; action: 'paid' | 'ship' | 'cancel' | 'refund'; tracking?: string; amount?: string };

const refundMessage = (number: string, r: RefundResult) =>
  r.state === 'manual' ? t.refundManual(number, formatMoney(r.amountMinor, r.currency)) : t.refunded(number, formatMoney(r.amountMinor, r.currency), r.provider);

/** One staff action from the command line or the staff API; `actor` is { label: 'cli' } or { label: 'api' }. */
export async function staffOrderAction(db: Db, a: StaffAction, deps: PaymentDeps, actor: Actor): Promise<{ ok: boolean; message: string }> {
  const number = normaliseOrderNumber(a.number);
  if (!number) return { ok: false, message: t.errors.not_found };
  const ctx = { actor, deps };
  // Each command is its own action: a fresh key (the back office's forms carry theirs).
  const key = `${actor.label}:${crypto.randomUUID()}`;
  try {
    if (a.action === 'refund') {
      const amountMinor = a.amount === undefined ? undefined : parseEuroAmount(a.amount);
      if (amountMinor === null) return { ok: false, message: t.refundAmountInvalid };
      const r = await refundOrder(db, ctx, number, { key, amountMinor, reason: t.refundReason });
      return { ok: true, message: refundMessage(number, r) };
    }
    if (a.action === 'paid' && a.amount !== undefined) return await bookReceived(db, ctx, number, a.amount, key);
    if (a.action === 'paid') {
      const changed = await markOrderPaid(db, number, deps.links);
      return { ok: true, message: changed ? t.paid(number) : t.alreadyPaid(number) };
    }
    if (a.action === 'ship') {
      if (!a.tracking) return { ok: false, message: t.trackingRequired };
      const order = await findOrder(db, number);
      if (!order) return { ok: false, message: t.errors.not_found };
      // Everything still to ship, in one parcel with the order's carrier.
      await shipParcel(db, ctx, number, { key, carrier: order.carrier, trackingCode: a.tracking, trackingUrl: null, lines: 'rest' });
      return { ok: true, message: t.shipped(number, a.tracking.trim().toUpperCase()) };
    }
    const { refund } = await cancelOrderAction(db, ctx, number);
    return { ok: true, message: refund ? `${t.cancelledDone(number)} ${refundMessage(number, refund)}` : t.cancelledDone(number) };
  } catch (e) {
    if (e instanceof OrderActionError) {
      // The command line's own wording where it has one (scripts and people read these).
      const own = e.code === 'shipped' ? t.errors.already_shipped : e.code in t.errors ? t.errors[e.code as keyof typeof t.errors] : bo.actions.errors[e.code];
      return { ok: false, message: own + (e.detail && e.code !== 'not_found' ? ` (${e.detail})` : '') };
    }
    if (e instanceof OrderError) return { ok: false, message: e.detail && e.code === 'out_of_stock' ? `${t.errors[e.code]} (${e.detail})` : t.errors[e.code] };
    if (e instanceof RefundError)
      return { ok: false, message: e.code === 'provider' ? t.refundFailed(e.detail ?? '') : e.code === 'too_much' ? t.refundTooMuch(formatMoney(Number(e.detail ?? 0), 'EUR')) : t.errors[e.code] };
    throw e;
  }
}

/** `paid <amount>`: one amount that came in (a bank transfer in parts, cash), booked as the back office's form does. */
async function bookReceived(db: Db, ctx: { actor: Actor; deps: PaymentDeps }, number: string, amount: string, key: string) {
  const amountMinor = parseEuroAmount(amount);
  if (amountMinor === null || amountMinor <= 0) return { ok: false, message: t.receivedAmountInvalid };
  const order = await findOrder(db, number);
  if (!order) return { ok: false, message: t.errors.not_found };
  try {
    const r = await recordPaymentReceived(db, ctx.actor, { orderNumber: number, amountMinor, currency: order.currency, source: 'staff', key }, ctx.deps.links);
    if (r.state === 'needs_review') return { ok: false, message: t.receivedForReview(number) };
    return { ok: true, message: r.paid ? t.paid(number) : t.received(number, formatMoney(amountMinor, order.currency), formatMoney(r.dueMinor, order.currency)) };
  } catch (e) {
    if (e instanceof ReceiptError && e.code === 'over') return { ok: false, message: t.receivedTooMuch(formatMoney(e.dueMinor ?? 0, order.currency)) };
    if (e instanceof ReceiptError) return { ok: false, message: e.code === 'not_found' ? t.errors.not_found : t.receivedAmountInvalid };
    throw e;
  }
}

/** `npm run order -- review`: payments kept for review because amount or currency differed from the order. */
export async function staffReviewList(db: Db): Promise<{ ok: boolean; message: string }> {
  const rows = await paymentsNeedingReview(db);
  if (rows.length === 0) return { ok: true, message: t.noneForReview };
  const lines = rows.map((r) =>
    t.reviewLine({
      orderNumber: r.orderNumber,
      provider: r.provider,
      reference: r.reference,
      expected: formatMoney(r.expectedMinor, r.expectedCurrency),
      received: r.receivedMinor === null || !r.receivedCurrency ? '—' : formatMoney(r.receivedMinor, r.receivedCurrency),
      at: r.updatedAt.toISOString(),
    }),
  );
  return { ok: true, message: [t.forReview(rows.length), ...lines].join('\n') };
}
