import type { Db } from '~/db/client.server.ts';
// Server-only texts: imported from their file so they stay out of the browser's copy of nl.ts.
import { staff as t } from '~/i18n/nl/checkout.ts';
import { formatMoney } from '~/lib/money.ts';
import { type PaymentDeps, paymentsNeedingReview, RefundError, type RefundResult, refundPayment } from '~/modules/payments/payments.server.ts';
import { cancelOrder, findOrder, markOrderPaid, OrderError, shipOrder } from './orders.server.ts';
import { normaliseOrderNumber } from './orders.ts';

export type StaffAction = { number: string; action: 'paid' | 'ship' | 'cancel' | 'refund'; tracking?: string; amount?: string };

/** "14,90" or "14.90" in the order's currency, to minor units; null when it is not an amount. */
function parseStaffAmount(text: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

const refundMessage = (number: string, r: RefundResult) =>
  r.state === 'manual' ? t.refundManual(number, formatMoney(r.amountMinor, r.currency)) : t.refunded(number, formatMoney(r.amountMinor, r.currency), r.provider);

/** The staff actions of the back office (for now reached through `npm run order`). */
export async function staffOrderAction(db: Db, a: StaffAction, deps: PaymentDeps): Promise<{ ok: boolean; message: string }> {
  const number = normaliseOrderNumber(a.number);
  if (!number) return { ok: false, message: t.errors.not_found };
  const links = deps.links;
  try {
    if (a.action === 'refund') {
      const amountMinor = a.amount === undefined ? undefined : parseStaffAmount(a.amount);
      if (amountMinor === null) return { ok: false, message: t.refundAmountInvalid };
      // Each staff refund is its own: the key is new every time (the CLI is the only caller so far).
      const r = await refundPayment(db, { orderNumber: number, amountMinor, idempotencyKey: `staff:${number}:${crypto.randomUUID()}`, reason: t.refundReason }, deps);
      return { ok: true, message: refundMessage(number, r) };
    }
    if (a.action === 'paid') {
      const changed = await markOrderPaid(db, number, links);
      return { ok: true, message: changed ? t.paid(number) : t.alreadyPaid(number) };
    }
    if (a.action === 'ship') {
      if (!a.tracking) return { ok: false, message: t.trackingRequired };
      await shipOrder(db, number, a.tracking, links);
      return { ok: true, message: t.shipped(number, a.tracking.trim().toUpperCase()) };
    }
    await cancelOrder(db, number);
    // A paid order that is cancelled gets its money back: once, whatever how often staff cancel it.
    if ((await findOrder(db, number))?.paymentState === 'complete') {
      const r = await refundPayment(db, { orderNumber: number, idempotencyKey: `cancel:${number}`, reason: t.cancelReason }, deps).catch((e) => {
        if (e instanceof RefundError && e.code === 'too_much') return null; // refunded in full before
        throw e;
      });
      if (r) return { ok: true, message: `${t.cancelledDone(number)} ${refundMessage(number, r)}` };
    }
    return { ok: true, message: t.cancelledDone(number) };
  } catch (e) {
    if (e instanceof OrderError) return { ok: false, message: e.detail && e.code === 'out_of_stock' ? `${t.errors[e.code]} (${e.detail})` : t.errors[e.code] };
    if (e instanceof RefundError) return { ok: false, message: e.code === 'provider' ? t.refundFailed(e.detail ?? '') : e.code === 'too_much' ? t.refundTooMuch(formatMoney(Number(e.detail ?? 0), 'EUR')) : t.errors[e.code] };
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
