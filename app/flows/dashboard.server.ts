// The back office's first screen: orders and takings today and this week (per currency: never added
// across currencies), and the work waiting for staff. Reads only, and only what the role may see: a part
// left out is not queried, so its data never reaches the page (ADR 055).
import { and, count, desc, eq, gte, inArray, ne, sum } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { OrderStatus, PaymentMethod, PaymentState } from '~/db/schema/commerce.ts';
 
import { countPaymentsNeedingReview } from '~/modules/payments/payments.server.ts';
 
import { can } from '~/modules/staff/permissions.ts';
import type { StaffRole } from '~/modules/staff/permissions.ts';
import { shopPeriods } from '~/lib/periods.ts';

export type CurrencyTotal = { currency: string; orders: number; totalMinor: number };
export type RecentOrder = { number: string; email: string; totalMinor: number; currency: string; status: OrderStatus; paymentState: PaymentState; paymentMethod: PaymentMethod; createdAt: Date };
/** Each part is null for a role without the permission its data needs. */
export type Dashboard = {
  /** orders.view: takings, the orders waiting and the latest orders (numbers, customers' e-mail addresses). */
  orders: { today: CurrencyTotal[]; week: CurrencyTotal[]; awaitingPayment: number; toShip: number; recent: RecentOrder[] } | null;
  /** payments.manage: payments waiting for a check. */
  needsReview: number | null;
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

export async function dashboard(db: Db, role: StaffRole, now = new Date()): Promise<Dashboard> {
  const [orders, needsReview] = await Promise.all([can(role, 'orders.view') ? orderParts(db, now) : null, can(role, 'payments.manage') ? countPaymentsNeedingReview(db) : null]);
  return { orders, needsReview };
}

async function orderParts(db: Db, now: Date): Promise<NonNullable<Dashboard['orders']>> {
  const periods = shopPeriods(now);
  const [today, week, [awaiting], [toShip], recent] = await Promise.all([
    totalsSince(db, periods.today),
    totalsSince(db, periods.week),
    db
      .select({ n: count() })
      .from(s.orders)
      .where(and(inArray(s.orders.paymentState, ['pending', 'processing']), ne(s.orders.status, 'cancelled'))),
    db
      .select({ n: count() })
      .from(s.orders)
      .where(and(eq(s.orders.paymentState, 'complete'), inArray(s.orders.status, ['new', 'processing']))),
    db
      .select({
        number: s.orders.number,
        email: s.orders.email,
        totalMinor: s.orders.totalMinor,
        currency: s.orders.currency,
        status: s.orders.status,
        paymentState: s.orders.paymentState,
        paymentMethod: s.orders.paymentMethod,
        createdAt: s.orders.createdAt,
      })
      .from(s.orders)
      .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
      .limit(8),
  ]);
  return { today, week, awaitingPayment: awaiting?.n ?? 0, toShip: toShip?.n ?? 0, recent };
}
