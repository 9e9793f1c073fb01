import { and, count, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { invalidateCatalogue } from '~/modules/catalog/catalog.server.ts';
import { kickMail } from '~/modules/mail/mail.server.ts';
import { markOrderPaid, markPaymentFailed, OrderError, type OrderLinks, queueOrderMail, releaseStock, reserveAgain } from '~/modules/orders/orders.server.ts';
import { paidAmountMatches, paymentDeadline, type PaymentMethod } from './payments.ts';
import type { PaymentProvider } from './providers/provider.server.ts';
import { sandboxProvider } from './providers/sandbox.server.ts';

/**
 * Which online providers this process offers, read once at start-up. The sandbox (a page where anyone
 * picks the outcome) exists only when switched on explicitly: never by default in production.
 */
export type PaymentConfig = { sandbox: boolean };

export function paymentConfigFromEnv(env: NodeJS.ProcessEnv): PaymentConfig {
  return { sandbox: env.PAYMENTS_SANDBOX === '1' };
}

export type PaymentDeps = { links: OrderLinks; webhookSecret: string; config: PaymentConfig };

/** The configured online payment providers by id; a real provider is one more adapter here. */
export function paymentProviders(config: PaymentConfig, webhookSecret: string): Record<string, PaymentProvider> {
  return config.sandbox ? { sandbox: sandboxProvider(webhookSecret) } : {};
}

/** The provider behind the "online" method, or null when none is configured (the method is then not offered). */
export function onlineProvider(deps: Pick<PaymentDeps, 'config' | 'webhookSecret'>): PaymentProvider | null {
  return Object.values(paymentProviders(deps.config, deps.webhookSecret))[0] ?? null;
}

/** The shop's payment options minus the online one when no online provider is configured. */
export function offeredPaymentOptions<T extends { id: string }>(options: T[], config: PaymentConfig): T[] {
  return onlineProvider({ config, webhookSecret: '' }) ? options : options.filter((o) => o.id !== 'online');
}

type OrderRow = typeof s.orders.$inferSelect;

/** A bank transfer or cash payment: waits for staff to confirm that the money came in. */
export async function recordManualPayment(tx: Db, order: OrderRow, method: Exclude<PaymentMethod, 'online'>) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(s.payments).where(eq(s.payments.orderId, order.id));
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
    invalidateCatalogue(db);
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
  const event = provider?.parseWebhook(rawBody, headers, now);
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
    if (payment.state === 'complete' || payment.state === 'failed' || payment.state === 'needs_review') return { status: 200, outcome: 'applied' };
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, payment.orderId));
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
    invalidateCatalogue(db);
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
      .set({ paymentMethod: method, paymentState: 'pending', expiresAt: paymentDeadline(method, now) })
      .where(eq(s.orders.id, o.id))
      .returning();
    if (method !== 'online') {
      await recordManualPayment(tx, updated!, method);
      await queueOrderMail(tx, updated!, 'order_received', deps.links);
    }
  });
  invalidateCatalogue(db);
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

/** Payments a provider confirmed for another amount or currency than their order: for staff to settle. */
export async function paymentsNeedingReview(db: Db) {
  return db
    .select({
      orderNumber: s.orders.number,
      provider: s.payments.provider,
      reference: s.payments.reference,
      expectedMinor: s.orders.totalMinor,
      expectedCurrency: s.orders.currency,
      receivedMinor: s.payments.receivedAmountMinor,
      receivedCurrency: s.payments.receivedCurrency,
      updatedAt: s.payments.updatedAt,
    })
    .from(s.payments)
    .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
    .where(eq(s.payments.state, 'needs_review'))
    .orderBy(s.payments.updatedAt);
}
