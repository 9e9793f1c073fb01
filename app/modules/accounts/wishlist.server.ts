import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { account } from '~/i18n/nl/account.ts';
import { cached, invalidate, PERSONAL_PREFIX } from '~/lib/cache.server.ts';

// The wishlist (SPEC §6: logged-in users only). One row per user and product (the primary key),
// so saving twice, or twice at once, leaves one row.

/** At most this many strains per user: the root loader sends the ids with every page of a logged-in visitor. */
export const WISHLIST_MAX = 200;

export type WishlistResult = { ok: true } | { ok: false; error: string };

/**
 * Saves a strain. Idempotent: an already saved strain is a success, also when the list is full.
 * The user's row is locked for the count and the insert, so concurrent saves of different strains
 * cannot pass the cap together on PostgreSQL (FOR NO KEY UPDATE: the foreign keys' KEY SHARE locks still pass).
 */
export async function addToWishlist(db: Db, userId: number, productId: number, { max = WISHLIST_MAX } = {}): Promise<WishlistResult> {
  const t = account.wishlist.errors;
  const result = await db.transaction(async (tx): Promise<WishlistResult> => {
    const [product] = await tx.select({ id: s.products.id }).from(s.products).where(eq(s.products.id, productId));
    if (!product) return { ok: false, error: t.unknownProduct };
    const [user] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for('no key update');
    if (!user) throw new Error(`addToWishlist: no user ${userId}`);
    const [saved] = await tx
      .select({ productId: s.wishlistItems.productId })
      .from(s.wishlistItems)
      .where(and(eq(s.wishlistItems.userId, userId), eq(s.wishlistItems.productId, productId)));
    if (saved) return { ok: true };
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(s.wishlistItems).where(eq(s.wishlistItems.userId, userId));
    if (n >= max) return { ok: false, error: t.full(max) };
    await tx.insert(s.wishlistItems).values({ userId, productId }).onConflictDoNothing();
    return { ok: true };
  });
  if (result.ok) heartsChanged(db, userId);
  return result;
}

/** Removes a strain from this user's list; removing one that is not there changes nothing. */
export async function removeFromWishlist(db: Db, userId: number, productId: number): Promise<void> {
  await db.delete(s.wishlistItems).where(and(eq(s.wishlistItems.userId, userId), eq(s.wishlistItems.productId, productId)));
  heartsChanged(db, userId);
}

const HEARTS = `${PERSONAL_PREFIX}hearts:`;
// After the commit, in every process (NOTIFY on PostgreSQL): the next page shows the change.
const heartsChanged = (db: Db, userId: number) => invalidate(db, `${HEARTS}${userId}:`);

/**
 * The ids behind the hearts on every page of a logged-in customer (root loader, a cached page's overlay): kept per
 * user and dropped whenever their list changes. A strain deleted from the catalogue may linger until the entry
 * expires, with no card to show its heart on.
 */
export function heartIds(db: Db, userId: number): Promise<number[]> {
  return cached(db, `${HEARTS}${userId}:`, 10 * 60_000, () => wishlistProductIds(db, userId));
}

/** The user's saved product ids, newest first. */
export async function wishlistProductIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: s.wishlistItems.productId })
    .from(s.wishlistItems)
    .where(eq(s.wishlistItems.userId, userId))
    .orderBy(desc(s.wishlistItems.addedAt), desc(s.wishlistItems.productId));
  return rows.map((r) => r.productId);
}
