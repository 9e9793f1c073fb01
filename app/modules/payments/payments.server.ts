import { and, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import type { RefundState } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { affiliates as affiliateTexts } from '~/i18n/nl/affiliates.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { reverseCommission } from '~/modules/affiliates/affiliates.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { kickMail } from '~/modules/mail/mail.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { assertOrderUnchanged, orderVersionSql } from '~/modules/orders/order-version.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { markOrderPaid, markPaymentFailed, OrderError, type OrderLinks, queueOrderMail, releaseStock, reserveAgain } from '~/modules/orders/orders.server.ts';
import { paidAmountMatches, paymentDeadline, type PaymentMethod } from './payments.ts';
import type { PaymentProvider } from './providers/provider.server.ts';
import { type MollieConfig, mollieProvider } from './providers/mollie.server.ts';
import { sandboxProvider } from './providers/sandbox.server.ts';

/**
 * Which online providers this process offers, read once at start-up. The sandbox (a page where anyone
 * picks the outcome) exists only when switched on explicitly: never by default in production.
 */
export type PaymentConfig = { sandbox: boolean; mollie?: MollieConfig };

export function paymentConfigFromEnv(env: NodeJS.ProcessEnv): PaymentConfig {
  const mollie = env.MOLLIE_API_KEY ? { apiKey: env.MOLLIE_API_KEY, ...(env.MOLLIE_API_URL ? { apiEndpoint: env.MOLLIE_API_URL } : {}) } : undefined;
  return { sandbox: env.PAYMENTS_SANDBOX === '1', ...(mollie ? { mollie } : {}) };
}

export type PaymentDeps = { links: OrderLinks; webhookSecret: string; config: PaymentConfig };

// One client per configuration: the Mollie client keeps its connections.
const mollies = new WeakMap<MollieConfig, PaymentProvider>();

/** The configured online payment providers by id, the real one first; a new provider is one more adapter here. */
function paymentProviders(config: PaymentConfig, webhookSecret: string): Record<string, PaymentProvider> {
  const providers: Record<string, PaymentProvider> = {};
  if (config.mollie) {
    let mollie = mollies.get(config.mollie);
    if (!mollie) mollies.set(config.mollie, (mollie = mollieProvider(config.mollie)));
    providers.mollie = mollie;
  }
  if (config.sandbox) providers.sandbox = sandboxProvider(webhookSecret);
  return providers;
}

/** Where online providers' hosted pages live (the CSP's form-action must allow the redirect there). */
export function paymentPageOrigins(config: PaymentConfig): string[] {
  if (!config.mollie) return [];
  // A Mollie API elsewhere (a test double) serves its checkout pages from its own origin.
  return config.mollie.apiEndpoint ? [new URL(config.mollie.apiEndpoint).origin] : ['https://*.mollie.com'];
}

/** The provider behind the "online" method (Mollie when configured), or null when none is (the method is then not offered). */
export function onlineProvider(deps: Pick<PaymentDeps, 'config' | 'webhookSecret'>): PaymentProvider | null {
  return Object.values(paymentProviders(deps.config, deps.webhookSecret))[0] ?? null;
}

/** The shop's payment options minus the online one when no online provider is configured. */
export function offeredPaymentOptions<T extends { id: string }>(options: T[], config: PaymentConfig): T[] {
  return onlineProvider({ config, webhookSecret: '' }) ? options : options.filter((o) => o.id !== 'online');
}

type OrderRow = typeof s.orders.$inferSelect;

/**
 * A bank transfer or cash payment: waits for staff to confirm that the money came in. `first`: the order was
 * written in this transaction, so it has no payment yet (one query less per order).
 */
export async function recordManualPayment(tx: Db, order: OrderRow, method: Exclude<PaymentMethod, 'online'>, { first = false } = {}) {
  const [{ n } = { n: 0 }] = first ? [] : await tx.select({ n: count() }).from(s.payments).where(eq(s.payments.orderId, order.id));
  await tx.insert(s.payments).values({
    orderId: order.id,
    method,
    provider: 'manual',
    reference: n === 0 ? order.number : `${order.number}/${n + 1}`,
    amountMinor: order.totalMinor,
    currency: order.currency,
  });
}

/**
 * Opens a hosted payment page for the order and returns where to send the customer. When the
 * provider cannot be reached the attempt counts as failed, so the customer can choose again.
 */
export async function startOnlinePayment(db: Db, orderNumber: string, deps: PaymentDeps, returnUrl: string, now = new Date()): Promise<string | null> {
  const [order] = await db.select().from(s.orders).where(eq(s.orders.number, orderNumber));
  if (!order) throw new OrderError('not_found', orderNumber);
  const provider = onlineProvider(deps);
  if (!provider) throw new OrderError('not_retryable', orderNumber);
  try {
    const session = await provider.createSession({ orderNumber, amountMinor: order.totalMinor, currency: order.currency, returnUrl, origin: deps.links.origin });
    await db.insert(s.payments).values({
      orderId: order.id,
      method: 'online',
      provider: provider.id,
      reference: session.reference,
      amountMinor: order.totalMinor,
      currency: order.currency,
    });
    return session.redirectUrl;
  } catch {
    await db.transaction(async (tx) => {
      await releaseStock(tx, order.id);
      await tx.update(s.orders).set({ paymentState: 'failed', expiresAt: paymentDeadline('bank_transfer', now) }).where(eq(s.orders.id, order.id));
    });
    await stockChanged(db);
    return null;
  }
}

export type WebhookResult = { status: 200 | 400 | 404; outcome: 'applied' | 'duplicate' | 'invalid' | 'unknown_payment' | 'needs_review' };

/**
 * A provider's webhook: verified (HMAC over the raw body, timestamp within 300 s), then applied
 * once. The event id is stored in the same transaction as its effect, so a redelivery, even one
 * that races the first delivery, changes nothing.
 */
export async function handleWebhook(db: Db, providerId: string, rawBody: string, headers: Headers, deps: PaymentDeps, now = new Date()): Promise<WebhookResult> {
  const provider = paymentProviders(deps.config, deps.webhookSecret)[providerId];
  const event = await provider?.parseWebhook(rawBody, headers, now);
  if (!provider || !event) return { status: 400, outcome: 'invalid' };
  const result = await db.transaction(async (tx): Promise<WebhookResult> => {
    const [payment] = await tx
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.provider, provider.id), eq(s.payments.reference, event.reference)))
      .for('update');
    // Not ours (yet): nothing is recorded, so the provider's retry is handled.
    if (!payment) return { status: 404, outcome: 'unknown_payment' };
    const fresh = await tx
      .insert(s.paymentEvents)
      .values({ provider: provider.id, eventId: event.id })
      .onConflictDoNothing()
      .returning({ id: s.paymentEvents.eventId });
    if (fresh.length === 0) return { status: 200, outcome: 'duplicate' };
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, payment.orderId));
    // Money for an order that expired or was cancelled (its attempt was failed then): kept on record for staff to review.
    const lateForCancelled = event.type === 'payment.paid' && payment.state === 'failed' && order!.status === 'cancelled';
    if (!lateForCancelled && (payment.state === 'complete' || payment.state === 'failed' || payment.state === 'needs_review')) return { status: 200, outcome: 'applied' };
    if (event.type === 'payment.paid' && !paidAmountMatches(event.amount, order!)) {
      await tx
        .update(s.payments)
        .set({ state: 'needs_review', receivedAmountMinor: event.amount?.minor ?? null, receivedCurrency: event.amount?.currency ?? null, updatedAt: now })
        .where(eq(s.payments.id, payment.id));
      console.warn(
        JSON.stringify({ msg: 'payment needs review: amount or currency differs from the order', order: order!.number, expected: { minor: order!.totalMinor, currency: order!.currency }, received: event.amount ?? null }),
      );
      return { status: 200, outcome: 'needs_review' };
    }
    if (event.type === 'payment.paid') {
      try {
        await markOrderPaid(tx, order!.number, deps.links, now, payment.id);
      } catch (e) {
        // Paid after cancellation: keep the money on record for a refund by staff.
        if (!(e instanceof OrderError)) throw e;
        await tx.update(s.payments).set({ state: 'complete', updatedAt: now }).where(eq(s.payments.id, payment.id));
      }
    } else if (event.type === 'payment.processing') {
      await tx.update(s.payments).set({ state: 'processing', updatedAt: now }).where(eq(s.payments.id, payment.id));
      await tx
        .update(s.orders)
        .set({ paymentState: 'processing' })
        .where(and(eq(s.orders.id, payment.orderId), eq(s.orders.paymentState, 'pending')));
    } else {
      await markPaymentFailed(tx, payment.orderId, payment.id, now);
    }
    return { status: 200, outcome: 'applied' };
  });
  if (result.outcome === 'applied') {
    await stockChanged(db);
    kickMail();
  }
  return result;
}

/**
 * After a failed payment the customer picks a method again for the same order. The stock is
 * taken again first; for online payment the caller sends the customer to the returned address.
 */
export async function retryPayment(db: Db, orderNumber: string, method: PaymentMethod, deps: PaymentDeps, returnUrl: string, now = new Date()) {
  if (method === 'online' && !onlineProvider(deps)) throw new OrderError('payment_method', orderNumber);
  await db.transaction(async (tx) => {
    const [o] = await tx.select().from(s.orders).where(eq(s.orders.number, orderNumber)).for('update');
    if (!o) throw new OrderError('not_found', orderNumber);
    if (o.status === 'cancelled' || o.paymentState !== 'failed') throw new OrderError('not_retryable', orderNumber);
    await reserveAgain(tx, o);
    const [updated] = await tx
      .update(s.orders)
      .set({ paymentMethod: method, paymentState: 'pending', expiresAt: paymentDeadline(method, now), reminderSentAt: null })
      .where(eq(s.orders.id, o.id))
      .returning();
    if (method !== 'online') {
      await recordManualPayment(tx, updated!, method);
      await queueOrderMail(tx, updated!, 'order_received', deps.links);
    }
  });
  await stockChanged(db);
  if (method !== 'online') {
    kickMail();
    return null;
  }
  return startOnlinePayment(db, orderNumber, deps, returnUrl, now);
}

/** Signing keys and the public origin for a request (links in mails use PUBLIC_URL when set). */
export function paymentDepsFor(context: { secrets: { app: string; webhook: string }; publicUrl?: string; payments: PaymentConfig }, request: Request): PaymentDeps {
  const origin = (context.publicUrl ?? new URL(request.url).origin).replace(/\/$/, '');
  return { links: { origin, secret: context.secrets.app }, webhookSecret: context.secrets.webhook, config: context.payments };
}

/** A payment attempt by provider reference, with its order's number (for the sandbox's hosted page). */
export async function findPayment(db: Db, provider: string, reference: string) {
  const [row] = await db
    .select({ state: s.payments.state, amountMinor: s.payments.amountMinor, currency: s.payments.currency, orderNumber: s.orders.number })
    .from(s.payments)
    .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
    .where(and(eq(s.payments.provider, provider), eq(s.payments.reference, reference)));
  return row ?? null;
}

/**
 * Payments for staff to settle: confirmed for another amount or currency than their order ('mismatch'), or
 * money that came in for an order that had expired or was cancelled and is not refunded ('late'). Accepting
 * or refunding one sets reviewed_at, which takes it off the list.
 */
const reviewWhere = () =>
  and(
    isNull(s.payments.reviewedAt),
    or(
      eq(s.payments.state, 'needs_review'),
      and(
        eq(s.payments.state, 'complete'),
        eq(s.orders.status, 'cancelled'),
        sql`${s.payments.amountMinor} > (select coalesce(sum(${s.refunds.amountMinor}), 0) from ${s.refunds} where ${s.refunds.paymentId} = ${s.payments.id} and ${s.refunds.state} <> 'failed')`,
      ),
    ),
  );

export async function paymentsNeedingReview(db: Db) {
  const rows = await db
    .select({
      paymentId: s.payments.id,
      orderNumber: s.orders.number,
      orderStatus: s.orders.status,
      state: s.payments.state,
      method: s.payments.method,
      provider: s.payments.provider,
      reference: s.payments.reference,
      expectedMinor: s.orders.totalMinor,
      expectedCurrency: s.orders.currency,
      receivedMinor: sql<number | null>`coalesce(${s.payments.receivedAmountMinor}, case when ${s.payments.state} = 'complete' then ${s.payments.amountMinor} end)`,
      receivedCurrency: sql<string | null>`coalesce(${s.payments.receivedCurrency}, case when ${s.payments.state} = 'complete' then ${s.payments.currency} end)`,
      updatedAt: s.payments.updatedAt,
      // What the accept and refund forms were rendered on (ADR 054).
      orderVersion: orderVersionSql(sql`${s.orders.id}`),
    })
    .from(s.payments)
    .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
    .where(reviewWhere())
    .orderBy(s.payments.updatedAt, s.payments.id);
  return rows.map((r) => ({
    ...r,
    receivedMinor: r.receivedMinor === null ? null : Number(r.receivedMinor),
    updatedAt: new Date(r.updatedAt),
    kind: r.state === 'needs_review' ? ('mismatch' as const) : ('late' as const),
  }));
}
export type ReviewPayment = Awaited<ReturnType<typeof paymentsNeedingReview>>[number];

/** How many payments wait for review (the dashboard's count). */
export async function countPaymentsNeedingReview(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(s.payments).innerJoin(s.orders, eq(s.orders.id, s.payments.orderId)).where(reviewWhere());
  return row?.n ?? 0;
}

/** What a payment brought in: the provider's figure when it differed from the order (a payment kept for review). */
export function paidOf(p: { amountMinor: number; currency: string; receivedAmountMinor: number | null; receivedCurrency: string | null }) {
  return p.receivedAmountMinor !== null && p.receivedCurrency ? { amountMinor: p.receivedAmountMinor, currency: p.receivedCurrency } : { amountMinor: p.amountMinor, currency: p.currency };
}

export class RefundError extends Error {
  constructor(
    readonly code: 'not_found' | 'not_paid' | 'too_much' | 'provider',
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export type RefundResult = { amountMinor: number; currency: string; state: RefundState; provider: string; existing: boolean };

export type RefundHooks = {
  /** In the transaction that records a new refund (not a repeated key): the caller's audit entry. */
  recorded?: (tx: Db, r: { refundId: number; amountMinor: number; currency: string; state: RefundState; orderId: number; leftMinor: number }) => Promise<void>;
  /** In the transaction where the money is given back (at once for a manual refund, after the provider's yes otherwise): the mail. */
  settled?: (tx: Db, r: { refundId: number; amountMinor: number; currency: string; state: RefundState; orderId: number }) => Promise<void>;
};

/**
 * Gives money back on the payment that settled an order: all that is left, or `amountMinor` of it.
 * The amount is reserved under the payment's row lock before the provider is asked, so refunds at once
 * never exceed what was paid; the same idempotency key is one refund. Online payments are refunded
 * through their provider (with the same key); bank transfer and cash are recorded as manual refunds.
 * `version`: the order's version the staff form was rendered on (ADR 054), compared under the order's lock.
 */
export async function refundPayment(
  db: Db,
  /** `paymentId`: a given payment of the order (one kept for review); by default the one that settled it. */
  input: { orderNumber: string; amountMinor?: number; idempotencyKey: string; reason: string; paymentId?: number; version?: string },
  deps: PaymentDeps,
  now = new Date(),
  hooks: RefundHooks = {},
): Promise<RefundResult> {
  if (!input.paymentId) {
    const pooled = await refundReceivedAmounts(db, input, now, hooks);
    if (pooled) return pooled;
  }
  const reserved = await db.transaction(async (tx) => {
    // The order first, then its payments: the lock order of every money action on an order.
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.number, input.orderNumber)).for('update');
    if (!order) throw new RefundError('not_found');
    const [payment] = await tx
      .select()
      .from(s.payments)
      .where(
        input.paymentId
          ? and(eq(s.payments.orderId, order.id), eq(s.payments.id, input.paymentId), inArray(s.payments.state, ['complete', 'needs_review']))
          : and(eq(s.payments.orderId, order.id), eq(s.payments.state, 'complete')),
      )
      .orderBy(desc(s.payments.id))
      .limit(1)
      .for('update');
    if (!payment) throw new RefundError('not_paid');
    // Checked under the lock: a second request with the same key waits above and then finds the first.
    const [again] = await tx.select().from(s.refunds).where(eq(s.refunds.idempotencyKey, input.idempotencyKey));
    if (again) return { refund: again, payment, existing: true };
    await assertOrderUnchanged(tx, order, input.version);
    const [{ refunded } = { refunded: 0 }] = await tx
      .select({ refunded: sql<number>`coalesce(sum(${s.refunds.amountMinor}), 0)::int` })
      .from(s.refunds)
      .where(and(eq(s.refunds.paymentId, payment.id), ne(s.refunds.state, 'failed')));
    // A payment kept for review gives back what actually came in, in the currency it came in.
    const paid = paidOf(payment);
    const left = paid.amountMinor - Number(refunded);
    const amount = input.amountMinor ?? left;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > left) throw new RefundError('too_much', String(left));
    const [refund] = await tx
      .insert(s.refunds)
      .values({ paymentId: payment.id, idempotencyKey: input.idempotencyKey, amountMinor: amount, currency: paid.currency, state: payment.method === 'online' ? 'pending' : 'manual', reason: input.reason })
      .returning();
    const r = { refundId: refund!.id, amountMinor: amount, currency: paid.currency, state: refund!.state, orderId: order.id };
    await hooks.recorded?.(tx, { ...r, leftMinor: left - amount });
    if (refund!.state === 'manual') await hooks.settled?.(tx, r);
    return { refund: refund!, payment, existing: false };
  });
  const { refund, payment, existing } = reserved;
  const result = (state: RefundState): RefundResult => ({ amountMinor: refund.amountMinor, currency: refund.currency, state, provider: payment.provider, existing });
  // Money given back takes its share of the affiliate's commission back (once per refund).
  const reverse = () =>
    db.transaction((tx) =>
      reverseCommission(tx, payment.orderId, { key: `refund:${refund.id}`, refundMinor: refund.amountMinor, paidMinor: payment.amountMinor, note: affiliateTexts.ledgerNotes.refunded }, now),
    );
  if (existing || refund.state !== 'pending') {
    if (refund.state === 'manual') await reverse();
    return result(refund.state);
  }
  try {
    const provider = paymentProviders(deps.config, deps.webhookSecret)[payment.provider];
    if (!provider) throw new Error(`betaalprovider ${payment.provider} is niet ingesteld`);
    const done = await provider.refund({
      reference: payment.reference,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      idempotencyKey: input.idempotencyKey,
      description: `Kiemkracht ${input.orderNumber}: ${input.reason}`.slice(0, 140),
    });
    await db.transaction(async (tx) => {
      await tx.update(s.refunds).set({ state: 'refunded', providerReference: done.reference, updatedAt: now }).where(eq(s.refunds.id, refund.id));
      await hooks.settled?.(tx, { refundId: refund.id, amountMinor: refund.amountMinor, currency: refund.currency, state: 'refunded', orderId: payment.orderId });
    });
    await reverse();
    return result('refunded');
  } catch (e) {
    // Not counted any more: staff may try again (with a new key) once the provider answers.
    const message = e instanceof Error ? e.message : String(e);
    await db.update(s.refunds).set({ state: 'failed', lastError: message.slice(0, 1000), updatedAt: now }).where(eq(s.refunds.id, refund.id));
    throw new RefundError('provider', message);
  }
}

/**
 * Money given back on a bank transfer or cash order (no provider to ask): what was paid may have come in as several
 * amounts (ADR 029), so the refund is taken from them newest first, one refund row per amount (the first under the
 * caller's key, the others under `<key>:<payment id>`), all under the rows' locks so refunds at once never exceed
 * what came in. Null for an order paid online: that goes through its provider (refundPayment).
 */
async function refundReceivedAmounts(
  db: Db,
  input: { orderNumber: string; amountMinor?: number; idempotencyKey: string; reason: string; version?: string },
  now: Date,
  hooks: RefundHooks,
): Promise<RefundResult | null> {
  const reserved = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.number, input.orderNumber)).for('update');
    if (!order) throw new RefundError('not_found');
    const paid = await tx
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.orderId, order.id), eq(s.payments.state, 'complete')))
      .orderBy(desc(s.payments.id))
      .for('update');
    if (paid.length === 0) throw new RefundError('not_paid');
    if (paid.some((p) => p.method === 'online')) return null;
    const paidMinor = paid.reduce((n, p) => n + paidOf(p).amountMinor, 0);
    const keys = (r: { idempotencyKey: string }) => r.idempotencyKey === input.idempotencyKey || r.idempotencyKey.startsWith(`${input.idempotencyKey}:`);
    const given = await tx
      .select()
      .from(s.refunds)
      .where(inArray(s.refunds.paymentId, paid.map((p) => p.id)));
    const again = given.filter(keys);
    if (again.length > 0) return { rows: again, order, paidMinor, existing: true };
    await assertOrderUnchanged(tx, order, input.version);
    const left = paid.map((p) => ({ payment: p, left: paidOf(p).amountMinor - given.filter((r) => r.paymentId === p.id && r.state !== 'failed').reduce((n, r) => n + r.amountMinor, 0) }));
    const leftMinor = left.reduce((n, l) => n + Math.max(0, l.left), 0);
    const amount = input.amountMinor ?? leftMinor;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > leftMinor) throw new RefundError('too_much', String(leftMinor));
    const rows: (typeof s.refunds.$inferSelect)[] = [];
    let rest = amount;
    for (const { payment, left: l } of left) {
      if (rest === 0) break;
      const take = Math.min(rest, Math.max(0, l));
      if (take === 0) continue;
      const [row] = await tx
        .insert(s.refunds)
        .values({
          paymentId: payment.id,
          idempotencyKey: rows.length === 0 ? input.idempotencyKey : `${input.idempotencyKey}:${payment.id}`,
          amountMinor: take,
          currency: paidOf(payment).currency,
          state: 'manual',
          reason: input.reason,
        })
        .returning();
      rows.push(row!);
      rest -= take;
    }
    const r = { refundId: rows[0]!.id, amountMinor: amount, currency: rows[0]!.currency, state: 'manual' as const, orderId: order.id };
    await hooks.recorded?.(tx, { ...r, leftMinor: leftMinor - amount });
    await hooks.settled?.(tx, r);
    return { rows, order, paidMinor, existing: false };
  });
  if (!reserved) return null;
  const { rows, order, paidMinor, existing } = reserved;
  const amountMinor = rows.reduce((n, r) => n + r.amountMinor, 0);
  // Money given back takes its share of the affiliate's commission back (once per refund: by its key, also when asked again).
  await db.transaction((tx) =>
    reverseCommission(tx, order.id, { key: `refund:${rows[0]!.id}`, refundMinor: amountMinor, paidMinor, note: affiliateTexts.ledgerNotes.refunded }, now),
  );
  return { amountMinor, currency: rows[0]!.currency, state: 'manual', provider: 'manual', existing };
}
