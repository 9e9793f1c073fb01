import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import type { OrderLinks } from '~/lib/order-number.ts';
import type { ShopData } from '~/lib/settings.ts';
import type { PaymentInstructions } from '~/modules/payments/payments.ts';
import { deliveryWindow, shipmentTimeline } from './orders.ts';

type OrderRow = typeof s.orders.$inferSelect;

/** A refusal of a staff or customer action on an order, with a code the caller turns into text. */
export class OrderError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid_tracking' | 'cancelled' | 'not_paid' | 'already_shipped' | 'already_paid' | 'out_of_stock' | 'not_retryable' | 'payment_method',
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** Signs order links: whoever holds the link of the e-mail may see the order, nobody can guess one. */
export function orderToken(secret: string, number: string, email: string): string {
  return crypto.createHmac('sha256', secret).update(`order:${number}:${email.trim().toLowerCase()}`).digest('base64url').slice(0, 32);
}

export function tokenMatches(secret: string, number: string, email: string, token: string): boolean {
  const expected = Buffer.from(orderToken(secret, number, email));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export type { OrderLinks };

export function orderStatusPath(links: OrderLinks, number: string, email: string): string {
  const q = new URLSearchParams({ bestelling: number, code: orderToken(links.secret, number, email) });
  return `/order-status?${q}`;
}

// ---- stock ---------------------------------------------------------------------------------

/**
 * Takes stock for the lines with conditional updates (safe under concurrency: the row lock
 * serialises buyers and `stock >= q` refuses the one who comes too late). Packs are updated in
 * id order so two orders never wait for each other in a cycle. Returns the packs that were short
 * and the stock left of the packs taken (whether a page's "only N left" changed).
 */
export async function takeStock(tx: Db, lines: { packId: number; quantity: number }[]): Promise<{ short: number[]; left: { stock: number; lowStock: number }[] }> {
  const short: number[] = [];
  const left: { stock: number; lowStock: number }[] = [];
  const sorted = [...lines].sort((a, b) => a.packId - b.packId);
  for (const l of sorted) {
    const [done] = await tx
      .update(s.productPacks)
      .set({ stock: sql`${s.productPacks.stock} - ${l.quantity}` })
      .where(and(eq(s.productPacks.id, l.packId), sql`${s.productPacks.stock} >= ${l.quantity}`))
      .returning({ stock: s.productPacks.stock, lowStock: s.productPacks.lowStockThreshold });
    if (done) left.push(done);
    else short.push(l.packId);
  }
  return { short, left };
}

/** Gives an order's stock back once (the flag flips in the same statement that checks it). */
export async function releaseStock(tx: Db, orderId: number): Promise<boolean> {
  const flipped = await tx
    .update(s.orders)
    .set({ stockReserved: false })
    .where(and(eq(s.orders.id, orderId), eq(s.orders.stockReserved, true)))
    .returning({ id: s.orders.id });
  if (flipped.length === 0) return false;
  const lines = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, orderId)).orderBy(asc(s.orderLines.packId));
  for (const l of lines) {
    await tx
      .update(s.productPacks)
      .set({ stock: sql`${s.productPacks.stock} + ${l.quantity}` })
      .where(eq(s.productPacks.id, l.packId));
  }
  return true;
}

/**
 * Gives a cancelled order's coupon use back (once: the redemption row goes in the same statement that
 * checks it), so a coupon with a usage limit can be used by someone else.
 */
export async function releaseCoupon(tx: Db, orderId: number): Promise<boolean> {
  const gone = await tx.delete(s.couponRedemptions).where(eq(s.couponRedemptions.orderId, orderId)).returning({ code: s.couponRedemptions.couponCode });
  for (const r of gone) {
    await tx
      .update(s.coupons)
      .set({ usedCount: sql`greatest(${s.coupons.usedCount} - 1, 0)` })
      .where(eq(s.coupons.code, r.code));
  }
  return gone.length > 0;
}

/** Takes the stock of an order again (a retry after a failed payment); refuses when a pack ran out. */
export async function reserveAgain(tx: Db, order: OrderRow) {
  if (order.stockReserved) return;
  const lines = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id));
  const { short } = await takeStock(tx, lines);
  if (short.length > 0) {
    const names = lines.filter((l) => short.includes(l.packId)).map((l) => l.productName);
    throw new OrderError('out_of_stock', names.join(', '));
  }
  await tx.update(s.orders).set({ stockReserved: true }).where(eq(s.orders.id, order.id));
}

// ---- reading -------------------------------------------------------------------------------

export async function findOrder(db: Db, number: string) {
  const [o] = await db.select().from(s.orders).where(eq(s.orders.number, number));
  return o ?? null;
}

/** Order lookup for /order-status: the same null for a wrong number as for a wrong e-mail. */
async function findOrderFor(db: Db, number: string, email: string) {
  const o = await findOrder(db, number);
  if (!o || o.email.toLowerCase() !== email.trim().toLowerCase()) return null;
  return o;
}

/** Order lookups per client and window: order numbers cannot be found by trying (see client-key.ts for "client"). */
const ORDER_LOOKUP_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export type OrderLookup = { status: 'found'; order: OrderRow } | { status: 'not_found' } | { status: 'rate_limited'; retryAfterSeconds: number };

/**
 * The lookup of /order-status and the chat bot, with its rate limit: a wrong number and a wrong e-mail get
 * the same 'not_found'.
 */
export async function lookupOrder(db: Db, number: string, email: string, client: string, now = new Date()): Promise<OrderLookup> {
  const limit = await hitRateLimit(db, `order-lookup:${client}`, ORDER_LOOKUP_LIMIT.limit, ORDER_LOOKUP_LIMIT.windowMs, now);
  if (!limit.allowed) return { status: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((limit.resetAt.getTime() - now.getTime()) / 1000)) };
  const order = await findOrderFor(db, number, email);
  return order ? { status: 'found', order } : { status: 'not_found' };
}

// ---- the account an order belongs to (ADR 011) ------------------------------------------------

/** Who a new order belongs to: the logged-in buyer, else the account that has confirmed this address. */
export async function orderOwner(db: Db, buyerId: number | null, email: string): Promise<number | null> {
  if (buyerId !== null) return buyerId;
  const [owner] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(and(eq(s.users.email, email.trim().toLowerCase()), isNotNull(s.users.emailVerifiedAt), isNull(s.users.deletedAt)));
  return owner?.id ?? null;
}

/** An account has just confirmed its address: the guest orders placed with it become the account's. */
export async function linkGuestOrders(db: Db, userId: number, email: string) {
  await db
    .update(s.orders)
    .set({ userId })
    .where(and(isNull(s.orders.userId), eq(s.orders.email, email.trim().toLowerCase())));
}

/** A row of an account's order list as the query gives it (timestamps as JSON text). */
export type OrderListRow = { number: string; createdAt: string; status: OrderRow['status']; paymentState: OrderRow['paymentState']; currency: string; total: number };

/**
 * The orders of an account, newest first, as one JSON array: only the columns the list shows (a whole order row
 * carries two address documents per order). A part of a larger statement too: the account overview reads it in the
 * same statement as the rest of the page (app/flows/account-overview.server.ts); turn it into items with orderListItems.
 */
export function orderListJson(userId: number, limit: number): SQL {
  return sql`(select coalesce(json_agg(json_build_object('number', o.number, 'createdAt', o.created_at, 'status', o.status,
      'paymentState', o.payment_state, 'currency', o.currency, 'total', o.total_minor) order by o.created_at desc, o.id desc), '[]')
    from (select id, number, created_at, status, payment_state, currency, total_minor from orders
      where user_id = ${userId} order by created_at desc, id desc limit ${limit}) o)`;
}

export const orderListItems = (rows: OrderListRow[]) => rows.map((o) => ({ ...o, createdAt: new Date(o.createdAt).toISOString() }));

/** The orders of an account, newest first. */
export async function ordersFor(db: Db, userId: number, limit: number) {
  const [row] = await queryRows<{ orders: OrderListRow[] }>(db, sql`select ${orderListJson(userId, limit)} as orders`);
  return orderListItems(row!.orders);
}
export type OrderListItem = Awaited<ReturnType<typeof ordersFor>>[number];

export type OrderView = Awaited<ReturnType<typeof buildOrderView>>;

/** The payment instructions of an open order given its payments so far: the payments module's rule, passed in by app/flows/order-view.server.ts. */
export type InstructionsFor = (order: OrderRow, payments: { state: string; amountMinor: number }[], shop: ShopData) => PaymentInstructions;

type Shipment = typeof s.shipments.$inferSelect;
export type OrderDetails = {
  lines: { id: number; productSlug: string; productName: string; seeds: number; quantity: number; unitPriceMinor: number; isFree: boolean }[];
  shipments: (Pick<Shipment, 'id' | 'carrier' | 'status' | 'trackingCode' | 'trackingUrl'> & { createdAt: string; processingAt: string | null; sentAt: string | null })[];
  parcels: { shipmentId: number; orderLineId: number; quantity: number }[];
  payments: Pick<typeof s.payments.$inferSelect, 'method' | 'state' | 'amountMinor'>[];
};

/**
 * An order's lines, shipments, parcels and payments as one JSON object, for the order whose id `orderId` names (a
 * value, or a column of the statement it is part of: the order pages read it with the order row, app/flows/order-view.server.ts).
 */
export function orderDetailsJson(orderId: SQL | number): SQL {
  return sql`json_build_object(
    'lines', (select coalesce(json_agg(json_build_object('id', l.id, 'productSlug', l.product_slug, 'productName', l.product_name, 'seeds', l.seeds,
        'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor, 'isFree', l.is_free) order by l.is_free, l.id), '[]')
      from order_lines l where l.order_id = ${orderId}),
    'shipments', (select coalesce(json_agg(json_build_object('id', sh.id, 'carrier', sh.carrier, 'status', sh.status, 'trackingCode', sh.tracking_code,
        'trackingUrl', sh.tracking_url, 'createdAt', sh.created_at, 'processingAt', sh.processing_at, 'sentAt', sh.sent_at) order by sh.id), '[]')
      from shipments sh where sh.order_id = ${orderId}),
    'parcels', (select coalesce(json_agg(json_build_object('shipmentId', sl.shipment_id, 'orderLineId', sl.order_line_id, 'quantity', sl.quantity)), '[]')
      from shipment_lines sl join shipments sh on sh.id = sl.shipment_id where sh.order_id = ${orderId}),
    'payments', (select coalesce(json_agg(json_build_object('method', p.method, 'state', p.state, 'amountMinor', p.amount_minor) order by p.id desc), '[]')
      from payments p where p.order_id = ${orderId}))`;
}

/**
 * An order row and its details (orderDetailsJson) in one query; null for an unknown number. `also`: another module's
 * fragment about the same order, read in the same statement (the order pages add the payments' money history).
 */
export async function findOrderWith<T>(db: Db, number: string, also: (orderId: SQL) => SQL<T>): Promise<{ order: OrderRow; details: OrderDetails; also: T } | null> {
  // Qualified: drizzle names a one-table select's columns bare, and the fragments' subqueries have ids of their own.
  const orderId = sql`${s.orders}.${sql.identifier(s.orders.id.name)}`;
  const [row] = await db
    .select({ order: s.orders, details: sql<OrderDetails>`${orderDetailsJson(orderId)}`, also: also(orderId) })
    .from(s.orders)
    .where(eq(s.orders.number, number));
  return row ?? null;
}

const toDate = (at: string | null) => (at === null ? null : new Date(at));

/** Everything the order page shows: lines, money, payment state with instructions, shipment timeline (the order's details as orderDetailsJson has them). */
export function buildOrderView(order: OrderRow, details: OrderDetails, shop: ShopData, instructionsFor: InstructionsFor) {
  const { lines, parcels: parcelRows, payments: paymentRows } = details;
  const shipmentRows = details.shipments.map((sh) => ({ ...sh, createdAt: new Date(sh.createdAt), processingAt: toDate(sh.processingAt), sentAt: toDate(sh.sentAt) }));
  const lineName = new Map(lines.map((l) => [l.id, { name: l.productName, seeds: l.seeds }]));
  const shippedOf = (lineId: number) => parcelRows.filter((p) => p.orderLineId === lineId).reduce((n, p) => n + p.quantity, 0);
  // Some lines sent, others not yet: the customer sees what is still to come.
  const partlyShipped = order.status !== 'shipped' && parcelRows.length > 0;
  const open = order.status !== 'cancelled' && (order.paymentState === 'pending' || order.paymentState === 'processing');
  return {
    number: order.number,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentState: order.paymentState,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    subtotal: order.subtotalMinor,
    discount: order.discountMinor,
    shipping: order.shippingMinor,
    total: order.totalMinor,
    credit: order.creditMinor,
    points: order.pointsMinor,
    couponCode: order.couponCode,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    carrier: order.carrier,
    deliveryMinDays: order.deliveryMinDays,
    deliveryMaxDays: order.deliveryMaxDays,
    expiresAt: order.expiresAt?.toISOString() ?? null,
    lines: lines.map((l) => ({
      slug: l.productSlug,
      name: l.productName,
      seeds: l.seeds,
      quantity: l.quantity,
      unitPrice: l.unitPriceMinor,
      isFree: l.isFree,
    })),
    // After part of the money came in (ADR 029) the customer is asked for what is still due, not the whole total.
    instructions:
      open && order.paymentMethod !== 'online'
        ? instructionsFor(order, paymentRows, shop)
        : null,
    // A failed payment may be retried with any method as long as the order is not cancelled.
    canRetryPayment: order.status !== 'cancelled' && order.paymentState === 'failed',
    lastPayment: paymentRows[0] ? { method: paymentRows[0].method, state: paymentRows[0].state } : null,
    partlyShipped,
    toShip: partlyShipped ? lines.filter((l) => l.quantity > shippedOf(l.id)).map((l) => ({ name: l.productName, seeds: l.seeds, quantity: l.quantity - shippedOf(l.id) })) : [],
    shipments: shipmentRows.map((sh) => ({
      lines: parcelRows.filter((p) => p.shipmentId === sh.id).map((p) => ({ ...lineName.get(p.orderLineId)!, quantity: p.quantity })),
      carrier: sh.carrier,
      status: sh.status,
      trackingCode: sh.trackingCode,
      trackingUrl: sh.trackingUrl,
      sentAt: sh.sentAt?.toISOString() ?? null,
      timeline: shipmentTimeline(sh),
      estimatedDelivery: sh.sentAt ? deliveryWindow(sh.sentAt, order.deliveryMinDays, order.deliveryMaxDays) : null,
    })),
  };
}

// ---- lifecycle (the flows in app/flows build on these) ----

export async function lockOrder(tx: Db, number: string): Promise<OrderRow> {
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.number, number)).for('update');
  if (!o) throw new OrderError('not_found', number);
  return o;
}

/** The carrier's track & trace page for a code, when the carrier has one (regular post has none). */
export function trackingUrlFor(carrier: 'tracked_parcel' | 'regular_post', code: string, countryIso: string): string | null {
  if (carrier !== 'tracked_parcel' || !code) return null;
  return `https://jouw.postnl.nl/track-and-trace/${encodeURIComponent(code)}-${encodeURIComponent(countryIso)}`;
}

// ---- payment deadlines (the server's job, every minute; ADR 030) -----------------------------
//
// A bank-transfer or cash order that is still unpaid gets ONE reminder (with the payment instructions)
// REMINDER_BEFORE_MS before its deadline, and is cancelled at the deadline only after that reminder went
// out. When the reminder goes out late (the server was down, or the window was shorter than the lead) the
// deadline moves to at least MIN_NOTICE_MS after the reminder, so nobody is cancelled without notice.
// Online orders (abandoned at the provider) and orders whose payment failed expire at their deadline as
// before. A payment waiting for staff review (needs_review) keeps the order open.

const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_BEFORE_MS = 2 * DAY_MS;
export const MIN_NOTICE_MS = DAY_MS;
/** Orders handled per run at most; the rest follow a minute later. */
export const DEADLINE_BATCH = 200;
const MANUAL_METHODS = ['bank_transfer', 'cash_by_mail'] as const;

export const awaitsReminder = (o: Pick<OrderRow, 'paymentMethod' | 'paymentState' | 'reminderSentAt'>) =>
  o.reminderSentAt === null && o.paymentState === 'pending' && (MANUAL_METHODS as readonly string[]).includes(o.paymentMethod);

/** Orders the job has something to do for at `now`: a reminder due, or an expiry (after its reminder). Uses orders_expiry_idx. */
export function dueForDeadlineJob(now: Date): SQL {
  const reminderDue = and(isNull(s.orders.reminderSentAt), eq(s.orders.paymentState, 'pending'), inArray(s.orders.paymentMethod, [...MANUAL_METHODS]));
  const expired = and(lte(s.orders.expiresAt, now), inArray(s.orders.paymentState, ['pending', 'failed']));
  return and(
    isNotNull(s.orders.expiresAt),
    lte(s.orders.expiresAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
    ne(s.orders.status, 'cancelled'),
    or(reminderDue, expired),
    // Money came in for another amount, or part of the amount (ADR 029): staff settle it; no reminder, no
    // cancellation (and no starving the batch).
    sql`not exists (select 1 from ${s.payments} where ${s.payments.orderId} = ${s.orders.id} and ${s.payments.state} in ('needs_review', 'complete'))`,
  )!;
}

