import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { orderVersionSql } from '~/db/order-version.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import type { RefundState } from '~/db/schema/commerce.ts';
import type { OrderLinks } from '~/lib/order-number.ts';
import type { PaymentMethod } from './payments.ts';
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

/** The configured provider with this id (a webhook's, a payment's to refund), if any. */
export function paymentProvider(deps: Pick<PaymentDeps, 'config' | 'webhookSecret'>, id: string): PaymentProvider | undefined {
  return paymentProviders(deps.config, deps.webhookSecret)[id];
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
      ...columns(s.payments, 'state', 'method', 'provider', 'reference'),
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
    readonly code: 'not_found' | 'not_paid' | 'too_much' | 'provider' | 'no_account',
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export type RefundResult = { amountMinor: number; currency: string; state: RefundState; provider: string; existing: boolean };

