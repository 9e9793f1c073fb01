// The order page's view (account and order-status pages): the orders module builds it, the payments module
// says what is still due and how to pay it.
import type { Db } from '~/db/client.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { claimSummary, replacementNote } from '~/modules/claims/claims.server.ts';
import { buildOrderView, type InstructionsFor } from '~/modules/orders/orders.server.ts';
import { orderMoneyHistory } from '~/modules/payments/money-history.server.ts';
import { instructionsFor, receivedSummary } from '~/modules/payments/payments.ts';

type OrderRow = Parameters<typeof buildOrderView>[1];

/** After part of the money came in (ADR 029) the customer is asked for what is still due, not the whole total. */
const openInstructions: InstructionsFor = (order, payments, shop) =>
  instructionsFor(order.paymentMethod, { ...order, totalMinor: receivedSummary(order.totalMinor, payments).dueMinor }, shop);

export function orderView(db: Db, order: OrderRow) {
  return buildOrderView(db, order, openInstructions);
}

/** What both order pages show of an order (the account's and the guest's status page), read at once. */
export async function orderPage(db: Db, order: OrderRow) {
  const [view, shop, money, claims, note] = await Promise.all([
    orderView(db, order),
    getShopData(db),
    orderMoneyHistory(db, order),
    claimSummary(db, order),
    replacementNote(db, order),
  ]);
  return { view, shop, money, claims, note };
}

/**
 * The payment method the order page names: none when no money is due at all (a germination claim's replacement, an
 * order paid wholly with credit or points), where "Bankoverschrijving" beside € 0 would say something untrue.
 */
export function paymentMethodNameOf(view: { total: number; paymentMethod: string }, options: { id: string; name: string }[]): string | undefined {
  return view.total > 0 ? options.find((p) => p.id === view.paymentMethod)?.name : undefined;
}
