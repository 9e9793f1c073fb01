import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import { moneyHistory, type MoneyHistory, type PaymentFacts, type RefundFacts } from './money-history.ts';

type OrderFacts = { id: number; totalMinor: number; currency: string; status: string; creditMinor?: number; pointsMinor?: number; createdAt?: Date; cancelledAt?: Date | null };
/** What moneyHistoryJson gives: the order's payments and refunds (timestamps as JSON text). */
export type MoneyRows = { payments: PaymentFacts[]; refunds: RefundFacts[] };

/**
 * An order's payments and refunds as one JSON object, for the order whose id `orderId` names (a value, or a column of
 * the statement it is part of: the order pages read it with the order row, app/flows/order-view.server.ts).
 */
export function moneyHistoryJson(orderId: SQL | number): SQL<MoneyRows> {
  return sql<MoneyRows>`json_build_object(
    'payments', (select coalesce(json_agg(json_build_object('method', p.method, 'state', p.state, 'amountMinor', p.amount_minor,
        'receivedAt', p.received_at, 'updatedAt', p.updated_at) order by p.id), '[]')
      from payments p where p.order_id = ${orderId}),
    'refunds', (select coalesce(json_agg(json_build_object('state', r.state, 'amountMinor', r.amount_minor, 'createdAt', r.created_at,
        'updatedAt', r.updated_at) order by r.id), '[]')
      from refunds r join payments p on p.id = r.payment_id where p.order_id = ${orderId}))`;
}

/** An order's money as the customer sees it, from its moneyHistoryJson. */
export function orderMoneyHistoryOf(order: OrderFacts, rows: MoneyRows): MoneyHistory {
  const iso = (at: string | null) => (at === null ? null : new Date(at).toISOString());
  return moneyHistory(
    {
      totalMinor: order.totalMinor,
      currency: order.currency,
      cancelled: order.status === 'cancelled',
      creditMinor: order.creditMinor ?? 0,
      pointsMinor: order.pointsMinor ?? 0,
      placedAt: order.createdAt ? new Date(order.createdAt).toISOString() : '',
      cancelledAt: order.cancelledAt ? new Date(order.cancelledAt).toISOString() : null,
    },
    rows.payments.map((p) => ({ ...p, receivedAt: iso(p.receivedAt), updatedAt: iso(p.updatedAt)! })),
    rows.refunds.map((r) => ({ ...r, createdAt: iso(r.createdAt)!, updatedAt: iso(r.updatedAt)! })),
  );
}

/** An order's money as the customer sees it: its payments and refunds in one query. */
export async function orderMoneyHistory(db: Db, order: OrderFacts): Promise<MoneyHistory> {
  const [row] = await queryRows<{ money: MoneyRows }>(db, sql`select ${moneyHistoryJson(order.id)} as money`);
  return orderMoneyHistoryOf(order, row!.money);
}
