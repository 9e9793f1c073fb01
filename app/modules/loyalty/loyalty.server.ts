// Kiempunten (ADR 075): a ledger per customer and a balance row that every change locks first, as store credit
// does (ADR 073). The balance is checked under that lock, so a checkout, a staff adjustment and a reversal at once
// wait for each other; the table's CHECK refuses a negative balance as a last guard. Every change carries a unique
// source key: a retried shipment, refund, order or staff form books once.
import { and, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { LoyaltyKind } from '~/lib/db-enums.ts';
import { loyaltyShop } from '~/i18n/nl/loyalty-shop.ts';
import { loyalty as t } from '~/i18n/nl/loyalty.ts';
import { dutchNumber } from '~/lib/format.ts';
import { ledgerView } from '~/lib/ledger.ts';
import { CURRENCIES, formatMoney } from '~/lib/money.ts';
import { earnBaseMinor, LEVEL_PCT, LOYALTY_SETTINGS_KEY, type LoyaltySettings, loyaltySettingsOf, percentBack, pointsEarned, pointsToReverse, pointsValueMinor, tierFor } from './loyalty.ts';

export type LoyaltyErrorCode = 'insufficient' | 'invalid' | 'changed';

export class LoyaltyError extends Error {
  constructor(
    readonly code: LoyaltyErrorCode,
    /** The balance there was, for the message. */
    readonly balance?: number,
  ) {
    super(code);
  }
}

export type LoyaltyEntry = typeof s.loyaltyLedger.$inferSelect;
type OrderRow = typeof s.orders.$inferSelect;

export type LoyaltyChange = {
  userId: number;
  /** Signed: positive adds points, negative takes them. */
  points: number;
  kind: LoyaltyKind;
  reason?: string;
  orderId?: number | null;
  reviewId?: number | null;
  staffId?: number | null;
  sourceKey: string;
  /** A reversal takes what is there when the balance is short, and records the rest (else: 'insufficient'). */
  partial?: boolean;
  /** The newest ledger entry the form showed: a later one means the form is stale ('changed'). */
  unchangedSince?: number;
  now?: Date;
};

// ---- settings ----------------------------------------------------------------------------------

export async function readLoyaltySettings(db: Db): Promise<LoyaltySettings> {
  const [row] = await db.select({ value: s.settings.value }).from(s.settings).where(eq(s.settings.key, LOYALTY_SETTINGS_KEY));
  return loyaltySettingsOf(row?.value);
}

/** Saves the owner's rates and tiers, audited; the settings row is locked so two saves are one after the other in the log. */
export async function saveLoyaltySettings(db: Db, actor: Actor, value: LoyaltySettings, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx.select({ value: s.settings.value }).from(s.settings).where(eq(s.settings.key, LOYALTY_SETTINGS_KEY)).for('update');
    await tx.insert(s.settings).values({ key: LOYALTY_SETTINGS_KEY, value }).onConflictDoUpdate({ target: s.settings.key, set: { value } });
    await recordAudit(tx, actor, { action: 'settings.loyalty', entity: 'settings', entityId: LOYALTY_SETTINGS_KEY, before: old ? loyaltySettingsOf(old.value) : null, after: value }, now);
  });
}

// ---- the ledger --------------------------------------------------------------------------------

/** Takes the row lock of the customer's balance (made at 0 the first time) and returns it; held to the caller's commit. */
export async function lockPoints(tx: Db, userId: number): Promise<number> {
  await tx.insert(s.loyaltyBalances).values({ userId, points: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ points: s.loyaltyBalances.points }).from(s.loyaltyBalances).where(eq(s.loyaltyBalances.userId, userId)).for('update');
  return row!.points;
}

/** Books one change in the caller's transaction, under the balance's row lock. */
export async function changePoints(tx: Db, change: LoyaltyChange): Promise<{ entry: LoyaltyEntry; existing: boolean }> {
  const { userId, sourceKey } = change;
  if (!Number.isSafeInteger(change.points) || change.points === 0) throw new LoyaltyError('invalid');
  const balance = await lockPoints(tx, userId);
  // After the lock: a retry waiting on a first attempt finds the first one's entry here.
  const [again] = await tx.select().from(s.loyaltyLedger).where(eq(s.loyaltyLedger.sourceKey, sourceKey));
  if (again) return { entry: again, existing: true };
  if (change.unchangedSince !== undefined) {
    const [newer] = await tx
      .select({ id: s.loyaltyLedger.id })
      .from(s.loyaltyLedger)
      .where(and(eq(s.loyaltyLedger.userId, userId), gt(s.loyaltyLedger.id, change.unchangedSince)))
      .limit(1);
    if (newer) throw new LoyaltyError('changed', balance);
  }
  let points = change.points;
  let missed = 0;
  if (balance + points < 0) {
    if (!change.partial) throw new LoyaltyError('insufficient', balance);
    // Points already spent cannot be taken back: take what is there and record the rest.
    missed = -(balance + points);
    points = -balance;
  }
  const after = balance + points;
  const now = change.now ?? new Date();
  await tx.update(s.loyaltyBalances).set({ points: after, updatedAt: now }).where(eq(s.loyaltyBalances.userId, userId));
  const [entry] = await tx
    .insert(s.loyaltyLedger)
    .values({ userId, points, balanceAfter: after, missedPoints: missed, kind: change.kind, orderId: change.orderId ?? null, reviewId: change.reviewId ?? null, reason: change.reason ?? '', staffId: change.staffId ?? null, sourceKey, createdAt: now })
    .returning();
  return { entry: entry!, existing: false };
}

/** Points spent on an order at checkout: all or nothing ('insufficient'). */
export function spendPoints(tx: Db, input: { userId: number; points: number; orderId: number; now?: Date }) {
  if (input.points <= 0) throw new LoyaltyError('invalid');
  return changePoints(tx, { userId: input.userId, points: -input.points, kind: 'checkout', orderId: input.orderId, sourceKey: `loyalty:checkout:${input.orderId}`, now: input.now });
}

// ---- earning and reversing ---------------------------------------------------------------------

/**
 * The money a customer spent in the 12 months before `now`, in euro cents at the shop's price levels: shipped
 * orders' goods after the coupon, less refunds. `exceptOrderId`: the order being shipped counts from its own
 * shipment on, not towards the rate it earns at.
 */
function spendSql(userId: number, now: Date, exceptOrderId = 0) {
  const since = new Date(now.getTime() - 365 * 86_400_000);
  const level = sql.raw(`case o.currency ${CURRENCIES.map((c) => `when '${c}' then ${LEVEL_PCT[c]}`).join(' ')} else 100 end`);
  return sql`coalesce((
      select sum(greatest(0, o.subtotal_minor - o.discount_minor - coalesce((
        select sum(r.amount_minor) from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id and r.state <> 'failed'), 0)) * 100 / ${level})
      from orders o
      where o.user_id = ${userId} and o.status = 'shipped' and o.created_at >= ${since} and o.id <> ${exceptOrderId}), 0)::int`;
}

/** What the order's payments gave back so far (any state but failed), in the order's currency; `before`: only refunds made before then. */
async function refundedOf(tx: Db, orderId: number, before?: Date): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(r.amount_minor), 0)::int as n from refunds r join payments p on p.id = r.payment_id where p.order_id = ${orderId} and r.state <> 'failed' ${before ? sql`and r.created_at < ${before}` : sql``}`,
  );
  return row?.n ?? 0;
}

/**
 * The order shipped: it earns points on its money part at the rate of the customer's tier (spend of the 12 months
 * before it). Once per order (`loyalty:ship:<id>`); nothing for a guest or an order paid wholly otherwise.
 */
export async function earnOrderPoints(tx: Db, order: OrderRow, now = new Date()): Promise<LoyaltyEntry | null> {
  if (order.userId === null) return null;
  const settings = await readLoyaltySettings(tx);
  const [row] = await queryRows<{ spend: number }>(tx, sql`select ${spendSql(order.userId, now, order.id)} as spend`);
  const { tier } = tierFor(settings, row?.spend ?? 0);
  const points = pointsEarned(earnBaseMinor(order, await refundedOf(tx, order.id)), order.currency, settings, tier);
  if (points <= 0) return null;
  const booked = await changePoints(tx, { userId: order.userId, points, kind: 'order', orderId: order.id, reason: tier.name, sourceKey: `loyalty:ship:${order.id}`, now });
  return booked.entry;
}

/** The points the order earned (and when), and what reversals took (or tried to take) back so far. */
async function earnedAndReversed(tx: Db, orderId: number): Promise<{ earned: number; earnedAt: Date | null; reversed: number }> {
  const rows = await tx
    .select({ kind: s.loyaltyLedger.kind, points: s.loyaltyLedger.points, missed: s.loyaltyLedger.missedPoints, createdAt: s.loyaltyLedger.createdAt })
    .from(s.loyaltyLedger)
    .where(and(eq(s.loyaltyLedger.orderId, orderId), inArray(s.loyaltyLedger.kind, ['order', 'reversal'])));
  const earnedRows = rows.filter((r) => r.kind === 'order');
  return {
    earned: earnedRows.reduce((n, r) => n + r.points, 0),
    earnedAt: earnedRows[0]?.createdAt ?? null,
    reversed: rows.filter((r) => r.kind === 'reversal').reduce((n, r) => n - r.points + r.missed, 0),
  };
}

/**
 * Money given back takes back the points the order earned in proportion to the goods' money refunded (refunds
 * count against the goods first, the shipping last: pointsToReverse), once per refund (`loyalty:refund:<refund id>`).
 * Points already spent are not there to take: what is there is taken and the rest recorded. The balance is locked
 * before the order's entries are read.
 */
export async function reverseRefundPoints(tx: Db, order: OrderRow, refundId: number, now = new Date()): Promise<LoyaltyEntry | null> {
  if (order.userId === null) return null;
  await lockPoints(tx, order.userId);
  const { earned, earnedAt, reversed } = await earnedAndReversed(tx, order.id);
  if (earned <= 0 || !earnedAt) return null;
  // One connection inside a transaction: one query after the other.
  const refundedMinor = await refundedOf(tx, order.id);
  const refundedAtEarnMinor = await refundedOf(tx, order.id, earnedAt);
  const wanted = pointsToReverse(earned, reversed, { goodsMinor: earnBaseMinor(order, 0), refundedAtEarnMinor, refundedMinor });
  if (wanted <= 0) return null;
  const booked = await changePoints(tx, { userId: order.userId, points: -wanted, kind: 'reversal', orderId: order.id, partial: true, sourceKey: `loyalty:refund:${refundId}`, now });
  return booked.entry;
}

/** A cancelled order: the points it used come back and whatever it earned goes, each once. */
export async function cancelOrderPoints(tx: Db, order: OrderRow, now = new Date()): Promise<void> {
  if (order.userId === null) return;
  if (order.pointsUsed > 0) await changePoints(tx, { userId: order.userId, points: order.pointsUsed, kind: 'cancellation', orderId: order.id, sourceKey: `loyalty:cancel:${order.id}`, now });
  await lockPoints(tx, order.userId);
  const { earned, reversed } = await earnedAndReversed(tx, order.id);
  if (earned - reversed > 0) await changePoints(tx, { userId: order.userId, points: -(earned - reversed), kind: 'reversal', orderId: order.id, partial: true, sourceKey: `loyalty:cancel-earned:${order.id}`, now });
}

/** Points for a review staff approved, once per review; only a logged-in author's (the review's user). */
export async function grantReviewPoints(tx: Db, review: { id: number; userId: number | null }, now = new Date()): Promise<LoyaltyEntry | null> {
  if (review.userId === null) return null;
  const { reviewPoints } = await readLoyaltySettings(tx);
  if (reviewPoints <= 0) return null;
  const booked = await changePoints(tx, { userId: review.userId, points: reviewPoints, kind: 'review', reviewId: review.id, sourceKey: `loyalty:review:${review.id}`, now });
  return booked.entry;
}

// ---- staff -------------------------------------------------------------------------------------

/**
 * Staff's adjustment from the customer page: signed points and a reason, audited in the same transaction, checked
 * against the newest entry the form showed. Null when the customer does not exist (or was deleted).
 */
export async function adjustPoints(db: Db, actor: Actor, input: { userId: number; points: number; reason: string; key: string; shownId: number }, now = new Date()) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: s.users.id }).from(s.users).where(and(eq(s.users.id, input.userId), sql`${s.users.deletedAt} is null`));
    if (!user) return null;
    const booked = await changePoints(tx, { userId: input.userId, points: input.points, kind: 'staff', reason: input.reason, staffId: actor.staffId, sourceKey: `loyalty:staff:${input.key}`, unchangedSince: input.shownId, now });
    if (!booked.existing) {
      const after = booked.entry.balanceAfter;
      await recordAudit(tx, actor, { action: 'customer.points', entity: 'customer', entityId: input.userId, before: { balance: after - input.points }, after: { delta: input.points, reason: input.reason, balance: after } }, now);
    }
    return booked;
  });
}

// ---- reading -----------------------------------------------------------------------------------

/**
 * What the account card needs as one JSON object: balance, the year's spend and the settings. A part of a larger
 * statement too (the account overview's, app/flows/account-overview.server.ts); loyaltySummaryOf makes the card.
 */
export function loyaltySummaryJson(userId: number, now = new Date()): SQL {
  return sql`json_build_object('points', coalesce((select points from loyalty_balances where user_id = ${userId}), 0)::int, 'spend', ${spendSql(userId, now)},
    'settings', (select value from settings where key = ${LOYALTY_SETTINGS_KEY}))`;
}

/** loyaltySummaryJson's row as the card shows it; `c`: the card's texts (staff see their own). */
export function loyaltySummaryOf(row: { points: number; spend: number; settings: unknown }, c: typeof loyaltyShop.card = loyaltyShop.card) {
  const settings = loyaltySettingsOf(row.settings);
  const spend = row.spend;
  const { tier, next, toNextMinor } = tierFor(settings, spend);
  const points = row.points;
  // Written by hand as Intl would (lib/format.ts): toLocaleString with options builds a number format per call.
  const pct = dutchNumber(percentBack(settings, tier), 0, 2);
  // The card's sentences are made here: the pages' JavaScript carries no loyalty texts for them.
  const card = {
    heading: c.heading,
    link: c.view,
    points: loyaltyShop.points(points),
    lines: [
      ...(points > 0 ? [c.worth(formatMoney(pointsValueMinor(points, 'EUR', settings), 'EUR'))] : []),
      c.tier(tier.name, pct),
      next ? c.toNext(formatMoney(toNextMinor, 'EUR'), next.name) : c.top,
    ],
  };
  return { points, spendMinor: spend, card, settings };
}

/**
 * The account card in one query: balance, the year's spend and the settings; with them the tier, the next one and
 * what is missing, and what the points are worth in euro. Plain values, for the page.
 */
export async function loyaltySummary(db: Db, userId: number, now = new Date(), c: typeof loyaltyShop.card = loyaltyShop.card) {
  const [row] = await queryRows<{ summary: { points: number; spend: number; settings: unknown } }>(db, sql`select ${loyaltySummaryJson(userId, now)} as summary`);
  return loyaltySummaryOf(row!.summary, c);
}
export type LoyaltySummary = Awaited<ReturnType<typeof loyaltySummary>>;

export type LoyaltyLine = Pick<LoyaltyEntry, 'id' | 'points' | 'balanceAfter' | 'missedPoints' | 'kind' | 'reason' | 'createdAt'> & { orderNumber: string | null };

/** The ledger newest first, with the order's number where there is one. */
export async function loyaltyLedger(db: Db, userId: number, limit = 200) {
  const rows: LoyaltyLine[] = await db
    .select({
      id: s.loyaltyLedger.id,
      points: s.loyaltyLedger.points,
      balanceAfter: s.loyaltyLedger.balanceAfter,
      missedPoints: s.loyaltyLedger.missedPoints,
      kind: s.loyaltyLedger.kind,
      reason: s.loyaltyLedger.reason,
      createdAt: s.loyaltyLedger.createdAt,
      orderNumber: s.orders.number,
    })
    .from(s.loyaltyLedger)
    .leftJoin(s.orders, eq(s.orders.id, s.loyaltyLedger.orderId))
    .where(eq(s.loyaltyLedger.userId, userId))
    .orderBy(desc(s.loyaltyLedger.id))
    .limit(limit);
  return rows.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() }));
}

/** The customer's data export (AVG): the balance and every ledger line, oldest first. */
export async function loyaltyExport(db: Db, userId: number) {
  const [balance, lines] = await Promise.all([pointsBalance(db, userId), loyaltyLedger(db, userId, 100_000)]);
  return { balance, ledger: lines.reverse().map(({ id: _id, ...l }) => l) };
}

/** The ledger as the account's and staff's pages show it (lib/ledger.ts), with the points that could not be taken back. */
export function loyaltyLedgerView(lines: Awaited<ReturnType<typeof loyaltyLedger>>) {
  const points = (n: number) => n.toLocaleString('nl-NL');
  return ledgerView(lines, { empty: t.ledgerEmpty, dateLabel: t.columns.date, amountLabel: t.columns.points, forOrder: t.forOrder }, (l) => ({
    what: t.kinds[l.kind],
    note: l.missedPoints > 0 ? t.missed(l.missedPoints) : undefined,
    amount: `${l.points > 0 ? '+' : l.points < 0 ? '−' : ''}${points(Math.abs(l.points))}`,
    gain: l.points > 0,
    after: `${t.columns.after}: ${points(l.balanceAfter)}`,
  }));
}

/** The customer page's view: the card's facts (in staff's words, not "Je …") and the last ten changes. */
export async function loyaltyStaffView(db: Db, userId: number) {
  const [summary, lines] = await Promise.all([loyaltySummary(db, userId, new Date(), { ...loyaltyShop.card, ...t.staffCard }), loyaltyLedger(db, userId, 10)]);
  return { view: summary.card, ledger: loyaltyLedgerView(lines) };
}

/** The points balance only (0 when there is none), read without a lock for the checkout page. */
export async function pointsBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ points: s.loyaltyBalances.points }).from(s.loyaltyBalances).where(eq(s.loyaltyBalances.userId, userId));
  return row?.points ?? 0;
}
