// The back office's first screen: orders and takings today and this week (per currency: never added
// across currencies), and the work waiting for staff. Reads only, and only what the role may see: a part
// left out is not queried, so its data never reaches the page (ADR 055).
import { and, count, desc, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import type { OrderStatus, PaymentMethod, PaymentState } from '~/db/schema/commerce.ts';
 
import { countPaymentsNeedingReview } from '~/modules/payments/payments.server.ts';
 
import { can } from '~/lib/permissions.ts';
import type { StaffRole } from '~/lib/permissions.ts';
import { shopPeriods } from '~/lib/periods.ts';
import { dashboardCharts, type DashboardCharts } from './dashboard-charts.server.ts';

export type CurrencyTotal = { currency: string; orders: number; totalMinor: number };
/** Money that came in since the start of a period, per currency: completed payments minus refunds. */
export type ReceivedTotal = { currency: string; receivedMinor: number; refundedMinor: number; netMinor: number };
export type RecentOrder = { number: string; email: string; totalMinor: number; currency: string; status: OrderStatus; paymentState: PaymentState; paymentMethod: PaymentMethod; createdAt: Date };
/** Each part is null for a role without the permission its data needs. */
export type Dashboard = {
  /** orders.view: takings, the orders waiting and the latest orders (numbers, customers' e-mail addresses). */
  orders: { today: CurrencyTotal[]; week: CurrencyTotal[]; receivedToday: ReceivedTotal[]; receivedWeek: ReceivedTotal[]; awaitingPayment: number; toShip: number; recent: RecentOrder[] } | null;
  /** payments.manage: payments waiting for a check. */
  needsReview: number | null;
  /** orders.view: the charts of the last 30 days (ADR 067). */
  charts: DashboardCharts | null;
};

/** Orders placed since `from`, cancelled ones left out, per currency. */
async function totalsSince(db: Db, from: Date): Promise<CurrencyTotal[]> {
  const rows = await db
    .select({ currency: s.orders.currency, orders: count(), totalMinor: sum(s.orders.totalMinor) })
    .from(s.orders)
    .where(and(gte(s.orders.createdAt, from), ne(s.orders.status, 'cancelled')))
    .groupBy(s.orders.currency)
    .orderBy(s.orders.currency);
  return rows.map((r) => ({ currency: r.currency, orders: r.orders, totalMinor: Number(r.totalMinor ?? 0) }));
}

/**
 * Received since `from`, per currency: payment rows in state 'complete' (dated by received_at, else
 * updated_at) minus refunds that did not fail (dated by created_at). Not the orders' totals: an order
 * placed today may be paid next week, and a bank transfer may pay an order of last month.
 */
export async function receivedSince(db: Db, from: Date): Promise<ReceivedTotal[]> {
  const [paid, refunded] = await Promise.all([
    db
      .select({ currency: s.payments.currency, minor: sum(s.payments.amountMinor) })
      .from(s.payments)
      .where(and(eq(s.payments.state, 'complete'), sql`coalesce(${s.payments.receivedAt}, ${s.payments.updatedAt}) >= ${from.toISOString()}::timestamptz`))
      .groupBy(s.payments.currency),
    db
      .select({ currency: s.refunds.currency, minor: sum(s.refunds.amountMinor) })
      .from(s.refunds)
      .where(and(ne(s.refunds.state, 'failed'), gte(s.refunds.createdAt, from)))
      .groupBy(s.refunds.currency),
  ]);
  const byCurrency = new Map<string, ReceivedTotal>();
  const row = (currency: string) => byCurrency.get(currency) ?? byCurrency.set(currency, { currency, receivedMinor: 0, refundedMinor: 0, netMinor: 0 }).get(currency)!;
  for (const p of paid) row(p.currency).receivedMinor += Number(p.minor ?? 0);
  for (const r of refunded) row(r.currency).refundedMinor += Number(r.minor ?? 0);
  return [...byCurrency.values()].map((r) => ({ ...r, netMinor: r.receivedMinor - r.refundedMinor })).sort((a, b) => a.currency.localeCompare(b.currency));
}

export async function dashboard(db: Db, role: StaffRole, now = new Date()): Promise<Dashboard> {
  const sees = can(role, 'orders.view');
  const [orders, needsReview, charts] = await Promise.all([
    sees ? orderParts(db, now) : null,
    can(role, 'payments.manage') ? countPaymentsNeedingReview(db) : null,
    sees ? dashboardCharts(db, now) : null,
  ]);
  return { orders, needsReview, charts };
}

async function orderParts(db: Db, now: Date): Promise<NonNullable<Dashboard['orders']>> {
  const periods = shopPeriods(now);
  const [today, week, receivedToday, receivedWeek, [awaiting], [toShip], recent] = await Promise.all([
    totalsSince(db, periods.today),
    totalsSince(db, periods.week),
    receivedSince(db, periods.today),
    receivedSince(db, periods.week),
    db
      .select({ n: count() })
      .from(s.orders)
      .where(and(inArray(s.orders.paymentState, ['pending', 'processing']), ne(s.orders.status, 'cancelled'))),
    db
      .select({ n: count() })
      .from(s.orders)
      .where(and(eq(s.orders.paymentState, 'complete'), inArray(s.orders.status, ['new', 'processing']))),
    db
      .select(columns(s.orders, 'number', 'email', 'totalMinor', 'currency', 'status', 'paymentState', 'paymentMethod', 'createdAt'))
      .from(s.orders)
      .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
      .limit(8),
  ]);
  return { today, week, receivedToday, receivedWeek, awaitingPayment: awaiting?.n ?? 0, toShip: toShip?.n ?? 0, recent };
}
