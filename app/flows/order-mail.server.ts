// The customer's mails about an order: the order's lines and figures, its status link and, while it waits for
// money, the payment instructions with the shop's bank or cash address. Queued in the caller's transaction, so a
// mail goes out exactly when its change commits; the caller kicks the queue after the commit.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { enqueueMail } from '~/lib/mail-outbox.server.ts';
import type { OrderMailData, OrderMailTemplate } from '~/modules/mail/mail.ts';
import { type OrderLinks, orderStatusPath } from '~/modules/orders/orders.server.ts';
import { moneyRows } from '~/modules/payments/money-history.ts';
import { orderMoneyHistory } from '~/modules/payments/money-history.server.ts';
import { instructionsFor } from '~/modules/payments/payments.ts';
import { paymentDetails } from '~/lib/settings.server.ts';

type OrderRow = typeof s.orders.$inferSelect;

/** The mails about money carry the order's payments and refunds so far. */
const MONEY_MAILS = new Set<OrderMailTemplate>(['payment_partial', 'payment_received', 'order_refunded', 'order_cancelled']);

/** `order.lines`: the order's lines when the caller has them (the checkout just wrote them), paid ones first. */
export async function queueOrderMail(
  tx: Db,
  order: OrderRow & { lines?: (typeof s.orderLines.$inferSelect)[] },
  template: OrderMailTemplate,
  links: OrderLinks,
  tracking: OrderMailData['tracking'] = null,
  extra: Pick<OrderMailData, 'parcel' | 'refund' | 'received' | 'pointsEarned'> = {},
) {
  // One connection inside a transaction: queries one after the other.
  const lines = order.lines ?? (await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(asc(s.orderLines.isFree), asc(s.orderLines.id)));
  const shop = await paymentDetails(tx);
  // Read in the caller's transaction: the payment or refund this mail is about is already there.
  const money = MONEY_MAILS.has(template) ? moneyRows(await orderMoneyHistory(tx, order)) : undefined;
  await enqueueMail(tx, {
    template,
    to: order.email,
    data: {
      orderNumber: order.number,
      statusUrl: links.origin + orderStatusPath(links, order.number, order.email),
      currency: order.currency,
      lines: lines.map((l) => ({ name: l.productName, seeds: l.seeds, quantity: l.quantity, unitPrice: l.unitPriceMinor, isFree: l.isFree })),
      subtotal: order.subtotalMinor,
      discount: order.discountMinor,
      shipping: order.shippingMinor,
      total: order.totalMinor,
      ...(order.creditMinor > 0 ? { credit: order.creditMinor } : {}),
      couponCode: order.couponCode,
      paymentMethod: order.paymentMethod,
      instructions:
        (template === 'order_received' || template === 'payment_reminder' || template === 'payment_partial') && order.paymentState === 'pending'
          ? instructionsFor(order.paymentMethod, { ...order, totalMinor: extra.received?.due ?? order.totalMinor }, shop)
          : null,
      shippingAddress: order.shippingAddress,
      carrier: order.carrier,
      deliveryMinDays: order.deliveryMinDays,
      deliveryMaxDays: order.deliveryMaxDays,
      tracking,
      ...(money ? { money } : {}),
      ...extra,
    },
  });
}
