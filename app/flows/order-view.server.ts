// The order page's view (account and order-status pages): the orders module builds it, the payments module
// says what is still due and how to pay it.
import type { Db } from '~/db/client.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { claimSummary, replacementNote } from '~/modules/claims/claims.server.ts';
import { buildOrderView, findOrderWith, type InstructionsFor } from '~/modules/orders/orders.server.ts';
import { moneyHistoryJson, orderMoneyHistoryOf } from '~/modules/payments/money-history.server.ts';
import { instructionsFor, receivedSummary } from '~/modules/payments/payments.ts';

/** After part of the money came in (ADR 029) the customer is asked for what is still due, not the whole total. */
const openInstructions: InstructionsFor = (order, payments, shop) =>
  instructionsFor(order.paymentMethod, { ...order, totalMinor: receivedSummary(order.totalMinor, payments).dueMinor }, shop);

/**
 * The order of a number with what both order pages show of it (its lines, shipments and payments, and the payments
 * module's money history), in one statement: the order status page, which a buyer reloads while waiting for their
 * payment, is then one round trip to the database. Null for an unknown number. The caller checks who may see it
 * before it shows anything, and then asks orderPage for the page.
 */
export function findOrderForPage(db: Db, number: string) {
  return findOrderWith(db, number, moneyHistoryJson);
}

/** What both order pages show of an order (the account's and the guest's status page). */
export async function orderPage(db: Db, { order, details, also: money }: NonNullable<Awaited<ReturnType<typeof findOrderForPage>>>) {
  // The shop data is the process's cache; claims and a replacement's note ask nothing for an order still 'new'.
  const [shop, claims, note] = await Promise.all([getShopData(db), claimSummary(db, order), replacementNote(db, order)]);
  return { view: buildOrderView(order, details, shop, openInstructions), shop, money: orderMoneyHistoryOf(order, money), claims, note };
}

/**
 * The payment method the order page names: none when no money is due at all (a germination claim's replacement, an
 * order paid wholly with credit or points), where "Bankoverschrijving" beside € 0 would say something untrue.
 */
export function paymentMethodNameOf(view: { total: number; paymentMethod: string }, options: { id: string; name: string }[]): string | undefined {
  return view.total > 0 ? options.find((p) => p.id === view.paymentMethod)?.name : undefined;
}
