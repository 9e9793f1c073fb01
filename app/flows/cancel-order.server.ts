// Cancelling an order, from any source (staff, the command line, the deadline job): stock back, coupon use
// released, the affiliate's commission reversed and open payment attempts failed, each once, under the
// order's row lock.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { affiliates as affiliateTexts } from '~/i18n/nl/affiliates.ts';
import { reverseCommission } from '~/modules/affiliates/affiliates.server.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { returnOrderCredit } from '~/modules/credit/credit.server.ts';
import { cancelOrderPoints } from '~/modules/loyalty/loyalty.server.ts';
import { lockOrder, OrderError, releaseCoupon, releaseStock } from '~/modules/orders/orders.server.ts';

type OrderRow = typeof s.orders.$inferSelect;

/** Cancels an unshipped order and gives its stock back (once). */
export async function cancelOrder(db: Db, number: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, number);
    if (o.status === 'shipped') throw new OrderError('already_shipped', number);
    if (o.status === 'cancelled') return;
    await cancelLocked(tx, o, now);
  });
  await stockChanged(db);
}

/** Cancels a locked order: stock back, coupon use released, credit and points back, commission reversed, each once. */
export async function cancelLocked(tx: Db, o: OrderRow, now: Date): Promise<{ stockReturned: boolean; couponReleased: boolean }> {
  const stockReturned = await releaseStock(tx, o.id);
  const couponReleased = await releaseCoupon(tx, o.id);
  // The store credit the order used goes back to the customer (ADR 073), once: its ledger key is the order's.
  await returnOrderCredit(tx, o, now);
  // Kiempunten (ADR 075): the points it used come back, whatever it earned goes, each once.
  await cancelOrderPoints(tx, o, now);
  // A cancelled order earns nothing: whatever commission it earned is taken back (once).
  await reverseCommission(tx, o.id, { key: `cancel:${o.id}`, refundMinor: o.totalMinor, paidMinor: o.totalMinor, note: affiliateTexts.ledgerNotes.cancelled }, now);
  await tx
    .update(s.payments)
    .set({ state: 'failed', updatedAt: now })
    .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['pending', 'processing'])));
  await tx
    .update(s.orders)
    .set({ status: 'cancelled', cancelledAt: now, expiresAt: null, paymentState: o.paymentState === 'complete' ? 'complete' : 'failed' })
    .where(eq(s.orders.id, o.id));
  return { stockReturned, couponReleased };
}
