import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { earnCommission, reverseCommission } from '~/modules/affiliates/affiliates.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { affiliates as affiliateTexts } from '~/i18n/nl/affiliates.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { enqueueMail, kickMail } from '~/modules/mail/mail.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import type { OrderMailData, OrderMailTemplate } from '~/modules/mail/mail.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { instructionsFor, paymentDeadline, receivedSummary } from '~/modules/payments/payments.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { getShopData, paymentDetails } from '~/modules/settings/settings.server.ts';
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

export type OrderLinks = { origin: string; secret: string };

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

/** The orders of an account, newest first. */
export async function ordersFor(db: Db, userId: number, limit: number) {
  const rows = await db.select().from(s.orders).where(eq(s.orders.userId, userId)).orderBy(desc(s.orders.createdAt), desc(s.orders.id)).limit(limit);
  return rows.map((o) => ({
    number: o.number,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentState: o.paymentState,
    currency: o.currency,
    total: o.totalMinor,
  }));
}
export type OrderListItem = Awaited<ReturnType<typeof ordersFor>>[number];

export type OrderView = Awaited<ReturnType<typeof orderView>>;

type Shipment = typeof s.shipments.$inferSelect;
type OrderDetails = {
  lines: { id: number; productSlug: string; productName: string; seeds: number; quantity: number; unitPriceMinor: number; isFree: boolean }[];
  shipments: (Pick<Shipment, 'id' | 'carrier' | 'status' | 'trackingCode' | 'trackingUrl'> & { createdAt: string; processingAt: string | null; sentAt: string | null })[];
  parcels: { shipmentId: number; orderLineId: number; quantity: number }[];
  payments: Pick<typeof s.payments.$inferSelect, 'method' | 'state' | 'amountMinor'>[];
};

/** An order's lines, shipments, parcels and payments in one query (the order-status page is one round trip). */
async function orderDetails(db: Db, orderId: number): Promise<OrderDetails> {
  const [row] = await queryRows<OrderDetails>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('id', l.id, 'productSlug', l.product_slug, 'productName', l.product_name, 'seeds', l.seeds,
          'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor, 'isFree', l.is_free) order by l.is_free, l.id), '[]')
        from order_lines l where l.order_id = ${orderId}) as lines,
      (select coalesce(json_agg(json_build_object('id', sh.id, 'carrier', sh.carrier, 'status', sh.status, 'trackingCode', sh.tracking_code,
          'trackingUrl', sh.tracking_url, 'createdAt', sh.created_at, 'processingAt', sh.processing_at, 'sentAt', sh.sent_at) order by sh.id), '[]')
        from shipments sh where sh.order_id = ${orderId}) as shipments,
      (select coalesce(json_agg(json_build_object('shipmentId', sl.shipment_id, 'orderLineId', sl.order_line_id, 'quantity', sl.quantity)), '[]')
        from shipment_lines sl join shipments sh on sh.id = sl.shipment_id where sh.order_id = ${orderId}) as parcels,
      (select coalesce(json_agg(json_build_object('method', p.method, 'state', p.state, 'amountMinor', p.amount_minor) order by p.id desc), '[]')
        from payments p where p.order_id = ${orderId}) as payments`,
  );
  return row!;
}

const toDate = (at: string | null) => (at === null ? null : new Date(at));

/** Everything the order page shows: lines, money, payment state with instructions, shipment timeline. */
export async function orderView(db: Db, order: OrderRow) {
  const [details, shop] = await Promise.all([orderDetails(db, order.id), getShopData(db)]);
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
        ? instructionsFor(order.paymentMethod, { ...order, totalMinor: receivedSummary(order.totalMinor, paymentRows).dueMinor }, shop)
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

// ---- mail ----------------------------------------------------------------------------------

/** `order.lines`: the order's lines when the caller has them (the checkout just wrote them), paid ones first. */
export async function queueOrderMail(
  tx: Db,
  order: OrderRow & { lines?: (typeof s.orderLines.$inferSelect)[] },
  template: OrderMailTemplate,
  links: OrderLinks,
  tracking: OrderMailData['tracking'] = null,
  extra: Pick<OrderMailData, 'parcel' | 'refund' | 'received'> = {},
) {
  // One connection inside a transaction: queries one after the other.
  const lines = order.lines ?? (await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(asc(s.orderLines.isFree), asc(s.orderLines.id)));
  const shop = await paymentDetails(tx);
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
      ...extra,
    },
  });
}

// ---- lifecycle (the back office's order actions, backoffice/order-actions.server.ts, build on these) ----

export async function lockOrder(tx: Db, number: string): Promise<OrderRow> {
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.number, number)).for('update');
  if (!o) throw new OrderError('not_found', number);
  return o;
}

/**
 * Payment complete: from the webhook (online) or staff (bank transfer, cash). Idempotent: an order
 * that is already paid stays as it is. A cancelled order is refused (staff refund it by hand).
 */
export async function markOrderPaid(db: Db, number: string, links: OrderLinks, now = new Date(), paymentId?: number) {
  const changed = await db.transaction(async (tx) => {
    const o = await lockOrder(tx, number);
    if (o.status === 'cancelled') throw new OrderError('cancelled', number);
    return payLocked(tx, o, links, now, paymentId ? { paymentId } : 'open');
  });
  if (changed) {
    // A payment after a failed attempt may have taken the stock again.
    await stockChanged(db);
    kickMail();
  }
  return changed;
}

/**
 * The one "order is paid" step, on an order the caller has locked (markOrderPaid, and received amounts that
 * reach the total: receipts.server.ts). `complete` says which attempt rows become complete: the one that
 * paid, all open ones (staff's "paid" for the whole amount), or none (the received amounts are their own
 * rows). Returns false when the order was paid already. The caller kicks the mail queue after its commit.
 */
export async function payLocked(tx: Db, o: OrderRow, links: OrderLinks, now: Date, complete: { paymentId: number } | 'open' | 'none'): Promise<boolean> {
  if (o.paymentState === 'complete') return false;
  // Money arrived after a failed attempt released the stock: take it again (or tell staff).
  await reserveAgain(tx, o);
  if (complete === 'open') {
    // Staff's "paid" (command line, staff API) settles what is still due: amounts received before (ADR 029) count,
    // so the open request is completed for the rest, not for the whole total again.
    const [{ received } = { received: 0 }] = await tx
      .select({ received: sql<number>`coalesce(sum(${s.payments.amountMinor}), 0)::int` })
      .from(s.payments)
      .where(and(eq(s.payments.orderId, o.id), eq(s.payments.state, 'complete')));
    await tx
      .update(s.payments)
      .set({ state: 'complete', updatedAt: now, ...(Number(received) > 0 ? { amountMinor: Math.max(0, o.totalMinor - Number(received)) } : {}) })
      .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['pending', 'processing'])));
  }
  else if (complete !== 'none') await tx.update(s.payments).set({ state: 'complete', updatedAt: now }).where(eq(s.payments.id, complete.paymentId));
  const [paid] = await tx
    .update(s.orders)
    .set({ paymentState: 'complete', paidAt: now, expiresAt: null, status: 'processing' })
    .where(eq(s.orders.id, o.id))
    .returning();
  await tx
    .update(s.shipments)
    .set({ status: 'processing', processingAt: now })
    .where(and(eq(s.shipments.orderId, o.id), eq(s.shipments.status, 'new')));
  await earnCommission(tx, o.id, now);
  await queueOrderMail(tx, paid!, 'payment_received', links);
  return true;
}

/** The carrier's track & trace page for a code, when the carrier has one (regular post has none). */
export function trackingUrlFor(carrier: 'tracked_parcel' | 'regular_post', code: string, countryIso: string): string | null {
  if (carrier !== 'tracked_parcel' || !code) return null;
  return `https://jouw.postnl.nl/track-and-trace/${encodeURIComponent(code)}-${encodeURIComponent(countryIso)}`;
}

/** Cancels an unshipped order and gives its stock back (once). */
export async function cancelOrder(db: Db, number: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const o = await lockOrder(tx, number);
    if (o.status === 'shipped') throw new OrderError('already_shipped', number);
    if (o.status === 'cancelled') return;
    await cancelLocked(tx, o, now);
  });
  await stockChanged(db);
}

/** Cancels a locked order: stock back, coupon use released and commission reversed, each once. */
export async function cancelLocked(tx: Db, o: OrderRow, now: Date): Promise<{ stockReturned: boolean; couponReleased: boolean }> {
  const stockReturned = await releaseStock(tx, o.id);
  const couponReleased = await releaseCoupon(tx, o.id);
  // A cancelled order earns nothing: whatever commission it earned is taken back (once).
  await reverseCommission(tx, o.id, { key: `cancel:${o.id}`, refundMinor: o.totalMinor, paidMinor: o.totalMinor, note: affiliateTexts.ledgerNotes.cancelled }, now);
  await tx
    .update(s.payments)
    .set({ state: 'failed', updatedAt: now })
    .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['pending', 'processing'])));
  await tx
    .update(s.orders)
    .set({ status: 'cancelled', cancelledAt: now, expiresAt: null, paymentState: o.paymentState === 'complete' ? 'complete' : 'failed' })
    .where(eq(s.orders.id, o.id));
  return { stockReturned, couponReleased };
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
const DEADLINE_BATCH = 200;
const MANUAL_METHODS = ['bank_transfer', 'cash_by_mail'] as const;

const awaitsReminder = (o: Pick<OrderRow, 'paymentMethod' | 'paymentState' | 'reminderSentAt'>) =>
  o.reminderSentAt === null && o.paymentState === 'pending' && (MANUAL_METHODS as readonly string[]).includes(o.paymentMethod);

/** Orders the job has something to do for at `now`: a reminder due, or an expiry (after its reminder). Uses orders_expiry_idx. */
function dueForDeadlineJob(now: Date): SQL {
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

export type DeadlineRun = { reminded: number; expired: number };

/**
 * Sends due payment reminders and cancels unpaid orders past their deadline (stock back, a mail to the
 * customer). Safe with several processes at once: each order is claimed in its own transaction with
 * FOR UPDATE SKIP LOCKED and its reminder flag or cancellation is written in that same transaction as its
 * mail, so every order is reminded once and cancelled once. Nothing due costs one indexed query.
 */
export async function runPaymentDeadlines(db: Db, links: OrderLinks, now = new Date()): Promise<DeadlineRun> {
  const due = dueForDeadlineJob(now);
  const [any] = await db.select({ id: s.orders.id }).from(s.orders).where(due).limit(1);
  const run: DeadlineRun = { reminded: 0, expired: 0 };
  if (!any) return run;
  // An order whose handling threw is left for the next run instead of being claimed again and again now.
  const skip: number[] = [];
  const errors: unknown[] = [];
  for (let i = 0; i < DEADLINE_BATCH; i++) {
    const claim: { id: number | null } = { id: null };
    let outcome: 'none' | 'reminded' | 'expired' | 'skipped';
    try {
      outcome = await db.transaction(async (tx) => {
        const [o] = await tx
          .select()
          .from(s.orders)
          .where(skip.length ? and(due, notInArray(s.orders.id, skip)) : due)
          .orderBy(asc(s.orders.expiresAt), asc(s.orders.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!o) return 'none';
        claim.id = o.id;
        // Re-checked under the lock (the row is the latest version), and the review state read afresh.
        if (o.status === 'cancelled' || !o.expiresAt) return 'skipped';
        const settling = await tx
          .select({ id: s.payments.id })
          .from(s.payments)
          .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['needs_review', 'complete'])))
          .limit(1);
        if (settling.length > 0) return 'skipped';
        if (awaitsReminder(o)) {
          const deadline = new Date(Math.max(o.expiresAt.getTime(), now.getTime() + MIN_NOTICE_MS));
          const [reminded] = await tx
            .update(s.orders)
            .set({ reminderSentAt: now, expiresAt: deadline })
            .where(and(eq(s.orders.id, o.id), isNull(s.orders.reminderSentAt)))
            .returning();
          if (!reminded) return 'skipped';
          await queueOrderMail(tx, reminded, 'payment_reminder', links);
          return 'reminded';
        }
        if (o.expiresAt > now || (o.paymentState !== 'pending' && o.paymentState !== 'failed')) return 'skipped';
        await cancelLocked(tx, o, now);
        await queueOrderMail(tx, { ...o, status: 'cancelled', expiresAt: null }, 'order_expired', links);
        return 'expired';
      });
    } catch (err) {
      if (claim.id === null) throw err;
      skip.push(claim.id);
      errors.push(err);
      continue;
    }
    if (outcome === 'none') break;
    if (outcome === 'skipped') skip.push(claim.id!);
    else run[outcome]++;
  }
  if (run.expired > 0) await stockChanged(db);
  if (run.reminded + run.expired > 0) kickMail();
  if (errors.length > 0) throw new AggregateError(errors, `payment deadlines: ${errors.length} order(s) failed (${JSON.stringify(run)} done)`);
  return run;
}

/** Payment failed, cancelled or expired at the provider: the order waits for another attempt and frees its stock. */
export async function markPaymentFailed(tx: Db, orderId: number, paymentId: number, now = new Date()) {
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId)).for('update');
  if (!o) return;
  await tx.update(s.payments).set({ state: 'failed', updatedAt: now }).where(eq(s.payments.id, paymentId));
  if (o.status === 'cancelled' || o.paymentState === 'complete') return;
  // Only the latest attempt decides the order's state.
  const [latest] = await tx.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, orderId)).orderBy(desc(s.payments.id)).limit(1);
  if (latest?.id !== paymentId) return;
  await releaseStock(tx, orderId);
  await tx
    .update(s.orders)
    .set({ paymentState: 'failed', expiresAt: paymentDeadline('bank_transfer', now) })
    .where(eq(s.orders.id, orderId));
}
