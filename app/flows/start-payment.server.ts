// Starting a payment: the hosted page of the online provider for a new order, and another attempt with any
// method after a failed one (the stock is taken again first).
import { eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';
import { OrderError, releaseStock, reserveAgain } from '~/modules/orders/orders.server.ts';
import { onlineProvider, type PaymentDeps, recordManualPayment } from '~/modules/payments/payments.server.ts';
import { paymentDeadline, type PaymentMethod } from '~/modules/payments/payments.ts';
import { queueOrderMail } from './order-mail.server.ts';

/**
 * Opens a hosted payment page for the order and returns where to send the customer. When the
 * provider cannot be reached the attempt counts as failed, so the customer can choose again.
 */
export async function startOnlinePayment(db: Db, orderNumber: string, deps: PaymentDeps, returnUrl: string, now = new Date()): Promise<string | null> {
  const [order] = await db.select().from(s.orders).where(eq(s.orders.number, orderNumber));
  if (!order) throw new OrderError('not_found', orderNumber);
  const provider = onlineProvider(deps);
  if (!provider) throw new OrderError('not_retryable', orderNumber);
  try {
    const session = await provider.createSession({ orderNumber, amountMinor: order.totalMinor, currency: order.currency, returnUrl, origin: deps.links.origin });
    await db.insert(s.payments).values({
      orderId: order.id,
      method: 'online',
      provider: provider.id,
      reference: session.reference,
      amountMinor: order.totalMinor,
      currency: order.currency,
    });
    return session.redirectUrl;
  } catch {
    await db.transaction(async (tx) => {
      await releaseStock(tx, order.id);
      await tx.update(s.orders).set({ paymentState: 'failed', expiresAt: paymentDeadline('bank_transfer', now) }).where(eq(s.orders.id, order.id));
    });
    await stockChanged(db);
    return null;
  }
}

/**
 * After a failed payment the customer picks a method again for the same order. The stock is
 * taken again first; for online payment the caller sends the customer to the returned address.
 */
export async function retryPayment(db: Db, orderNumber: string, method: PaymentMethod, deps: PaymentDeps, returnUrl: string, now = new Date()) {
  if (method === 'online' && !onlineProvider(deps)) throw new OrderError('payment_method', orderNumber);
  await db.transaction(async (tx) => {
    const [o] = await tx.select().from(s.orders).where(eq(s.orders.number, orderNumber)).for('update');
    if (!o) throw new OrderError('not_found', orderNumber);
    if (o.status === 'cancelled' || o.paymentState !== 'failed') throw new OrderError('not_retryable', orderNumber);
    await reserveAgain(tx, o);
    const [updated] = await tx
      .update(s.orders)
      .set({ paymentMethod: method, paymentState: 'pending', expiresAt: paymentDeadline(method, now), reminderSentAt: null })
      .where(eq(s.orders.id, o.id))
      .returning();
    if (method !== 'online') {
      await recordManualPayment(tx, updated!, method);
      await queueOrderMail(tx, updated!, 'order_received', deps.links);
    }
  });
  await stockChanged(db);
  if (method !== 'online') {
    kickMail();
    return null;
  }
  return startOnlinePayment(db, orderNumber, deps, returnUrl, now);
}
