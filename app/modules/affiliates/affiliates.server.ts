// The affiliate programme on the server (ADR 021): referral visits, attribution of orders to the last
// affiliate click within 90 days, and the commission ledger (earned when paid, reversed on cancel or
// refund, payable after a 30-day hold). Applications; approval and payouts in the back office (/beheer/affiliates, ADR 037) or the CLI.
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import { balances, commissionFor, DEFAULT_PERCENT, goodsValue, HOLD_MS, reversalFor } from './affiliates.ts';
import { AFFILIATE_CODE, REFERRAL_MS, type ReferralReport, REPORT_ID } from './referral.ts';

type OrderRow = typeof s.orders.$inferSelect;
const HOUR = 60 * 60_000;
/** Reports per client per hour: a shared office or mobile carrier gets plenty, a script does not. */
const REFERRAL_RATE_LIMIT = { limit: 60, windowMs: HOUR };
const VISITOR_ID = /^[A-Za-z0-9_-]{16,40}$/;

const isVisitorId = (v: string | undefined | null): v is string => !!v && VISITOR_ID.test(v);
const newVisitorId = () => crypto.randomBytes(16).toString('base64url');

// ---- referral visits ----------------------------------------------------------------------------

export type ReferralOutcome = { status: 'ok'; a_id: string | null; v_id: string; stored: boolean } | { status: 'rate_limited' };

/**
 * Records a referral (SPEC §7): the click of an approved affiliate's link, or a visit from another site.
 * A bot gets the same answer and nothing is stored. A returning visitor keeps their id.
 */
export async function recordReferral(
  db: Db,
  report: ReferralReport,
  ctx: {
    client: string;
    bot: boolean;
    visitorId: string | null;
    ownOrigin: string;
    now?: Date;
  },
): Promise<ReferralOutcome> {
  const now = ctx.now ?? new Date();
  const visitorId = isVisitorId(ctx.visitorId) ? ctx.visitorId : newVisitorId();
  const code = report.a_aid && AFFILIATE_CODE.test(report.a_aid) ? report.a_aid : null;
  const [affiliate] = code
    ? await db
        .select({ id: s.affiliates.id, code: s.affiliates.code })
        .from(s.affiliates)
        .where(and(eq(s.affiliates.code, code), eq(s.affiliates.status, 'approved')))
    : [];
  if (ctx.bot)
    return {
      status: 'ok',
      a_id: affiliate?.code ?? null,
      v_id: visitorId,
      stored: false,
    };
  if (!(await hitRateLimit(db, `referral:${ctx.client}`, REFERRAL_RATE_LIMIT.limit, REFERRAL_RATE_LIMIT.windowMs, now)).allowed)
    return { status: 'rate_limited' };
  // Only our own pages are stored as landing pages (the report's url is the browser's own address).
  let landingPath = '/';
  try {
    const u = new URL(report.url);
    if (u.origin === new URL(ctx.ownOrigin).origin) landingPath = (u.pathname + u.search).slice(0, 500);
  } catch {
    landingPath = '/';
  }
  const referDomain = report.refer_domain?.toLowerCase().slice(0, 253) || null;
  if (!affiliate && !referDomain) return { status: 'ok', a_id: null, v_id: visitorId, stored: false };
  const reportId = report.report_id && REPORT_ID.test(report.report_id) ? report.report_id : null;
  const [visit] = await db
    .insert(s.referralVisits)
    .values({ affiliateId: affiliate?.id ?? null, visitorId, referDomain, landingPath, reportId, createdAt: now })
    .onConflictDoNothing({ target: s.referralVisits.reportId })
    .returning({ visitorId: s.referralVisits.visitorId });
  // The same report again (sent at a page change, then from the next page): one visit, answered with its visitor id.
  const [earlier] = visit || !reportId ? [] : await db.select({ visitorId: s.referralVisits.visitorId }).from(s.referralVisits).where(eq(s.referralVisits.reportId, reportId));
  return {
    status: 'ok',
    a_id: affiliate?.code ?? null,
    v_id: earlier?.visitorId ?? visitorId,
    stored: true,
  };
}

// ---- attribution and commission -----------------------------------------------------------------

/**
 * Inside the checkout's transaction: attributes the new order to the visitor's last affiliate click within
 * 90 days. Refused for self-referral: the affiliate's own account, or an order to the affiliate's e-mail.
 */
export async function attributeOrder(tx: Db, order: OrderRow, visitorId: string | null, buyerUserId: number | null, now = new Date()) {
  if (!isVisitorId(visitorId)) return null;
  const [click] = await tx
    .select({
      visitId: s.referralVisits.id,
      affiliateId: s.affiliates.id,
      userId: s.affiliates.userId,
      percent: s.affiliates.commissionPercent,
      email: s.users.email,
    })
    .from(s.referralVisits)
    .innerJoin(s.affiliates, eq(s.affiliates.id, s.referralVisits.affiliateId))
    .innerJoin(s.users, eq(s.users.id, s.affiliates.userId))
    .where(
      and(
        eq(s.referralVisits.visitorId, visitorId),
        isNotNull(s.referralVisits.affiliateId),
        gt(s.referralVisits.createdAt, new Date(now.getTime() - REFERRAL_MS)),
      ),
    )
    .orderBy(desc(s.referralVisits.createdAt), desc(s.referralVisits.id))
    .limit(1);
  if (!click) return null;
  const [approved] = await tx.select({ status: s.affiliates.status }).from(s.affiliates).where(eq(s.affiliates.id, click.affiliateId));
  if (approved?.status !== 'approved') return null;
  const self = click.userId === buyerUserId || click.userId === order.userId || click.email.toLowerCase() === order.email.toLowerCase();
  if (self) return null;
  const goodsMinor = goodsValue(order);
  const row = {
    orderId: order.id,
    affiliateId: click.affiliateId,
    visitId: click.visitId,
    goodsMinor,
    currency: order.currency,
    percent: click.percent,
    commissionMinor: commissionFor(goodsMinor, click.percent),
    createdAt: now,
  };
  await tx.insert(s.affiliateOrders).values(row).onConflictDoNothing();
  return row;
}

/** Inside the paid transaction: the commission is earned, payable after the hold. Once per order. */
export async function earnCommission(tx: Db, orderId: number, now = new Date()) {
  const [a] = await tx.select().from(s.affiliateOrders).where(eq(s.affiliateOrders.orderId, orderId));
  if (!a || a.commissionMinor <= 0) return;
  await tx
    .insert(s.affiliateLedger)
    .values({
      affiliateId: a.affiliateId,
      orderId,
      kind: 'commission',
      amountMinor: a.commissionMinor,
      currency: a.currency,
      key: `commission:${orderId}`,
      availableAt: new Date(now.getTime() + HOLD_MS),
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Takes commission back for a cancel (all that is left) or a refund (its share of what was paid). The key
 * makes each cancel or refund count once; the affiliate's ledger rows are locked so two at once never take
 * back more than was earned.
 */
export async function reverseCommission(
  tx: Db,
  orderId: number,
  cause: { key: string; refundMinor: number; paidMinor: number; note: string },
  now = new Date(),
) {
  const [a] = await tx.select().from(s.affiliateOrders).where(eq(s.affiliateOrders.orderId, orderId)).for('update');
  if (!a) return 0;
  const entries = await tx.select().from(s.affiliateLedger).where(eq(s.affiliateLedger.orderId, orderId));
  const earned = entries.find((e) => e.kind === 'commission');
  if (!earned || entries.some((e) => e.key === `reversal:${cause.key}`)) return 0;
  const reversed = -entries.filter((e) => e.kind === 'reversal').reduce((sum, e) => sum + e.amountMinor, 0);
  const amount = reversalFor(earned.amountMinor, reversed, cause.refundMinor, cause.paidMinor);
  if (amount <= 0) return 0;
  await tx.insert(s.affiliateLedger).values({
    affiliateId: a.affiliateId,
    orderId,
    kind: 'reversal',
    amountMinor: -amount,
    currency: earned.currency,
    key: `reversal:${cause.key}`,
    note: cause.note,
    // Taken back from the same pot: from a commission still on hold, when that hold ends.
    availableAt: earned.availableAt > now ? earned.availableAt : now,
    createdAt: now,
  });
  return amount;
}

// ---- applications -------------------------------------------------------------------------------

export type Application = {
  website: string;
  promotion: string;
  payoutName: string;
  payoutIban: string;
};

function newCode() {
  // Readable in a link and on a phone: lower case without look-alikes.
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
}

/** One application per account: a second one (double submit, another tab) changes nothing. */
export async function applyAsAffiliate(db: Db, userId: number, a: Application, now = new Date()): Promise<'applied' | 'exists'> {
  const rows = await db
    .insert(s.affiliates)
    .values({
      userId,
      code: newCode(),
      status: 'pending',
      ...a,
      commissionPercent: DEFAULT_PERCENT,
      createdAt: now,
    })
    .onConflictDoNothing({ target: s.affiliates.userId })
    .returning({ id: s.affiliates.id });
  return rows.length > 0 ? 'applied' : 'exists';
}

export async function affiliateOf(db: Db, userId: number) {
  const [a] = await db.select().from(s.affiliates).where(eq(s.affiliates.userId, userId));
  return a ?? null;
}

/** The dashboard of /account/affiliate: clicks, visitors, orders and the ledger. */
export async function affiliateDashboard(db: Db, affiliateId: number, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 24 * HOUR);
  const [[stats], orders, ledger] = await Promise.all([
    queryRows<{ clicks: number; visitors: number; clicks30: number }>(
      db,
      sql`select count(*)::int as clicks, count(distinct visitor_id)::int as visitors,
                 count(*) filter (where created_at > ${since.toISOString()})::int as clicks30
          from referral_visits where affiliate_id = ${affiliateId}`,
    ),
    db
      .select({
        ...columns(s.orders, 'number', 'createdAt', 'status', 'paymentState'),
        ...columns(s.affiliateOrders, 'goodsMinor', 'commissionMinor', 'currency'),
      })
      .from(s.affiliateOrders)
      .innerJoin(s.orders, eq(s.orders.id, s.affiliateOrders.orderId))
      .where(eq(s.affiliateOrders.affiliateId, affiliateId))
      .orderBy(desc(s.orders.createdAt))
      .limit(100),
    db
      .select({
        ...columns(s.affiliateLedger, 'id', 'kind', 'amountMinor', 'currency', 'availableAt', 'createdAt', 'note'),
        orderNumber: s.orders.number,
      })
      .from(s.affiliateLedger)
      .leftJoin(s.orders, eq(s.orders.id, s.affiliateLedger.orderId))
      .where(eq(s.affiliateLedger.affiliateId, affiliateId))
      .orderBy(desc(s.affiliateLedger.createdAt), desc(s.affiliateLedger.id)),
  ]);
  return {
    clicks: Number(stats?.clicks ?? 0),
    visitors: Number(stats?.visitors ?? 0),
    clicks30: Number(stats?.clicks30 ?? 0),
    orders,
    ledger,
    balances: balances(ledger, now),
  };
}

// ---- staff (the CLI and staff API; the back office reuses decideAffiliate) -----------------------------------------------------------

export async function affiliateList(db: Db) {
  return db
    .select({
      ...columns(s.affiliates, 'id', 'code', 'status'),
      email: s.users.email,
      website: s.affiliates.website,
      percent: s.affiliates.commissionPercent,
      createdAt: s.affiliates.createdAt,
    })
    .from(s.affiliates)
    .innerJoin(s.users, eq(s.users.id, s.affiliates.userId))
    .orderBy(asc(s.affiliates.createdAt));
}

export async function decideAffiliate(db: Db, code: string, status: 'approved' | 'rejected' | 'suspended', percent?: number, now = new Date()) {
  const rows = await db
    .update(s.affiliates)
    .set({
      status,
      decidedAt: now,
      ...(percent === undefined ? {} : { commissionPercent: percent }),
    })
    .where(eq(s.affiliates.code, code))
    .returning({ id: s.affiliates.id });
  return rows.length > 0;
}

/**
 * Pays out what is payable per currency: one payout row per currency with a positive balance, under a lock
 * on the affiliate, so two staff at once pay once. Returns the amounts paid.
 */
export async function payOut(db: Db, code: string, reference: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [a] = await tx.select().from(s.affiliates).where(eq(s.affiliates.code, code)).for('update');
    if (!a) return null;
    const entries = await tx.select().from(s.affiliateLedger).where(eq(s.affiliateLedger.affiliateId, a.id));
    const paid: { currency: string; amountMinor: number }[] = [];
    for (const b of balances(entries, now)) {
      if (b.payable <= 0) continue;
      await tx.insert(s.affiliateLedger).values({
        affiliateId: a.id,
        kind: 'payout',
        amountMinor: -b.payable,
        currency: b.currency,
        key: `payout:${a.id}:${b.currency}:${now.getTime()}`,
        note: reference.slice(0, 140),
        availableAt: now,
        createdAt: now,
      });
      paid.push({ currency: b.currency, amountMinor: b.payable });
    }
    return paid;
  });
}
