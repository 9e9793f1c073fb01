// Germination claims' data (ADR 074): the rules setting, the lines of an order a customer may claim, writing a claim
// with its photos, the decision (once, from 'submitted'), and the lists staff work from. Work that needs other
// modules (photos, the replacement order, mails) is in app/flows/germination-claims.server.ts.
import { and, asc, count, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { claims as claimTexts } from '~/i18n/nl/claims.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { claimStates } from '~/lib/db-enums.ts';
import { CLAIM_RULES_KEY, type ClaimOutcome, type ClaimRules, type ClaimState, claimRulesOf, type Eligibility, type GerminationMethod, lineEligibility } from './claims.ts';

type OrderRow = typeof s.orders.$inferSelect;
export const CLAIM_PAGE_SIZE = 25;

// ---- rules -----------------------------------------------------------------------------------

export async function readClaimRules(db: Db): Promise<ClaimRules> {
  const [row] = await db.select({ value: s.settings.value }).from(s.settings).where(eq(s.settings.key, CLAIM_RULES_KEY));
  return claimRulesOf(row?.value);
}

/** The packs staff may exclude, named as the shop names them. */
export async function packChoices(db: Db) {
  return db
    .select({ id: s.productPacks.id, seeds: s.productPacks.seeds, isFree: s.productPacks.isFree, name: s.products.name })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .orderBy(asc(s.products.name), asc(s.productPacks.seeds), asc(s.productPacks.isFree));
}

/** Saves the rules (audited); false when a pack id is not a pack. */
export async function saveClaimRules(db: Db, actor: Actor, rules: ClaimRules, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (rules.excludedPackIds.length) {
      const found = await tx.select({ id: s.productPacks.id }).from(s.productPacks).where(inArray(s.productPacks.id, rules.excludedPackIds));
      if (found.length !== new Set(rules.excludedPackIds).size) return false;
    }
    // The settings row is the unit of change: locked so two saves at once are one after the other in the log.
    const [old] = await tx.select({ value: s.settings.value }).from(s.settings).where(eq(s.settings.key, CLAIM_RULES_KEY)).for('update');
    const value = { ...rules, excludedPackIds: [...new Set(rules.excludedPackIds)].sort((a, b) => a - b) };
    await tx.insert(s.settings).values({ key: CLAIM_RULES_KEY, value }).onConflictDoUpdate({ target: s.settings.key, set: { value } });
    await recordAudit(tx, actor, { action: 'settings.claim_rules', entity: 'settings', entityId: CLAIM_RULES_KEY, before: old ? claimRulesOf(old.value) : null, after: value }, now);
    return true;
  });
}

// ---- the customer's side ---------------------------------------------------------------------

/** Whether this order is itself a claim's replacement. */
async function isReplacementOrder(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db.select({ id: s.germinationClaims.id }).from(s.germinationClaims).where(eq(s.germinationClaims.replacementOrderId, orderId)).limit(1);
  return !!row;
}

/**
 * For a claim's replacement order: the number of the order it replaces. Any other order answers null without a
 * query (a replacement's key is its claim's, `claim:<id>`): the order pages ask this on every view.
 */
export async function replacedOrderNumber(db: Db, order: Pick<OrderRow, 'id' | 'idempotencyKey'>): Promise<string | null> {
  if (!order.idempotencyKey.startsWith('claim:')) return null;
  const [row] = await db
    .select({ number: s.orders.number })
    .from(s.germinationClaims)
    .innerJoin(s.orders, eq(s.orders.id, s.germinationClaims.orderId))
    .where(eq(s.germinationClaims.replacementOrderId, order.id))
    .limit(1);
  return row?.number ?? null;
}

/** The customer's order pages' line for a replacement ("Vervangende bestelling voor …"), or null. */
export async function replacementNote(db: Db, order: Pick<OrderRow, 'id' | 'idempotencyKey'>): Promise<string | null> {
  const number = await replacedOrderNumber(db, order);
  return number ? claimTexts.replacementFor(number) : null;
}

export type ClaimLine = {
  id: number;
  packId: number;
  name: string;
  seeds: number;
  quantity: number;
  isFree: boolean;
  unitPriceMinor: number;
  eligibility: Eligibility;
};

/** The order's lines with whether each may be claimed now (and until when), paid lines first. */
export async function claimLines(db: Db, order: OrderRow, rules: ClaimRules, now = new Date()): Promise<ClaimLine[]> {
  const [lines, sent, claimed, replacement] = await Promise.all([
    db.select().from(s.orderLines).where(eq(s.orderLines.orderId, order.id)).orderBy(asc(s.orderLines.isFree), asc(s.orderLines.id)),
    db
      .select({ lineId: s.shipmentLines.orderLineId, sentAt: max(s.shipments.sentAt) })
      .from(s.shipmentLines)
      .innerJoin(s.shipments, eq(s.shipments.id, s.shipmentLines.shipmentId))
      .where(and(eq(s.shipments.orderId, order.id), isNotNull(s.shipments.sentAt)))
      .groupBy(s.shipmentLines.orderLineId),
    db.select({ lineId: s.germinationClaims.orderLineId }).from(s.germinationClaims).where(eq(s.germinationClaims.orderId, order.id)),
    isReplacementOrder(db, order.id),
  ]);
  const sentAt = new Map(sent.map((r) => [r.lineId, r.sentAt ? new Date(r.sentAt) : null]));
  const taken = new Set(claimed.map((c) => c.lineId));
  return lines.map((l) => ({
    id: l.id,
    packId: l.packId,
    name: l.productName,
    seeds: l.seeds,
    quantity: l.quantity,
    isFree: l.isFree,
    unitPriceMinor: l.unitPriceMinor,
    eligibility: lineEligibility(
      { packId: l.packId, isFree: l.isFree, unitPriceMinor: l.unitPriceMinor, sentAt: sentAt.get(l.id) ?? null, claimed: taken.has(l.id) },
      { status: order.status, deliveryMaxDays: order.deliveryMaxDays, isReplacement: replacement },
      rules,
      now,
    ),
  }));
}

const replacementOrders = alias(s.orders, 'replacement_orders');

/** The claims of an order as its customer sees them: state, numbers, the outcome or the reason. */
export async function claimsForOrder(db: Db, orderId: number) {
  return db
    .select({
      ...columns(s.germinationClaims, 'id', 'state', 'outcome', 'seedsSown', 'seedsFailed', 'reason', 'creditMinor', 'createdAt', 'decidedAt'),
      lineId: s.germinationClaims.orderLineId,
      product: s.orderLines.productName,
      seeds: s.orderLines.seeds,
      replacementNumber: replacementOrders.number,
    })
    .from(s.germinationClaims)
    .innerJoin(s.orderLines, eq(s.orderLines.id, s.germinationClaims.orderLineId))
    .leftJoin(replacementOrders, eq(replacementOrders.id, s.germinationClaims.replacementOrderId))
    .where(eq(s.germinationClaims.orderId, orderId))
    .orderBy(asc(s.germinationClaims.id));
}
export type OrderClaim = Awaited<ReturnType<typeof claimsForOrder>>[number];

export type NewClaim = { orderId: number; orderLineId: number; seedsSown: number; seedsFailed: number; method: GerminationMethod; note: string; photos: { data: Uint8Array; width: number; height: number }[] };

/**
 * Writes a claim and its photos; null when the line has a claim already (the unique index decides: two submits
 * of the same line at once make one claim, the other gets null).
 */
export async function insertClaim(tx: Db, claim: NewClaim, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(s.germinationClaims)
    .values({ orderId: claim.orderId, orderLineId: claim.orderLineId, seedsSown: claim.seedsSown, seedsFailed: claim.seedsFailed, method: claim.method, note: claim.note, createdAt: now })
    .onConflictDoNothing({ target: s.germinationClaims.orderLineId })
    .returning({ id: s.germinationClaims.id });
  if (!row) return null;
  if (claim.photos.length) await tx.insert(s.germinationClaimPhotos).values(claim.photos.map((p, i) => ({ claimId: row.id, position: i + 1, data: p.data, width: p.width, height: p.height })));
  return row.id;
}

/** What the order page and the claim page show: the rules in short, each line's eligibility, the claims. */
export async function claimOverview(db: Db, order: OrderRow, now = new Date()) {
  const rules = await readClaimRules(db);
  const [lines, claims] = await Promise.all([claimLines(db, order, rules, now), claimsForOrder(db, order.id)]);
  return {
    number: order.number,
    currency: order.currency,
    rules: { windowDays: rules.windowDays, minFailedSeeds: rules.minFailedSeeds, excludeFree: rules.excludeFree },
    lines,
    claims,
    canClaim: lines.some((l) => l.eligibility.ok),
  };
}

/**
 * What an order page's claims panel needs (its state per claim, whether a claim is possible), not the claim form's
 * lines and rules. An order still 'new' (unpaid) has sent nothing, so it has no claim and allows none: no queries —
 * it is the order status page a buyer opens most, while the payment is on its way.
 */
export async function claimSummary(db: Db, order: OrderRow, now = new Date()): Promise<{ claims: OrderClaim[]; canClaim: boolean; currency: string }> {
  if (order.status === 'new') return { claims: [], canClaim: false, currency: order.currency };
  const { claims, canClaim, currency } = await claimOverview(db, order, now);
  return { claims, canClaim, currency };
}

// ---- the decision ------------------------------------------------------------------------------

/** The claim with its line and order, its row locked for the decision: a second decider waits here, then sees the first's state. */
export async function lockClaim(tx: Db, id: number) {
  const [claim] = await tx.select().from(s.germinationClaims).where(eq(s.germinationClaims.id, id)).for('update');
  if (!claim) return null;
  const [line] = await tx.select().from(s.orderLines).where(eq(s.orderLines.id, claim.orderLineId));
  const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, claim.orderId));
  return { claim, line: line!, order: order! };
}
export type LockedClaim = NonNullable<Awaited<ReturnType<typeof lockClaim>>>;

export type Decision =
  | { state: 'approved'; outcome: 'replacement'; replacementOrderId: number; replacementNumber: string }
  | { state: 'approved'; outcome: 'credit'; creditMinor: number }
  | { state: 'rejected'; reason: string };

/** Records the decision (only from 'submitted': false when it was decided already) and its audit entry. */
export async function decideClaim(tx: Db, actor: Actor, locked: LockedClaim, decision: Decision, now: Date): Promise<boolean> {
  const set =
    decision.state === 'rejected'
      ? { state: 'rejected' as const, reason: decision.reason }
      : decision.outcome === 'replacement'
        ? { state: 'approved' as const, outcome: 'replacement' as const, replacementOrderId: decision.replacementOrderId }
        : { state: 'approved' as const, outcome: 'credit' as const, creditMinor: decision.creditMinor };
  const done = await tx
    .update(s.germinationClaims)
    .set({ ...set, decidedBy: actor.staffId, decidedAt: now })
    .where(and(eq(s.germinationClaims.id, locked.claim.id), eq(s.germinationClaims.state, 'submitted')))
    .returning({ id: s.germinationClaims.id });
  if (!done.length) return false;
  const after =
    decision.state === 'rejected'
      ? { state: 'rejected', reason: decision.reason }
      : decision.outcome === 'replacement'
        ? { state: 'approved', outcome: 'replacement', replacementOrder: decision.replacementNumber }
        : { state: 'approved', outcome: 'credit', amountMinor: decision.creditMinor, currency: locked.order.currency };
  await recordAudit(
    tx,
    actor,
    {
      action: decision.state === 'rejected' ? 'claim.reject' : decision.outcome === 'replacement' ? 'claim.approve_replacement' : 'claim.approve_credit',
      entity: 'claim',
      entityId: locked.claim.id,
      before: { state: 'submitted', order: locked.order.number, product: locked.line.productName, seedsFailed: locked.claim.seedsFailed },
      after,
    },
    now,
  );
  return true;
}

// ---- the back office --------------------------------------------------------------------------

export const isClaimState = (v: unknown): v is ClaimState => typeof v === 'string' && (claimStates as readonly string[]).includes(v);

/** One page of a view (the queue oldest first, so nothing waits forever; the others newest first) and every view's count. */
export async function claimList(db: Db, state: ClaimState, page: number) {
  const [rows, counts] = await Promise.all([
    db
      .select({
        ...columns(s.germinationClaims, 'id', 'state', 'outcome', 'seedsSown', 'seedsFailed', 'createdAt', 'decidedAt'),
        orderNumber: s.orders.number,
        email: s.orders.email,
        product: s.orderLines.productName,
        seeds: s.orderLines.seeds,
      })
      .from(s.germinationClaims)
      .innerJoin(s.orders, eq(s.orders.id, s.germinationClaims.orderId))
      .innerJoin(s.orderLines, eq(s.orderLines.id, s.germinationClaims.orderLineId))
      .where(eq(s.germinationClaims.state, state))
      .orderBy(...(state === 'submitted' ? [asc(s.germinationClaims.createdAt), asc(s.germinationClaims.id)] : [desc(s.germinationClaims.decidedAt), desc(s.germinationClaims.id)]))
      .limit(CLAIM_PAGE_SIZE)
      .offset((page - 1) * CLAIM_PAGE_SIZE),
    db.select({ state: s.germinationClaims.state, n: count() }).from(s.germinationClaims).groupBy(s.germinationClaims.state),
  ]);
  return { rows, counts: Object.fromEntries(claimStates.map((v) => [v, counts.find((c) => c.state === v)?.n ?? 0])) as Record<ClaimState, number> };
}
export type ClaimListRow = Awaited<ReturnType<typeof claimList>>['rows'][number];

/** A claim as staff judge it: the order, the line, the numbers, the photos (by position) and who decided. */
export async function claimDetail(db: Db, id: number) {
  const [row] = await db
    .select({
      claim: s.germinationClaims,
      orderNumber: s.orders.number,
      email: s.orders.email,
      currency: s.orders.currency,
      userId: s.orders.userId,
      firstName: sql<string>`${s.orders.shippingAddress}->>'firstName'`,
      lastName: sql<string>`${s.orders.shippingAddress}->>'lastName'`,
      line: columns(s.orderLines, 'packId', 'productName', 'seeds', 'quantity', 'unitPriceMinor', 'isFree'),
      replacementNumber: replacementOrders.number,
      decidedBy: s.staffUsers.name,
    })
    .from(s.germinationClaims)
    .innerJoin(s.orders, eq(s.orders.id, s.germinationClaims.orderId))
    .innerJoin(s.orderLines, eq(s.orderLines.id, s.germinationClaims.orderLineId))
    .leftJoin(replacementOrders, eq(replacementOrders.id, s.germinationClaims.replacementOrderId))
    .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.germinationClaims.decidedBy))
    .where(eq(s.germinationClaims.id, id));
  if (!row) return null;
  const photos = await db.select({ position: s.germinationClaimPhotos.position }).from(s.germinationClaimPhotos).where(eq(s.germinationClaimPhotos.claimId, id)).orderBy(asc(s.germinationClaimPhotos.position));
  const [pack] = await db.select({ stock: s.productPacks.stock, seeds: s.productPacks.seeds }).from(s.productPacks).where(eq(s.productPacks.id, row.line.packId));
  return { ...row, photos: photos.map((p) => p.position), packStock: pack?.stock ?? 0 };
}
export type ClaimDetail = NonNullable<Awaited<ReturnType<typeof claimDetail>>>;

/** A claim's stored photo (WebP), for staff only. */
export async function claimPhoto(db: Db, claimId: number, position: number): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ data: s.germinationClaimPhotos.data })
    .from(s.germinationClaimPhotos)
    .where(and(eq(s.germinationClaimPhotos.claimId, claimId), eq(s.germinationClaimPhotos.position, position)));
  return row?.data ?? null;
}

export type { ClaimOutcome };

// ---- privacy (the account's data export and deletion, app/flows/account-privacy.server.ts) ----------------------

const claimsOfAccount = (userId: number) => inArray(s.germinationClaims.orderId, sql`(select ${s.orders.id} from ${s.orders} where ${s.orders.userId} = ${userId})`);

/** Every claim on the account's orders, for its data export: what was claimed, its state and outcome; photos counted, never their bytes. */
export async function claimsOfCustomer(db: Db, userId: number) {
  const rows = await db
    .select({
      orderNumber: s.orders.number,
      product: s.orderLines.productName,
      seeds: s.orderLines.seeds,
      ...columns(s.germinationClaims, 'state', 'outcome', 'seedsSown', 'seedsFailed', 'method', 'note', 'reason', 'creditMinor', 'createdAt', 'decidedAt'),
      currency: s.orders.currency,
      replacementNumber: replacementOrders.number,
      photos: sql<number>`(select count(*)::int from ${s.germinationClaimPhotos} where ${s.germinationClaimPhotos.claimId} = ${s.germinationClaims.id})`,
    })
    .from(s.germinationClaims)
    .innerJoin(s.orders, eq(s.orders.id, s.germinationClaims.orderId))
    .innerJoin(s.orderLines, eq(s.orderLines.id, s.germinationClaims.orderLineId))
    .leftJoin(replacementOrders, eq(replacementOrders.id, s.germinationClaims.replacementOrderId))
    .where(eq(s.orders.userId, userId))
    .orderBy(asc(s.germinationClaims.id));
  return rows.map((r) => ({ ...r, photos: Number(r.photos), createdAt: r.createdAt.toISOString(), decidedAt: r.decidedAt?.toISOString() ?? null }));
}

/** Whether a claim on the account's orders still waits for staff's decision (the account cannot be deleted then). */
export async function hasOpenClaim(tx: Db, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: s.germinationClaims.id })
    .from(s.germinationClaims)
    .where(and(claimsOfAccount(userId), eq(s.germinationClaims.state, 'submitted')))
    .limit(1);
  return !!row;
}

/**
 * On the account's deletion: the photos (pictures from the customer's home) and the customer's own note go; the
 * decided claims stay with the anonymised orders for the books (a replacement order, credit given).
 */
export async function eraseCustomerClaims(tx: Db, userId: number): Promise<void> {
  await tx.delete(s.germinationClaimPhotos).where(inArray(s.germinationClaimPhotos.claimId, tx.select({ id: s.germinationClaims.id }).from(s.germinationClaims).where(claimsOfAccount(userId))));
  await tx.update(s.germinationClaims).set({ note: '' }).where(claimsOfAccount(userId));
}
