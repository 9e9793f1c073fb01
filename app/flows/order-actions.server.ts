// The back office's order actions (ADR 028): ship (in parts), cancel, refund, resend a mail, change the
// shipping address, and settle payments kept for review. Each runs in one transaction under the order's row
// lock, is done once per form key (a double click or two staff at once), is refused when the order changed
// after its form was rendered (`version`, ADR 054), writes its audit entry and queues the customer's mail in
// that same transaction. The command line and the staff API call these too, without a version: they act on
// the order as it is.
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { assertOrderUnchanged } from '~/db/order-version.server.ts';
import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { staff as staffTexts } from '~/i18n/nl/checkout.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { AddressInput } from '~/lib/addresses.schemas.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { addressSnapshot } from '~/modules/checkout/checkout.server.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';
import type { ResendableOrderMail } from '~/modules/mail/mail.ts';
import { normaliseTracking, type ParcelRequest, planParcel, TRACKING_CODE } from '~/modules/orders/order-actions.ts';
import { lockOrder, OrderError, reserveAgain, trackingUrlFor } from '~/modules/orders/orders.server.ts';
import { paidOf, type PaymentDeps, RefundError, type RefundResult } from '~/modules/payments/payments.server.ts';
import { listRegions } from '~/lib/regions.server.ts';
import { cancelLocked } from './cancel-order.server.ts';
import { earnOrderPoints } from '~/modules/loyalty/loyalty.server.ts';
import { markOrderPaid } from './confirm-payment.server.ts';
import { queueOrderMail } from './order-mail.server.ts';
import { type RefundBy, refundableOf, refundPayment } from './refund.server.ts';
import { canHoldCredit } from '~/modules/credit/credit.server.ts';

type OrderRow = typeof s.orders.$inferSelect;
type Carrier = OrderRow['carrier'];

export type ActionContext = { actor: Actor; deps: PaymentDeps; now?: Date };

export type OrderActionCode =
  'not_found' | 'cancelled' | 'not_paid' | 'already_paid' | 'shipped' | 'not_shipped' | 'nothing_to_ship' | 'too_many' | 'tracking' | 'country' | 'state' | 'out_of_stock' | 'not_for_review';

/** A refused action; `detail` names the line, product or amount the refusal is about. */
export class OrderActionError extends Error {
  constructor(
    readonly code: OrderActionCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** `done: false`: this form was handled before (or someone else just did the same), nothing changed now. */
export type ActionOutcome = { done: boolean };

/** Claims a form's key under the order lock: false when that submit was already handled. */
async function claimKey(tx: Db, key: string, orderId: number, action: string, now: Date): Promise<boolean> {
  const claimed = await tx.insert(s.orderActionKeys).values({ key, orderId, action, createdAt: now }).onConflictDoNothing().returning({ key: s.orderActionKeys.key });
  return claimed.length > 0;
}

async function lock(tx: Db, number: string): Promise<OrderRow> {
  try {
    return await lockOrder(tx, number);
  } catch (e) {
    if (e instanceof OrderError && e.code === 'not_found') throw new OrderActionError('not_found', number);
    throw e;
  }
}

/** How many of each line went out in earlier parcels. */
async function shippedQuantities(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ lineId: s.shipmentLines.orderLineId, n: sql<number>`sum(${s.shipmentLines.quantity})::int` })
    .from(s.shipmentLines)
    .innerJoin(s.shipments, eq(s.shipments.id, s.shipmentLines.shipmentId))
    .where(eq(s.shipments.orderId, orderId))
    .groupBy(s.shipmentLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.n)]));
}

async function anyParcelSent(tx: Db, orderId: number): Promise<boolean> {
  const [sent] = await tx
    .select({ id: s.shipments.id })
    .from(s.shipments)
    .where(and(eq(s.shipments.orderId, orderId), isNotNull(s.shipments.sentAt)))
    .limit(1);
  return !!sent;
}

// ---- ship ------------------------------------------------------------------------------------

/** The order's version the form was rendered on (ADR 054); undefined acts on the order as it is now. */
type Rendered = { version?: string };

export type ShipInput = Rendered & { key: string; carrier: Carrier; trackingCode: string; trackingUrl: string | null; lines: ParcelRequest };

/**
 * Sends a parcel with some or all of the lines still to ship. The order becomes 'shipped' when nothing is
 * left; until then it stays 'processing' with its parcels listed. Refuses an unpaid or cancelled order and
 * more of a line than remains (so two staff shipping the same lines at once send one parcel).
 */
export async function shipParcel(db: Db, ctx: ActionContext, number: string, input: ShipInput): Promise<ActionOutcome & { complete?: boolean }> {
  const now = ctx.now ?? new Date();
  const code = normaliseTracking(input.trackingCode);
  if (code ? !TRACKING_CODE.test(code) : input.carrier === 'tracked_parcel') throw new OrderActionError('tracking');
  const outcome = await db.transaction(async (tx) => {
    const o = await lock(tx, number);
    if (!(await claimKey(tx, input.key, o.id, 'ship', now))) return { done: false };
    await assertOrderUnchanged(tx, o, input.version);
    if (o.status === 'cancelled') throw new OrderActionError('cancelled');
    if (o.paymentState !== 'complete') throw new OrderActionError('not_paid');
    const lines = await tx.select().from(s.orderLines).where(eq(s.orderLines.orderId, o.id)).orderBy(asc(s.orderLines.id));
    const shipped = await shippedQuantities(tx, o.id);
    const plan = planParcel(lines, shipped, input.lines);
    if ('refused' in plan) {
      const line = 'lineId' in plan ? lines.find((l) => l.id === plan.lineId) : undefined;
      throw new OrderActionError(plan.refused === 'nothing_to_ship' ? 'nothing_to_ship' : 'too_many', line?.productName);
    }
    const url = input.trackingUrl || trackingUrlFor(input.carrier, code, o.shippingAddress.countryIso);
    // The parcel prepared at checkout is the first one sent; later parcels are new rows.
    const [open] = await tx
      .select()
      .from(s.shipments)
      .where(and(eq(s.shipments.orderId, o.id), isNull(s.shipments.sentAt)))
      .orderBy(asc(s.shipments.id))
      .limit(1);
    const values = { carrier: input.carrier, status: 'shipped' as const, trackingCode: code || null, trackingUrl: url, sentAt: now, processingAt: open?.processingAt ?? now };
    const [parcel] = open
      ? await tx.update(s.shipments).set(values).where(eq(s.shipments.id, open.id)).returning()
      : await tx
          .insert(s.shipments)
          .values({ orderId: o.id, createdAt: now, ...values })
          .returning();
    await tx.insert(s.shipmentLines).values(plan.parcel.map((p) => ({ shipmentId: parcel!.id, orderLineId: p.lineId, quantity: p.quantity })));
    const [after] = await tx
      .update(s.orders)
      .set({ status: plan.complete ? 'shipped' : 'processing' })
      .where(eq(s.orders.id, o.id))
      .returning();
    const named = plan.parcel.map((p) => {
      const l = lines.find((x) => x.id === p.lineId)!;
      return { name: l.productName, seeds: l.seeds, quantity: p.quantity };
    });
    await recordAudit(
      tx,
      ctx.actor,
      {
        action: 'order.ship',
        entity: 'order',
        entityId: number,
        before: { status: o.status, shipped: Object.fromEntries(shipped) },
        after: { status: after!.status, shipmentId: parcel!.id, carrier: input.carrier, trackingCode: code || null, trackingUrl: url, lines: plan.parcel },
      },
      now,
    );
    // The whole order is on its way: it earns its Kiempunten (ADR 075), once.
    const earned = plan.complete ? await earnOrderPoints(tx, after!, now) : null;
    await queueOrderMail(tx, after!, 'order_shipped', ctx.deps.links, code ? { code, url } : null, { parcel: { lines: named, more: !plan.complete }, ...(earned ? { pointsEarned: earned.points } : {}) });
    return { done: true, complete: plan.complete };
  });
  if (outcome.done) kickMail();
  return outcome;
}

// ---- refund ----------------------------------------------------------------------------------

/** The staff's refund: audited as `action` and mailed to the customer (refund.server.ts). */
const staffRefund = (ctx: ActionContext, action: RefundBy['action']): RefundBy => ({ actor: ctx.actor, action, links: ctx.deps.links, ...(ctx.now ? { now: ctx.now } : {}) });

/**
 * Gives back all that is left of what was paid, or `amountMinor` of it: through the provider for an online
 * payment, recorded as a manual refund otherwise (refundPayment reserves the amount under the payment's lock,
 * so refunds at once never exceed what was paid). The form's key makes a double submit one refund.
 */
export async function refundOrder(db: Db, ctx: ActionContext, number: string, input: Rendered & { key: string; amountMinor?: number; reason: string; asCredit?: boolean }): Promise<RefundResult> {
  const reason = input.reason.trim() || staffTexts.refundReason;
  const r = await refundPayment(
    db,
    { orderNumber: number, amountMinor: input.amountMinor, idempotencyKey: `staff:${input.key}`, reason, version: input.version, asCredit: input.asCredit === true },
    ctx.deps,
    ctx.now,
    staffRefund(ctx, 'order.refund'),
  );
  kickMail();
  return r;
}

// ---- cancel ----------------------------------------------------------------------------------

/**
 * Cancels an order nothing of which was sent: stock back, coupon use released and commission reversed (each
 * once: cancelLocked), mail to the customer; a paid order then gets its money back (one refund per order,
 * whoever cancels and how often).
 */
export async function cancelOrderAction(db: Db, ctx: ActionContext, number: string, input: Rendered & { reason?: string } = {}): Promise<ActionOutcome & { refund: RefundResult | null }> {
  const now = ctx.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const o = await lock(tx, number);
    // Money to give back: an order paid wholly with store credit has none (its credit goes back in cancelLocked).
    const paid = o.paymentState === 'complete' && o.totalMinor > 0;
    if (o.status === 'cancelled') return { done: false, paid };
    await assertOrderUnchanged(tx, o, input.version);
    if (o.status === 'shipped' || (await anyParcelSent(tx, o.id))) throw new OrderActionError('shipped');
    const released = await cancelLocked(tx, o, now);
    const [after] = await tx.select().from(s.orders).where(eq(s.orders.id, o.id));
    await recordAudit(
      tx,
      ctx.actor,
      {
        action: 'order.cancel',
        entity: 'order',
        entityId: number,
        before: { status: o.status, paymentState: o.paymentState, stockReserved: o.stockReserved, couponCode: o.couponCode },
        after: { status: after!.status, paymentState: after!.paymentState, ...released, reason: input.reason?.trim() || null },
      },
      now,
    );
    await queueOrderMail(
      tx,
      after!,
      'order_cancelled',
      ctx.deps.links,
      null,
      paid ? { refund: { amount: o.totalMinor, currency: o.currency, manual: o.paymentMethod !== 'online', reason: null } } : {},
    );
    return { done: true, paid };
  });
  if (outcome.done) {
    await stockChanged(db);
    kickMail();
  }
  let refund: RefundResult | null = null;
  if (outcome.paid) {
    // The key is the order's: a repeated or concurrent cancel finds the refund already made.
    refund = await refundPayment(
      db,
      { orderNumber: number, idempotencyKey: `cancel:${number}`, reason: staffTexts.cancelReason },
      ctx.deps,
      ctx.now,
      staffRefund(ctx, 'order.refund'),
    ).catch((e: unknown) => {
      if (e instanceof RefundError && e.code === 'too_much') return null; // refunded in full before
      throw e;
    });
    kickMail();
  }
  return { done: outcome.done, refund };
}

// ---- resend a mail ---------------------------------------------------------------------------

export async function resendOrderMail(db: Db, ctx: ActionContext, number: string, input: { key: string; template: ResendableOrderMail }): Promise<ActionOutcome> {
  const now = ctx.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const o = await lock(tx, number);
    if (!(await claimKey(tx, input.key, o.id, 'resend', now))) return { done: false };
    let tracking: { code: string; url: string | null } | null = null;
    if (input.template === 'payment_received' && o.paymentState !== 'complete') throw new OrderActionError('not_paid');
    if (input.template === 'order_shipped') {
      const [last] = await tx
        .select()
        .from(s.shipments)
        .where(and(eq(s.shipments.orderId, o.id), isNotNull(s.shipments.sentAt)))
        .orderBy(desc(s.shipments.sentAt), desc(s.shipments.id))
        .limit(1);
      if (!last) throw new OrderActionError('not_shipped');
      tracking = last.trackingCode ? { code: last.trackingCode, url: last.trackingUrl } : null;
    }
    await queueOrderMail(tx, o, input.template, ctx.deps.links, tracking);
    await recordAudit(tx, ctx.actor, { action: 'order.mail.resend', entity: 'order', entityId: number, after: { template: input.template, to: o.email } }, now);
    return { done: true };
  });
  if (outcome.done) kickMail();
  return outcome;
}

// ---- shipping address ------------------------------------------------------------------------

/**
 * A new shipping address before anything was sent, checked like the checkout's: a country of the order's
 * region that the order's carrier serves, a province where the country needs one. The shipping charge is not
 * recalculated (ADR 028).
 */
export async function changeShippingAddress(db: Db, ctx: ActionContext, number: string, input: Rendered & { key: string; address: AddressInput }): Promise<ActionOutcome & { changed?: boolean }> {
  const now = ctx.now ?? new Date();
  const regions = await listRegions(db);
  const outcome = await db.transaction(async (tx) => {
    const o = await lock(tx, number);
    if (!(await claimKey(tx, input.key, o.id, 'address', now))) return { done: false };
    await assertOrderUnchanged(tx, o, input.version);
    if (o.status === 'cancelled') throw new OrderActionError('cancelled');
    if (o.status === 'shipped' || (await anyParcelSent(tx, o.id))) throw new OrderActionError('shipped');
    const a = input.address;
    const country = regions.find((r) => r.code === o.regionCode)?.countries.find((c) => c.iso.toLowerCase() === a.country.toLowerCase() && c.rates.some((rate) => rate.carrier === o.carrier));
    if (!country) throw new OrderActionError('country');
    if (country.requiresState && !a.state) throw new OrderActionError('state');
    const next = addressSnapshot(a, country);
    if ((Object.keys(next) as (keyof AddressSnapshot)[]).every((k) => o.shippingAddress[k] === next[k])) return { done: true, changed: false };
    const [after] = await tx.update(s.orders).set({ shippingAddress: next }).where(eq(s.orders.id, o.id)).returning();
    await recordAudit(tx, ctx.actor, { action: 'order.address', entity: 'order', entityId: number, before: o.shippingAddress, after: next }, now);
    await queueOrderMail(tx, after!, 'address_changed', ctx.deps.links);
    return { done: true, changed: true };
  });
  if (outcome.done) kickMail();
  return outcome;
}

// ---- payments kept for review ----------------------------------------------------------------

/** The order, then the payment (the lock order of refundPayment and every other money action on an order). */
async function lockReviewPayment(tx: Db, paymentId: number) {
  const [of] = await tx.select({ orderId: s.payments.orderId }).from(s.payments).where(eq(s.payments.id, paymentId));
  if (!of) throw new OrderActionError('not_found');
  const [o] = await tx.select().from(s.orders).where(eq(s.orders.id, of.orderId)).for('update');
  const [p] = await tx.select().from(s.payments).where(eq(s.payments.id, paymentId)).for('update');
  const inReview = !p!.reviewedAt && (p!.state === 'needs_review' || (p!.state === 'complete' && o!.status === 'cancelled'));
  return { p: p!, o: o!, inReview };
}

/**
 * Books a payment kept for review as the order's payment: for what came in (the difference to the order's
 * total is returned and audited). An order that had expired or was cancelled takes its stock again (refused
 * when a pack ran out) and goes on as a paid order.
 */
export async function acceptReviewedPayment(
  db: Db,
  ctx: ActionContext,
  paymentId: number,
  input: Rendered & { key: string },
): Promise<ActionOutcome & { number?: string; differenceMinor?: number | null }> {
  const now = ctx.now ?? new Date();
  const outcome = await db.transaction(async (tx) => {
    const { p, o, inReview } = await lockReviewPayment(tx, paymentId);
    if (!(await claimKey(tx, input.key, o.id, 'review-accept', now))) return { done: false };
    if (!inReview) return { done: false };
    await assertOrderUnchanged(tx, o, input.version);
    if (o.paymentState === 'complete' && o.status !== 'cancelled') throw new OrderActionError('already_paid');
    const paid = paidOf(p);
    const differenceMinor = paid.currency === o.currency ? paid.amountMinor - o.totalMinor : null;
    if (o.status === 'cancelled') {
      try {
        await reserveAgain(tx, o);
      } catch (e) {
        if (e instanceof OrderError && e.code === 'out_of_stock') throw new OrderActionError('out_of_stock', e.detail);
        throw e;
      }
      await tx
        .update(s.orders)
        .set({ status: o.paymentState === 'complete' ? 'processing' : 'new', cancelledAt: null })
        .where(eq(s.orders.id, o.id));
    }
    await tx.update(s.payments).set({ state: 'complete', amountMinor: paid.amountMinor, currency: paid.currency, reviewedAt: now, updatedAt: now }).where(eq(s.payments.id, p.id));
    // The order's own paid booking: payment state, parcel to processing, commission, the customer's mail.
    await markOrderPaid(tx, o.number, ctx.deps.links, now, p.id);
    const [after] = await tx.select().from(s.orders).where(eq(s.orders.id, o.id));
    await recordAudit(
      tx,
      ctx.actor,
      {
        action: 'payment.review.accept',
        entity: 'order',
        entityId: o.number,
        before: { status: o.status, paymentState: o.paymentState, payment: { id: p.id, state: p.state, amountMinor: p.amountMinor, currency: p.currency } },
        after: { status: after!.status, paymentState: after!.paymentState, received: paid, expected: { amountMinor: o.totalMinor, currency: o.currency }, differenceMinor },
      },
      now,
    );
    return { done: true, number: o.number, differenceMinor };
  });
  if (outcome.done) {
    await stockChanged(db);
    kickMail();
  }
  return outcome;
}

/**
 * Gives a payment kept for review back in full (what came in, in the currency it came in). The refund is
 * reserved under the payment's lock, so two staff at once refund it once; it leaves the review list in the
 * same transaction, and comes back on it when the provider refuses the refund.
 */
export async function refundReviewedPayment(db: Db, ctx: ActionContext, paymentId: number, input: Rendered & { key: string; reason: string }): Promise<RefundResult & { number: string }> {
  const now = ctx.now ?? new Date();
  const { p, o, inReview } = await db.transaction((tx) => lockReviewPayment(tx, paymentId));
  if (!inReview) throw new OrderActionError('not_for_review');
  const reason = input.reason.trim() || staffTexts.refundReason;
  try {
    const r = await refundPayment(
      db,
      { orderNumber: o.number, paymentId: p.id, idempotencyKey: `review:${p.id}:${input.key}`, reason, version: input.version },
      ctx.deps,
      now,
      { ...staffRefund(ctx, 'payment.review.refund'), reviewed: true },
    );
    kickMail();
    return { ...r, number: o.number };
  } catch (e) {
    if (e instanceof RefundError && e.code === 'provider') await db.update(s.payments).set({ reviewedAt: null }).where(eq(s.payments.id, p.id));
    throw e;
  }
}

// ---- what the order page's forms need --------------------------------------------------------

/** For the action forms: how much can still be refunded, and the countries the shipping address may move to. */
export async function orderActionState(db: Db, order: OrderRow) {
  const [left, regions] = await Promise.all([refundableOf(db, order.id), listRegions(db)]);
  // `asCredit`: the order has a live account, so the refund may go to its store credit (ADR 073).
  const refundable = left && { ...left, asCredit: await canHoldCredit(db, order.userId) };
  const countries = (regions.find((r) => r.code === order.regionCode)?.countries ?? [])
    .filter((c) => c.rates.some((rate) => rate.carrier === order.carrier))
    .map((c) => ({ iso: c.iso, name: c.name }));
  return { refundable, countries };
}
