// The dashboard's charts (ADR 067): takings per day per currency, orders per region, the best-selling strains and
// how many days each pack's stock lasts, all over the last 30 shop days. Reads only; staff with orders.view.
import { and, asc, count, desc, eq, gte, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { shopDay } from '~/lib/format.ts';
import { startOfShopDay } from '~/lib/periods.ts';

export const CHART_DAYS = 30;
// A literal, not a parameter: the grouped expression must be the selected one, and two parameters are not.
const TZ = sql.raw(`'Europe/Amsterdam'`);
const TOP = 8;

export type DayTakings = { currency: string; days: { day: string; netMinor: number }[] };
export type StockCover = { name: string; seeds: number; stock: number; sold: number; daysLeft: number | null };
export type DashboardCharts = {
  from: string;
  to: string;
  takings: DayTakings[];
  regions: { code: string; name: string; orders: number }[];
  topStrains: { name: string; units: number }[];
  cover: StockCover[];
};

/** The last `n` shop calendar days up to and including today's, oldest first. */
export function lastShopDays(now: Date, n: number): string[] {
  const today = shopDay(now);
  return Array.from({ length: n }, (_, i) => new Date(Date.parse(today) - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Stock ÷ (units sold in the period ÷ its days); null when nothing sold (no rate to divide by). */
export function daysOfCover(stock: number, sold: number, days = CHART_DAYS): number | null {
  return sold > 0 ? Math.floor(stock / (sold / days)) : null;
}

/** Net takings per currency and day: each day of the range, 0 when nothing came in (currencies never added). */
export function takingsSeries(days: string[], paid: { currency: string; day: string; minor: number }[], refunded: { currency: string; day: string; minor: number }[]): DayTakings[] {
  const net = new Map<string, Map<string, number>>();
  const add = (currency: string, day: string, minor: number) => {
    const perDay = net.get(currency) ?? net.set(currency, new Map()).get(currency)!;
    perDay.set(day, (perDay.get(day) ?? 0) + minor);
  };
  for (const p of paid) add(p.currency, p.day, p.minor);
  for (const r of refunded) add(r.currency, r.day, -r.minor);
  return [...net.keys()].sort().map((currency) => ({ currency, days: days.map((day) => ({ day, netMinor: net.get(currency)!.get(day) ?? 0 })) }));
}

/** Money received per currency and shop day since `from`, as the money panel counts it (payments minus refunds). */
async function takingsByDay(db: Db, from: Date) {
  const paidDay = sql<string>`to_char(coalesce(${s.payments.receivedAt}, ${s.payments.updatedAt}) at time zone ${TZ}, 'YYYY-MM-DD')`;
  const refundDay = sql<string>`to_char(${s.refunds.createdAt} at time zone ${TZ}, 'YYYY-MM-DD')`;
  const [paid, refunded] = await Promise.all([
    db
      .select({ currency: s.payments.currency, day: paidDay, minor: sum(s.payments.amountMinor) })
      .from(s.payments)
      .where(and(eq(s.payments.state, 'complete'), sql`coalesce(${s.payments.receivedAt}, ${s.payments.updatedAt}) >= ${from.toISOString()}::timestamptz`))
      .groupBy(s.payments.currency, paidDay),
    db
      .select({ currency: s.refunds.currency, day: refundDay, minor: sum(s.refunds.amountMinor) })
      .from(s.refunds)
      .where(and(ne(s.refunds.state, 'failed'), gte(s.refunds.createdAt, from)))
      .groupBy(s.refunds.currency, refundDay),
  ]);
  const num = (rows: { currency: string; day: string; minor: string | null }[]) => rows.map((r) => ({ ...r, minor: Number(r.minor ?? 0) }));
  return { paid: num(paid), refunded: num(refunded) };
}

/** Packs sold since `from` in orders not cancelled, per pack (free packs left out: they are not sold). */
async function soldPacks(db: Db, from: Date) {
  const units = sum(s.orderLines.quantity);
  return db
    .select({ packId: s.orderLines.packId, name: s.orderLines.productName, slug: s.orderLines.productSlug, units })
    .from(s.orderLines)
    .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
    .where(and(gte(s.orders.createdAt, from), ne(s.orders.status, 'cancelled'), eq(s.orderLines.isFree, false)))
    .groupBy(s.orderLines.packId, s.orderLines.productName, s.orderLines.productSlug);
}

/** Every sold pack's days of cover, fewest first; packs without sales follow ("—"), up to TOP rows. */
async function stockCover(db: Db, sold: { packId: number; units: number }[]): Promise<StockCover[]> {
  const packs = await db
    .select({ id: s.productPacks.id, name: s.products.name, seeds: s.productPacks.seeds, stock: s.productPacks.stock })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(and(eq(s.productPacks.isFree, false), eq(s.products.status, 'published')))
    .orderBy(asc(s.productPacks.stock), asc(s.productPacks.id));
  const soldBy = new Map(sold.map((p) => [p.packId, p.units]));
  const rows = packs.map((p) => ({ name: p.name, seeds: p.seeds, stock: p.stock, sold: soldBy.get(p.id) ?? 0, daysLeft: daysOfCover(p.stock, soldBy.get(p.id) ?? 0) }));
  const withSales = rows.filter((r) => r.daysLeft !== null).sort((a, b) => a.daysLeft! - b.daysLeft!);
  return [...withSales, ...rows.filter((r) => r.daysLeft === null)].slice(0, TOP);
}

export async function dashboardCharts(db: Db, now = new Date()): Promise<DashboardCharts> {
  const days = lastShopDays(now, CHART_DAYS);
  const from = startOfShopDay(days[0]!);
  const [takings, regions, sold] = await Promise.all([
    takingsByDay(db, from),
    db
      .select({ code: s.orders.regionCode, name: s.regions.name, orders: count() })
      .from(s.orders)
      .innerJoin(s.regions, eq(s.regions.code, s.orders.regionCode))
      .where(and(gte(s.orders.createdAt, from), ne(s.orders.status, 'cancelled')))
      .groupBy(s.orders.regionCode, s.regions.name)
      .orderBy(desc(count()), asc(s.orders.regionCode)),
    soldPacks(db, from).then((rows) => rows.map((r) => ({ ...r, units: Number(r.units ?? 0) }))),
  ]);
  const perStrain = new Map<string, { name: string; units: number }>();
  for (const r of sold) perStrain.set(r.slug, { name: r.name, units: (perStrain.get(r.slug)?.units ?? 0) + r.units });
  return {
    from: days[0]!,
    to: days.at(-1)!,
    takings: takingsSeries(days, takings.paid, takings.refunded),
    regions,
    topStrains: [...perStrain.values()].sort((a, b) => b.units - a.units || a.name.localeCompare(b.name)).slice(0, TOP),
    cover: await stockCover(db, sold),
  };
}
