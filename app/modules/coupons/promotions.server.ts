// Free-seed promotions in the back office (ADR 035): which free pack, how many, from which order value, in
// which period. The shop reads them through activePromotions (cached with the catalogue), so every write
// drops the catalogue and the cached pages on every process.
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
import { inEveryCurrency } from '~/lib/money.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { PromotionInput } from './coupons.schemas.ts';
import { dayOf, eurosText, fromDay, untilDay } from './coupons.ts';
import { switchActive } from './coupons.server.ts';

type Promotion = typeof s.freePackPromotions.$inferSelect;

export async function listPromotions(db: Db) {
  return db
    .select({
      ...columns(s.freePackPromotions, 'id', 'name', 'quantity', 'validFrom', 'validUntil', 'active'),
      threshold: s.freePackPromotions.thresholds,
      product: s.products.name,
      seeds: s.productPacks.seeds,
      stock: s.productPacks.stock,
    })
    .from(s.freePackPromotions)
    .innerJoin(s.productPacks, eq(s.productPacks.id, s.freePackPromotions.packId))
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .orderBy(desc(s.freePackPromotions.active), asc(s.freePackPromotions.id));
}

/** The packs a promotion may give: the catalogue's free packs. */
export async function giftPacks(db: Db) {
  return db
    .select({ id: s.productPacks.id, product: s.products.name, seeds: s.productPacks.seeds, stock: s.productPacks.stock })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(eq(s.productPacks.isFree, true))
    .orderBy(s.products.name, s.productPacks.seeds);
}

export async function getPromotion(db: Db, id: number): Promise<Promotion | null> {
  const [row] = await db.select().from(s.freePackPromotions).where(eq(s.freePackPromotions.id, id));
  return row ?? null;
}

export function promotionForm(p: Promotion) {
  return {
    name: p.name,
    packId: String(p.packId),
    quantity: String(p.quantity),
    threshold: eurosText(p.thresholds.EUR),
    validFrom: dayOf(p.validFrom),
    validUntil: dayOf(p.validUntil),
    version: p.updatedAt.toISOString(),
  };
}

const values = (v: PromotionInput) => ({
  name: v.name,
  packId: v.packId,
  quantity: v.quantity,
  thresholds: inEveryCurrency(v.threshold),
  validFrom: v.validFrom ? fromDay(v.validFrom) : null,
  validUntil: v.validUntil ? untilDay(v.validUntil) : null,
});

const isGift = async (tx: Db, packId: number) => (await tx.select({ free: s.productPacks.isFree }).from(s.productPacks).where(eq(s.productPacks.id, packId)))[0]?.free === true;

/** Creates a promotion; 'pack' when the pack is not a free pack of the catalogue. */
export async function createPromotion(db: Db, actor: Actor, v: PromotionInput, now = new Date()): Promise<{ id: number } | 'pack'> {
  const made = await db.transaction(async (tx) => {
    if (!(await isGift(tx, v.packId))) return 'pack' as const;
    const [row] = await tx
      .insert(s.freePackPromotions)
      .values({ ...values(v), updatedAt: now })
      .returning();
    await recordAudit(tx, actor, { action: 'promotion.create', entity: 'promotion', entityId: row!.id, after: row }, now);
    return { id: row!.id };
  });
  if (made !== 'pack') invalidateCatalogue(db);
  return made;
}

/** Saves an edit made on the current version ('stale' otherwise, nothing overwritten). */
export async function updatePromotion(db: Db, actor: Actor, id: number, v: PromotionInput & { version: string }, now = new Date()): Promise<'saved' | 'stale' | 'not_found' | 'pack'> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(s.freePackPromotions).where(eq(s.freePackPromotions.id, id)).for('update');
    if (!before) return 'not_found' as const;
    if (before.updatedAt.getTime() !== new Date(v.version).getTime()) return 'stale' as const;
    if (!(await isGift(tx, v.packId))) return 'pack' as const;
    const [after] = await tx
      .update(s.freePackPromotions)
      .set({ ...values(v), updatedAt: now })
      .where(eq(s.freePackPromotions.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'promotion.update', entity: 'promotion', entityId: id, before, after }, now);
    return 'saved' as const;
  });
  if (outcome === 'saved') invalidateCatalogue(db);
  return outcome;
}

export async function setPromotionActive(db: Db, actor: Actor, id: number, active: boolean, now = new Date()): Promise<boolean> {
  const found = await switchActive(db, actor, active, now, {
    action: active ? 'promotion.enable' : 'promotion.disable',
    entity: 'promotion',
    entityId: id,
    lock: (tx) => tx.select({ active: s.freePackPromotions.active }).from(s.freePackPromotions).where(eq(s.freePackPromotions.id, id)).for('update'),
    set: (tx) => tx.update(s.freePackPromotions).set({ active, updatedAt: now }).where(eq(s.freePackPromotions.id, id)),
  });
  if (found) invalidateCatalogue(db);
  return found;
}
