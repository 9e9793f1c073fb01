// The back office's first screen: orders and takings today and this week (per currency: never added
// across currencies), and the work waiting for staff. Reads only.
import { and, count, desc, eq, gte, inArray, ne, sum } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { OrderStatus, PaymentMethod, PaymentState } from '~/db/schema/commerce.ts';
import { countPaymentsNeedingReview } from '~/modules/payments/payments.server.ts';
import { shopPeriods } from './periods.ts';

export type CurrencyTotal = { currency: string; orders: number; totalMinor: number };
export type Dashboard = {
  today: CurrencyTotal[];
  week: CurrencyTotal[];
  awaitingPayment: number;
  toShip: number;
  needsReview: number;
  recent: { number: string; email: string; totalMinor: number; currency: string; status: OrderStatus; paymentState: PaymentState; paymentMethod: PaymentMethod; createdAt: Date }[];
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

export async function dashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const periods = shopPeriods(now);
  const [today, week, [awaiting], [toShip], review, recent] = await Promise.all([
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
    countPaymentsNeedingReview(db),
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
  return { today, week, awaitingPayment: awaiting?.n ?? 0, toShip: toShip?.n ?? 0, needsReview: review, recent };
}

