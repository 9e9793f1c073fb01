// Review moderation in the back office (role support): reviews are published when written and land in a
// queue until staff have looked at them; staff publish or hide (with a reason only staff see) and may answer
// publicly as the shop. Every change is audited in its transaction; the catalogue (ratings, pages) follows.
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { MODERATION_PAGE_SIZE, type ModerationView, moderationViews } from './moderation.ts';


const WHERE: Record<ModerationView, SQL> = {
  nieuw: isNull(s.reviews.checkedAt),
  gepubliceerd: and(isNotNull(s.reviews.checkedAt), eq(s.reviews.status, 'published'))!,
  verborgen: and(isNotNull(s.reviews.checkedAt), eq(s.reviews.status, 'hidden'))!,
};

export type ModerationRow = Awaited<ReturnType<typeof moderationList>>['rows'][number];

/** One page of a view (the queue: oldest first, so nothing waits forever; the others newest first) and the counts of all views. */
export async function moderationList(db: Db, view: ModerationView, page: number) {
  const [rows, ...counts] = await Promise.all([
    db
      .select({
        ...columns(s.reviews, 'id', 'rating', 'title', 'body', 'authorName', 'verified', 'status', 'hiddenReason', 'shopReply', 'createdAt', 'updatedAt', 'checkedAt'),
        checkedBy: s.staffUsers.name,
        slug: s.products.slug,
        product: s.products.name,
      })
      .from(s.reviews)
      .innerJoin(s.products, eq(s.products.id, s.reviews.productId))
      .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.reviews.checkedBy))
      .where(WHERE[view])
      .orderBy(...(view === 'nieuw' ? [s.reviews.updatedAt, s.reviews.id] : [desc(s.reviews.updatedAt), desc(s.reviews.id)]))
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    ...moderationViews.map((v) => db.select({ n: count() }).from(s.reviews).where(WHERE[v])),
  ]);
  return { rows, counts: Object.fromEntries(moderationViews.map((v, i) => [v, counts[i]![0]?.n ?? 0])) as Record<ModerationView, number> };
}

/**
 * Sets (or with an empty text removes) the shop's public answer under a review. Answering is a moderation
 * decision: staff have read the review and keep it as it is (shown, or hidden), so an answer takes it out of the queue ("Te
 * controleren") as publishing does. False when there is no such review.
 */
export async function replyToReview(db: Db, actor: Actor, reviewId: number, reply: string, now = new Date()): Promise<boolean> {
  const text = reply.trim() || null;
  const changed = await db.transaction(async (tx) => {
    const [review] = await tx.select({ shopReply: s.reviews.shopReply, checkedAt: s.reviews.checkedAt }).from(s.reviews).where(eq(s.reviews.id, reviewId)).for('update');
    if (!review) return false;
    const checks = text !== null && review.checkedAt === null;
    if (review.shopReply === text && !checks) return true;
    await tx
      .update(s.reviews)
      .set({ shopReply: text, shopReplyAt: text ? now : null, ...(checks ? { checkedAt: now, checkedBy: actor.staffId } : {}) })
      .where(eq(s.reviews.id, reviewId));
    await recordAudit(
      tx,
      actor,
      {
        action: text ? 'review.reply' : 'review.reply_removed',
        entity: 'review',
        entityId: reviewId,
        before: { shopReply: review.shopReply, ...(checks ? { checked: false } : {}) },
        after: { shopReply: text, ...(checks ? { checked: true } : {}) },
      },
      now,
    );
    return true;
  });
  // The answer shows on the product page and /beoordelingen, which are cached.
  if (changed) invalidateCatalogue(db);
  return changed;
}
