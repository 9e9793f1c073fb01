// The back office's order screens: the list (search, filters, sort, paging, counts per state) and one
// order with everything staff need to answer a question about it. Internal notes are the only write here.
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import type { OrderStatus, PaymentState } from '~/db/schema/commerce.ts';
 
import { orderVersionSql } from '~/db/order-version.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { containsPattern, ORDER_PAGE_SIZE, type OrderQuery, orderStatuses, paymentStates } from './order-query.ts';
import { startOfShopDay } from '~/lib/periods.ts';

const nextDay = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

/** The search and filters; `without` leaves one filter out (for the counts of that filter's own states). */
function conditions(query: OrderQuery, without?: 'payment' | 'status'): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.q) {
    const like = containsPattern(query.q);
    parts.push(
      or(
        ilike(s.orders.number, like),
        ilike(s.orders.email, like),
        sql`(${s.orders.shippingAddress}->>'firstName') || ' ' || (${s.orders.shippingAddress}->>'lastName') ilike ${like}`,
        sql`(${s.orders.billingAddress}->>'firstName') || ' ' || (${s.orders.billingAddress}->>'lastName') ilike ${like}`,
        sql`exists (select 1 from ${s.payments} where ${s.payments.orderId} = ${s.orders.id} and ${s.payments.reference} ilike ${like})`,
      ),
    );
  }
  if (query.payment && without !== 'payment') parts.push(eq(s.orders.paymentState, query.payment));
  if (query.status && without !== 'status') parts.push(eq(s.orders.status, query.status));
  if (query.method) parts.push(eq(s.orders.paymentMethod, query.method));
  if (query.region) parts.push(eq(s.orders.regionCode, query.region));
  if (query.from) parts.push(gte(s.orders.createdAt, startOfShopDay(query.from)));
  if (query.to) parts.push(lt(s.orders.createdAt, startOfShopDay(nextDay(query.to))));
  const present = parts.filter((p): p is SQL => !!p);
  return present.length ? and(...present) : undefined;
}

const ORDER_BY = {
  nieuw: [desc(s.orders.createdAt), desc(s.orders.id)],
  oud: [asc(s.orders.createdAt), asc(s.orders.id)],
  hoog: [desc(s.orders.totalMinor), desc(s.orders.id)],
  laag: [asc(s.orders.totalMinor), asc(s.orders.id)],
} as const;

export type OrderListRow = Awaited<ReturnType<typeof listOrders>>['rows'][number];

export async function listOrders(db: Db, query: OrderQuery) {
  const where = conditions(query);
  const [rows, [total], byPayment, byStatus, regions] = await Promise.all([
    db
      .select({
        ...columns(s.orders, 'number', 'createdAt', 'email'),
        name: sql<string>`(${s.orders.shippingAddress}->>'firstName') || ' ' || (${s.orders.shippingAddress}->>'lastName')`,
        ...columns(s.orders, 'regionCode', 'paymentMethod', 'paymentState', 'status', 'totalMinor', 'currency'),
      })
      .from(s.orders)
      .where(where)
      .orderBy(...ORDER_BY[query.sort])
      .limit(ORDER_PAGE_SIZE)
      .offset((query.page - 1) * ORDER_PAGE_SIZE),
    db.select({ n: count() }).from(s.orders).where(where),
    db.select({ state: s.orders.paymentState, n: count() }).from(s.orders).where(conditions(query, 'payment')).groupBy(s.orders.paymentState),
    db.select({ state: s.orders.status, n: count() }).from(s.orders).where(conditions(query, 'status')).groupBy(s.orders.status),
    db.selectDistinct({ code: s.orders.regionCode }).from(s.orders).orderBy(s.orders.regionCode),
  ]);
  const paymentCounts = Object.fromEntries(paymentStates.map((p) => [p, byPayment.find((r) => r.state === p)?.n ?? 0])) as Record<PaymentState, number>;
  const statusCounts = Object.fromEntries(orderStatuses.map((p) => [p, byStatus.find((r) => r.state === p)?.n ?? 0])) as Record<OrderStatus, number>;
  return { rows, total: total?.n ?? 0, paymentCounts, statusCounts, regions: regions.map((r) => r.code) };
}

/** One order with its lines, payments and refunds, shipments, customer, coupon, affiliate, mails and notes; null when unknown. */
export async function orderDetail(db: Db, number: string) {
  // The version in the same statement as the order and before the rest: a change committed while the page is
  // read makes its forms stale (refused), never the other way round (ADR 054).
  const [row] = await db
    .select({ order: s.orders, version: orderVersionSql(sql`${s.orders.id}`) })
    .from(s.orders)
    .where(eq(s.orders.number, number));
  if (!row) return null;
  const { order, version } = row;
  const [lines, payments, refunds, shipments, parcelLines, notes, mails, customer, affiliate, audit] = await Promise.all([
    db.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(s.orderLines.id),
    db.select().from(s.payments).where(eq(s.payments.orderId, order.id)).orderBy(s.payments.id),
    db
      .select({ refund: s.refunds })
      .from(s.refunds)
      .innerJoin(s.payments, eq(s.payments.id, s.refunds.paymentId))
      .where(eq(s.payments.orderId, order.id))
      .orderBy(s.refunds.id)
      .then((rows) => rows.map((r) => r.refund)),
    db.select().from(s.shipments).where(eq(s.shipments.orderId, order.id)).orderBy(s.shipments.id),
    db
      .select({ shipmentId: s.shipmentLines.shipmentId, orderLineId: s.shipmentLines.orderLineId, quantity: s.shipmentLines.quantity })
      .from(s.shipmentLines)
      .innerJoin(s.shipments, eq(s.shipments.id, s.shipmentLines.shipmentId))
      .where(eq(s.shipments.orderId, order.id)),
    db
      .select({ id: s.orderNotes.id, body: s.orderNotes.body, createdAt: s.orderNotes.createdAt, author: s.staffUsers.name })
      .from(s.orderNotes)
      .innerJoin(s.staffUsers, eq(s.staffUsers.id, s.orderNotes.staffId))
      .where(eq(s.orderNotes.orderId, order.id))
      .orderBy(desc(s.orderNotes.createdAt), desc(s.orderNotes.id)),
    db
      .select({ id: s.outbox.id, payload: s.outbox.payload, createdAt: s.outbox.createdAt, sentAt: s.outbox.sentAt, failedAt: s.outbox.failedAt })
      .from(s.outbox)
      .where(sql`${s.outbox.payload}->'data'->>'orderNumber' = ${number}`)
      .orderBy(s.outbox.id),
    order.userId ? db.select({ id: s.users.id, name: s.users.name, email: s.users.email }).from(s.users).where(eq(s.users.id, order.userId)) : Promise.resolve([]),
    db
      .select({ code: s.affiliates.code, percent: s.affiliateOrders.percent, commissionMinor: s.affiliateOrders.commissionMinor, currency: s.affiliateOrders.currency })
      .from(s.affiliateOrders)
      .innerJoin(s.affiliates, eq(s.affiliates.id, s.affiliateOrders.affiliateId))
      .where(eq(s.affiliateOrders.orderId, order.id)),
    // Who booked, shipped, refunded or changed what: the order's timeline names them (order-history.ts).
    db
      .select({ id: s.auditLog.id, at: s.auditLog.at, action: s.auditLog.action, actor: s.auditLog.actor, staffName: s.staffUsers.name, before: s.auditLog.before, after: s.auditLog.after })
      .from(s.auditLog)
      .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.auditLog.staffId))
      .where(and(eq(s.auditLog.entity, 'order'), eq(s.auditLog.entityId, number)))
      .orderBy(s.auditLog.id),
  ]);
  return {
    order,
    version,
    lines,
    payments,
    refunds,
    // Each parcel with its lines; an order partly shipped is still 'processing' with some parcels sent.
    shipments: shipments.map((sh) => ({ ...sh, lines: parcelLines.filter((p) => p.shipmentId === sh.id).map((p) => ({ orderLineId: p.orderLineId, quantity: p.quantity })) })),
    shippedByLine: Object.fromEntries(lines.map((l) => [l.id, parcelLines.filter((p) => p.orderLineId === l.id).reduce((n, p) => n + p.quantity, 0)])) as Record<number, number>,
    partlyShipped: order.status !== 'shipped' && order.status !== 'cancelled' && parcelLines.length > 0,
    notes,
    mails: mails.map((m) => ({ id: m.id, template: String(m.payload.template ?? ''), to: String(m.payload.to ?? ''), createdAt: m.createdAt, sentAt: m.sentAt, failedAt: m.failedAt })),
    customer: customer[0] ?? null,
    affiliate: affiliate[0] ?? null,
    audit,
  };
}

export const NOTE_MAX = 2000;

/**
 * An internal note on an order (never shown to the customer), audited in the same transaction. The form's
 * key makes a double submit one note. Returns false for an unknown order.
 */
export async function addOrderNote(db: Db, actor: Actor & { staffId: number }, number: string, body: string, key: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.number, number));
    if (!order) return false;
    const [note] = await tx
      .insert(s.orderNotes)
      .values({ orderId: order.id, staffId: actor.staffId, body, key, createdAt: now })
      .onConflictDoNothing({ target: s.orderNotes.key })
      .returning({ id: s.orderNotes.id });
    if (note) await recordAudit(tx, actor, { action: 'order.note', entity: 'order', entityId: number, after: { noteId: note.id, body } }, now);
    return true;
  });
}
