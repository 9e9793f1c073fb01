// Coupons in the back office (ADR 035): list with redemption counts, create, edit, disable, and batches of
// single-use codes with their CSV. Every write is one transaction with its audit entry; a write that can
// change what the shop shows (/kortingscodes, carts) drops the cached pages on every process.
import crypto from 'node:crypto';
import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { CSV_BOM, csvLine } from '~/lib/csv.ts';
import { invalidate } from '~/lib/cache.server.ts';
import { inEveryCurrency } from '~/lib/money.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { BatchInput, CouponInput } from './coupons.schemas.ts';
import { batchCode, type CouponFilter, COUPON_PAGE_SIZE, dayOf, eurosText, fromDay, untilDay, type Validity } from './coupons.ts';

/** The cache prefix of coupon data; dropping it also drops the cached pages (/kortingscodes) everywhere. */
export const COUPONS_CACHE = 'coupons';
const couponsChanged = (db: Db) => invalidate(db, COUPONS_CACHE);


type Coupon = typeof s.coupons.$inferSelect;

/** Redemptions per code, from coupon_redemptions (a cancelled order's row is gone: its use was given back). */
const redemptions = sql<number>`(select count(*)::int from coupon_redemptions r where r.coupon_code = ${s.coupons.code})`;

function statusCondition(status: Validity, now: Date): SQL {
  const c = s.coupons;
  const used = sql`${c.usageLimit} is not null and ${redemptions} >= ${c.usageLimit}`;
  switch (status) {
    case 'disabled':
      return eq(c.active, false);
    case 'expired':
      return sql`${c.active} and ${c.validUntil} < ${now}`;
    case 'used_up':
      return sql`${c.active} and (${c.validUntil} is null or ${c.validUntil} >= ${now}) and ${used}`;
    case 'scheduled':
      return sql`${c.active} and ${c.validFrom} > ${now} and (${c.validUntil} is null or ${c.validUntil} >= ${now}) and not (${used})`;
    case 'current':
      return sql`${c.active} and (${c.validFrom} is null or ${c.validFrom} <= ${now}) and (${c.validUntil} is null or ${c.validUntil} >= ${now}) and not (coalesce(${used}, false))`;
  }
}

/** One page of coupons, newest first, with how often each was used; `total` for the pager. */
export async function listCoupons(db: Db, filter: CouponFilter, page: number, now = new Date()) {
  const c = s.coupons;
  const conditions: SQL[] = [];
  if (filter.origin === 'los') conditions.push(isNull(c.batchId));
  if (filter.origin === 'reeks') conditions.push(isNotNull(c.batchId));
  if (filter.kind) conditions.push(eq(c.kind, filter.kind));
  if (filter.status) conditions.push(statusCondition(filter.status, now));
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(or(ilike(c.code, like), ilike(c.description, like))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        code: c.code,
        kind: c.kind,
        percent: c.percent,
        amount: sql<number | null>`(${c.amounts} ->> 'EUR')::int`,
        minOrder: sql<number | null>`(${c.minOrder} ->> 'EUR')::int`,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        usageLimit: c.usageLimit,
        isPublic: c.isPublic,
        active: c.active,
        combinesWithPromotions: c.combinesWithPromotions,
        batchId: c.batchId,
        used: redemptions,
      })
      .from(c)
      .where(where)
      .orderBy(desc(c.createdAt), c.code)
      .limit(COUPON_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * COUPON_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(c).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type CouponRow = Awaited<ReturnType<typeof listCoupons>>['rows'][number];

/** One coupon with its redemption count and the latest orders that used it; null when unknown. */
export async function getCoupon(db: Db, code: string) {
  const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, code.toUpperCase()));
  if (!coupon) return null;
  const [[used], recent, batch] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(s.couponRedemptions).where(eq(s.couponRedemptions.couponCode, coupon.code)),
    db
      .select({ number: s.orders.number, at: s.couponRedemptions.createdAt, discount: s.orders.discountMinor, currency: s.orders.currency })
      .from(s.couponRedemptions)
      .innerJoin(s.orders, eq(s.orders.id, s.couponRedemptions.orderId))
      .where(eq(s.couponRedemptions.couponCode, coupon.code))
      .orderBy(desc(s.couponRedemptions.createdAt))
      .limit(10),
    coupon.batchId ? db.select({ prefix: s.couponBatches.prefix }).from(s.couponBatches).where(eq(s.couponBatches.id, coupon.batchId)) : Promise.resolve([]),
  ]);
  return { coupon, used: used?.n ?? 0, recent, batchPrefix: batch[0]?.prefix ?? null };
}

/** The stored form of what a form says: euro amounts in every currency, days as moments. */
function couponValues(v: Omit<CouponInput, 'usageLimit' | 'perCustomerLimit' | 'isPublic'>) {
  return {
    kind: v.kind,
    percent: v.kind === 'percent' ? v.percent! : 0,
    amounts: v.kind === 'fixed' && v.amount !== null ? inEveryCurrency(v.amount) : {},
    minOrder: v.minOrder !== null && v.minOrder > 0 ? inEveryCurrency(v.minOrder) : {},
    validFrom: v.validFrom ? fromDay(v.validFrom) : null,
    validUntil: v.validUntil ? untilDay(v.validUntil) : null,
    combinesWithPromotions: v.combinesWithPromotions,
    description: v.description,
  };
}

/** What the edit form shows for a stored coupon (as the form sends it: text, 'on' for a ticked box). */
export function couponForm(c: Coupon) {
  return {
    kind: c.kind,
    percent: c.kind === 'percent' ? String(c.percent) : '',
    amount: c.kind === 'fixed' ? eurosText(c.amounts.EUR) : '',
    minOrder: eurosText(c.minOrder.EUR),
    validFrom: dayOf(c.validFrom),
    validUntil: dayOf(c.validUntil),
    usageLimit: c.usageLimit === null ? '' : String(c.usageLimit),
    perCustomerLimit: c.perCustomerLimit === null ? '' : String(c.perCustomerLimit),
    isPublic: c.isPublic ? 'on' : '',
    combinesWithPromotions: c.combinesWithPromotions ? 'on' : '',
    description: c.description,
    version: c.updatedAt.toISOString(),
  };
}

// What the audit log keeps of a coupon: its rules, not the bookkeeping columns.
const auditView = ({ usedCount: _u, createdAt: _c, updatedAt: _up, ...rest }: Coupon) => rest;

/** Creates a coupon; 'taken' when the code exists already (also a double submit: nothing is made twice). */
export async function createCoupon(db: Db, actor: Actor, code: string, v: CouponInput, now = new Date()): Promise<'created' | 'taken'> {
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.coupons)
      .values({ code, ...couponValues(v), usageLimit: v.usageLimit, perCustomerLimit: v.perCustomerLimit, isPublic: v.isPublic, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: s.coupons.code })
      .returning();
    if (!row) return false;
    await recordAudit(tx, actor, { action: 'coupon.create', entity: 'coupon', entityId: code, after: auditView(row) }, now);
    return true;
  });
  if (!made) return 'taken';
  couponsChanged(db);
  return 'created';
}

/**
 * Saves an edit when the form was read from the current version; 'stale' when someone saved in between
 * (their change is not overwritten). The row lock also waits for a checkout that holds this coupon: the
 * checkout locks it to redeem, so an order is priced with the coupon as it was before or after the edit,
 * never half of each, and a checkout after a disable is refused.
 */
export async function updateCoupon(db: Db, actor: Actor, code: string, v: CouponInput & { version: string }, now = new Date()): Promise<'saved' | 'stale' | 'not_found'> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(s.coupons).where(eq(s.coupons.code, code)).for('update');
    if (!before) return 'not_found' as const;
    if (before.updatedAt.getTime() !== new Date(v.version).getTime()) return 'stale' as const;
    const [after] = await tx
      .update(s.coupons)
      .set({ ...couponValues(v), usageLimit: v.usageLimit, perCustomerLimit: v.perCustomerLimit, isPublic: v.isPublic, updatedAt: now })
      .where(eq(s.coupons.code, code))
      .returning();
    await recordAudit(tx, actor, { action: 'coupon.update', entity: 'coupon', entityId: code, before: auditView(before), after: auditView(after!) }, now);
    return 'saved' as const;
  });
  if (outcome === 'saved') couponsChanged(db);
  return outcome;
}

/** Switches a coupon off or on; false when unknown. Setting what is already so records nothing (a double submit). */
export async function setCouponActive(db: Db, actor: Actor, code: string, active: boolean, now = new Date()): Promise<boolean> {
  const found = await switchActive(db, actor, active, now, {
    action: active ? 'coupon.enable' : 'coupon.disable',
    entity: 'coupon',
    entityId: code,
    lock: (tx) => tx.select({ active: s.coupons.active }).from(s.coupons).where(eq(s.coupons.code, code)).for('update'),
    set: (tx) => tx.update(s.coupons).set({ active, updatedAt: now }).where(eq(s.coupons.code, code)),
  });
  if (found) couponsChanged(db);
  return found;
}

/**
 * Switches a coupon or promotion off or on under its row lock, audited; false when
 * there is no such row. Setting what is already so records nothing (a double submit).
 */
export async function switchActive(
  db: Db,
  actor: Actor,
  active: boolean,
  now: Date,
  row: { action: string; entity: 'coupon' | 'promotion'; entityId: string | number; lock: (tx: Db) => Promise<{ active: boolean }[]>; set: (tx: Db) => Promise<unknown> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await row.lock(tx);
    if (!before) return false;
    if (before.active === active) return true;
    await row.set(tx);
    await recordAudit(tx, actor, { action: row.action, entity: row.entity, entityId: row.entityId, before: { active: !active }, after: { active } }, now);
    return true;
  });
}

const INSERT_CHUNK = 500;

/**
 * Makes `count` unique single-use codes PREFIX-XXXXXXXXXX (crypto randomness, unambiguous alphabet) in one
 * transaction. A code that exists already (any coupon) is drawn again. Once per form key: a double submit
 * returns the batch the first one made.
 */
export async function createBatch(db: Db, actor: Actor & { staffId: number | null }, v: BatchInput, now = new Date(), random: (n: number) => Uint8Array = (n) => crypto.randomBytes(n)) {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(s.couponBatches)
      .values({ prefix: v.prefix, count: v.count, idempotencyKey: v.key, staffId: actor.staffId, createdAt: now })
      .onConflictDoNothing({ target: s.couponBatches.idempotencyKey })
      .returning();
    if (!batch) {
      const [made] = await tx.select().from(s.couponBatches).where(eq(s.couponBatches.idempotencyKey, v.key));
      return { batch: made!, existing: true };
    }
    // Single use, never public; the rest as the form says.
    const values = { ...couponValues(v), usageLimit: 1, perCustomerLimit: 1, isPublic: false, batchId: batch.id, createdAt: now, updatedAt: now };
    let missing = v.count;
    for (let round = 0; missing > 0; round++) {
      if (round > 20) throw new Error(`could not draw ${missing} more unique codes for batch ${batch.id}`);
      const codes = new Set<string>();
      while (codes.size < missing) codes.add(batchCode(v.prefix, random));
      const list = [...codes];
      for (let i = 0; i < list.length; i += INSERT_CHUNK) {
        const made = await tx
          .insert(s.coupons)
          .values(list.slice(i, i + INSERT_CHUNK).map((code) => ({ code, ...values })))
          .onConflictDoNothing({ target: s.coupons.code })
          .returning({ code: s.coupons.code });
        missing -= made.length;
      }
    }
    await recordAudit(tx, actor, { action: 'coupon.batch', entity: 'coupon_batch', entityId: batch.id, after: { prefix: v.prefix, count: v.count, ...values, batchId: undefined } }, now);
    return { batch, existing: false };
  });
}

/** The batches, newest first, with how many of their codes were used. */
export async function listBatches(db: Db) {
  return db
    .select({
      ...columns(s.couponBatches, 'id', 'prefix', 'count', 'createdAt'),
      by: s.staffUsers.name,
      used: sql<number>`(select count(*)::int from coupon_redemptions r join coupons c on c.code = r.coupon_code where c.batch_id = ${s.couponBatches.id})`,
    })
    .from(s.couponBatches)
    .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.couponBatches.staffId))
    .orderBy(desc(s.couponBatches.createdAt), desc(s.couponBatches.id))
    .limit(100);
}

const t = backoffice;
function valueText(c: Pick<Coupon, 'kind' | 'percent' | 'amounts'>): string | { minor: number } {
  if (c.kind === 'percent') return t.coupons.value.percent(c.percent);
  if (c.kind === 'fixed') return { minor: c.amounts.EUR ?? 0 };
  return t.coupons.value.free_shipping;
}

/**
 * A batch's codes as CSV (UTF-8 with BOM, ';', Dutch amounts; text cells neutralised against formulas by
 * csvLine), recorded in the audit log: whoever has the file can spend the codes. Null when unknown.
 */
export async function batchCsv(db: Db, actor: Actor, batchId: number, now = new Date()): Promise<{ name: string; body: string } | null> {
  const [batch] = await db.select().from(s.couponBatches).where(eq(s.couponBatches.id, batchId));
  if (!batch) return null;
  const rows = await db
    .select({ coupon: s.coupons, used: redemptions })
    .from(s.coupons)
    .where(eq(s.coupons.batchId, batch.id))
    .orderBy(s.coupons.code);
  let body = CSV_BOM + csvLine(t.batch.csvColumns);
  for (const { coupon: c, used } of rows)
    body += csvLine([c.code, t.coupons.kinds[c.kind], valueText(c), c.minOrder.EUR === undefined ? null : { minor: c.minOrder.EUR }, dayOf(c.validFrom), dayOf(c.validUntil), used, c.description]);
  await recordAudit(db, actor, { action: 'coupon.batch_download', entity: 'coupon_batch', entityId: batch.id, after: { codes: rows.length } }, now);
  return { name: `kiemkracht-codes-${batch.prefix}-${batch.id}.csv`, body };
}
