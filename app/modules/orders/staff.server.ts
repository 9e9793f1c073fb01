import type { Db } from '~/db/client.server.ts';
// Server-only texts: imported from their file so they stay out of the browser's copy of nl.ts.
import { staff as t } from '~/i18n/nl/checkout.ts';
import { cancelOrder, markOrderPaid, OrderError, type OrderLinks, shipOrder } from './orders.server.ts';
import { normaliseOrderNumber } from './orders.ts';
import { formatMoney } from '~/lib/money.ts';
import { paymentsNeedingReview } from '~/modules/payments/payments.server.ts';

export type StaffAction = { number: string; action: 'paid' | 'ship' | 'cancel'; tracking?: string };

/** The staff actions of the back office (for now reached through `npm run order`). */
export async function staffOrderAction(db: Db, a: StaffAction, links: OrderLinks): Promise<{ ok: boolean; message: string }> {
  const number = normaliseOrderNumber(a.number);
  if (!number) return { ok: false, message: t.errors.not_found };
  try {
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
    return { ok: true, message: t.cancelledDone(number) };
  } catch (e) {
    if (e instanceof OrderError) return { ok: false, message: e.detail && e.code === 'out_of_stock' ? `${t.errors[e.code]} (${e.detail})` : t.errors[e.code] };
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
