import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { cached, invalidate } from '~/lib/cache.server.ts';
import { catalogueKey, invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { pageCount, type RatingSummary, REVIEWS_PAGE_SIZE, type ReviewQuery, summarise, TAB_REVIEWS } from './reviews.ts';

// Reviews (ADR 013): the listing, the product tab, "Nuttig" votes, writing and hiding. Products'
// rating_avg/review_count are derived from the published reviews by refreshProductRatings, in the
// same transaction as the change, and the catalogue (and with it the page cache) is invalidated.

export type ReviewView = {
  id: number;
  rating: number;
  title: string;
  body: string;
  language: 'nl' | 'en' | 'de';
  originalTitle: string | null;
  originalBody: string | null;
  verified: boolean;
  helpfulCount: number;
  authorName: string;
  createdAt: string;
  /** The shop's public answer, if any. */
  shopReply: string | null;
  product: { slug: string; name: string };
};

const reviewColumns = {
  ...columns(s.reviews, 'id', 'rating', 'title', 'body', 'language', 'originalTitle', 'originalBody', 'verified', 'helpfulCount', 'authorName', 'createdAt', 'shopReply'),
  slug: s.products.slug,
  name: s.products.name,
};
type Row = Omit<ReviewView, 'product' | 'createdAt'> & { createdAt: Date; slug: string; name: string };
const view = ({ slug, name, createdAt, ...r }: Row): ReviewView => ({ ...r, createdAt: createdAt.toISOString(), product: { slug, name } });

const published = eq(s.reviews.status, 'published');

const orderFor: Record<ReviewQuery['sort'], SQL[]> = {
  nieuwste: [desc(s.reviews.createdAt), desc(s.reviews.id)],
  nuttigst: [desc(s.reviews.helpfulCount), desc(s.reviews.createdAt), desc(s.reviews.id)],
  hoogste: [desc(s.reviews.rating), desc(s.reviews.helpfulCount), desc(s.reviews.createdAt), desc(s.reviews.id)],
  laagste: [asc(s.reviews.rating), desc(s.reviews.helpfulCount), desc(s.reviews.createdAt), desc(s.reviews.id)],
};

async function starCounts(db: Db, where: SQL | undefined): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: s.reviews.rating, n: count() })
    .from(s.reviews)
    .innerJoin(s.products, eq(s.products.id, s.reviews.productId))
    .where(where)
    .groupBy(s.reviews.rating);
  return summarise(Object.fromEntries(rows.map((r) => [r.rating, r.n])));
}

export type ReviewListing = {
  items: ReviewView[];
  total: number;
  page: number;
  pageCount: number;
  /** Over the strain, type and verified filters, not the star filter: the bars show what each star would give. */
  summary: RatingSummary;
  product: { id: number; slug: string; name: string } | null;
};

/** The /beoordelingen listing; null when the strain is unknown or the page is past the last one. */
export async function listReviews(db: Db, query: ReviewQuery): Promise<ReviewListing | null> {
  let product: ReviewListing['product'] = null;
  if (query.product) {
    const [p] = await db.select({ id: s.products.id, slug: s.products.slug, name: s.products.name }).from(s.products).where(eq(s.products.slug, query.product));
    if (!p) return null;
    product = p;
  }
  const scope = and(
    published,
    product ? eq(s.reviews.productId, product.id) : undefined,
    query.verified ? eq(s.reviews.verified, true) : undefined,
    query.type ? eq(s.products.type, query.type) : undefined,
  );
  const where = and(scope, query.stars.length ? inArray(s.reviews.rating, query.stars) : undefined);
  const summary = await starCounts(db, scope);
  const total = query.stars.length ? summary.distribution.filter((d) => query.stars.includes(d.stars)).reduce((n, d) => n + d.count, 0) : summary.count;
  const pages = pageCount(total);
  if (query.page > pages) return null;
  const rows = await db
    .select(reviewColumns)
    .from(s.reviews)
    .innerJoin(s.products, eq(s.products.id, s.reviews.productId))
    .where(where)
    .orderBy(...orderFor[query.sort])
    .limit(REVIEWS_PAGE_SIZE)
    .offset((query.page - 1) * REVIEWS_PAGE_SIZE);
  return { items: rows.map(view), total, page: query.page, pageCount: pages, summary, product };
}

/** The product tab: the strain's star distribution and its most helpful reviews. */
export function productReviews(db: Db, productId: number): Promise<{ summary: RatingSummary; items: ReviewView[] }> {
  // Cached with the catalogue (every review change invalidates it); a counted vote drops this product's entry.
  return cached(db, reviewsKey(productId), 60_000, () => readProductReviews(db, productId, TAB_REVIEWS));
}
const reviewsKey = (productId: number) => catalogueKey(`reviews:${productId};`);

async function readProductReviews(db: Db, productId: number, limit: number): Promise<{ summary: RatingSummary; items: ReviewView[] }> {
  const where = and(published, eq(s.reviews.productId, productId));
  const [summary, rows] = await Promise.all([
    starCounts(db, where),
    db
      .select(reviewColumns)
      .from(s.reviews)
      .innerJoin(s.products, eq(s.products.id, s.reviews.productId))
      .where(where)
      .orderBy(...orderFor.nuttigst)
      .limit(limit),
  ]);
  return { summary, items: rows.map(view) };
}

/** Which of these reviews this voter already found helpful (their buttons show as pressed). */
export async function votedReviewIds(db: Db, voter: string | null, reviewIds: number[]): Promise<number[]> {
  if (!voter || reviewIds.length === 0) return [];
  const rows = await db
    .select({ id: s.reviewVotes.reviewId })
    .from(s.reviewVotes)
    .where(and(eq(s.reviewVotes.voter, voter), inArray(s.reviewVotes.reviewId, reviewIds)));
  return rows.map((r) => r.id);
}

/** "Nuttig" votes per client address: enough for any reader, not for a script that drops its cookie. */
export const VOTE_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

/** Counts a "Nuttig" vote of this client (see client-key.ts) against VOTE_RATE_LIMIT; false once it is used up. */
export async function allowHelpfulVote(db: Db, client: string): Promise<boolean> {
  return (await hitRateLimit(db, `review-vote:${client}`, VOTE_RATE_LIMIT.limit, VOTE_RATE_LIMIT.windowMs)).allowed;
}

export type VoteResult = { ok: true; helpfulCount: number; counted: boolean } | { ok: false; reason: 'unknown' | 'own' };

/**
 * "Nuttig": counts once per voter. The vote row's primary key decides: of concurrent votes by one voter
 * exactly one inserts (the others wait for it on PostgreSQL, then find the row), and only an inserted vote
 * adds one, with an atomic increment. Votes do not change ratings: only the product's cached reviews tab is dropped.
 */
export async function voteHelpful(db: Db, reviewId: number, voter: string, userId: number | null = null): Promise<VoteResult> {
  const result = await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ userId: s.reviews.userId, helpfulCount: s.reviews.helpfulCount, productId: s.reviews.productId })
      .from(s.reviews)
      .where(and(eq(s.reviews.id, reviewId), published));
    if (!review) return { ok: false, reason: 'unknown' } as const;
    if (userId !== null && review.userId === userId) return { ok: false, reason: 'own' } as const;
    const inserted = await tx.insert(s.reviewVotes).values({ reviewId, voter }).onConflictDoNothing().returning({ reviewId: s.reviewVotes.reviewId });
    if (inserted.length === 0) {
      const [now] = await tx.select({ helpfulCount: s.reviews.helpfulCount }).from(s.reviews).where(eq(s.reviews.id, reviewId));
      return { ok: true, helpfulCount: now?.helpfulCount ?? review.helpfulCount, counted: false } as const;
    }
    const [row] = await tx
      .update(s.reviews)
      .set({ helpfulCount: sql`${s.reviews.helpfulCount} + 1` })
      .where(eq(s.reviews.id, reviewId))
      .returning({ helpfulCount: s.reviews.helpfulCount });
    return { ok: true, helpfulCount: row!.helpfulCount, counted: true, productId: review.productId } as const;
  });
  if (result.ok && result.counted) invalidate(db, reviewsKey(result.productId));
  return result;
}

/** A customer bought this strain: an order of theirs with one of its packs was paid or shipped (and not cancelled). */
export async function isVerifiedBuyer(db: Db, userId: number, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.orders.id })
    .from(s.orders)
    .innerJoin(s.orderLines, eq(s.orderLines.orderId, s.orders.id))
    .innerJoin(s.productPacks, eq(s.productPacks.id, s.orderLines.packId))
    .where(
      and(
        eq(s.orders.userId, userId),
        eq(s.productPacks.productId, productId),
        ne(s.orders.status, 'cancelled'),
        or(eq(s.orders.paymentState, 'complete'), eq(s.orders.status, 'shipped')),
      ),
    )
    .limit(1);
  return !!row;
}

/** The customer's own review of a strain (to fill the form when they come back), or null. */
export async function ownReview(db: Db, userId: number, productId: number) {
  const [row] = await db
    .select(columns(s.reviews, 'id', 'rating', 'title', 'body', 'status', 'verified'))
    .from(s.reviews)
    .where(and(eq(s.reviews.userId, userId), eq(s.reviews.productId, productId)));
  return row ?? null;
}

/**
 * THE one place that derives products' rating_avg (average × 10, rounded) and review_count from their
 * published reviews. Pass product ids to refresh only those; without, every product (the seed).
 */
export async function refreshProductRatings(db: Db, productIds?: number[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  await db.execute(sql`
    update products p set
      rating_avg = coalesce((select round(avg(r.rating) * 10)::int from reviews r where r.product_id = p.id and r.status = 'published'), 0),
      review_count = (select count(*)::int from reviews r where r.product_id = p.id and r.status = 'published')
    ${
      productIds
        ? sql`where p.id in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }`);
}

/** Locks the product row, so concurrent changes to its reviews refresh its numbers one after the other. */
async function lockProduct(tx: Db, productId: number): Promise<boolean> {
  const [row] = await tx.select({ id: s.products.id }).from(s.products).where(eq(s.products.id, productId)).for('no key update');
  return !!row;
}

/** Reviews written (or rewritten) per customer and per client address: real customers never meet these. */
export const WRITE_RATE_LIMITS = { user: { limit: 10, windowMs: 60 * 60_000 }, ip: { limit: 30, windowMs: 60 * 60_000 } };

/** Counts a review submit of this customer and client against WRITE_RATE_LIMITS; false when either is used up. */
export async function allowReviewWrite(db: Db, userId: number, client: string): Promise<boolean> {
  const [perUser, perAddress] = await Promise.all([
    hitRateLimit(db, `review-write:u:${userId}`, WRITE_RATE_LIMITS.user.limit, WRITE_RATE_LIMITS.user.windowMs),
    hitRateLimit(db, `review-write:ip:${client}`, WRITE_RATE_LIMITS.ip.limit, WRITE_RATE_LIMITS.ip.windowMs),
  ]);
  return perUser.allowed && perAddress.allowed;
}

export type SaveReviewInput = { userId: number; productId: number; authorName: string; rating: number; title: string; body: string };
export type SaveReviewResult =
  { ok: true; id: number; created: boolean; verified: boolean; status: 'published' | 'hidden' } | { ok: false; reason: 'unknown_product' };

/**
 * Writes the customer's review of a strain, or replaces their earlier one (one per customer and strain:
 * the unique index decides, also for two submits at once). Verified when they bought the strain. The
 * product's numbers are refreshed in the same transaction; then the catalogue and page caches are dropped.
 * A review hidden by the shop stays hidden when its author edits it.
 */
export async function saveReview(db: Db, input: SaveReviewInput): Promise<SaveReviewResult> {
  const result = await db.transaction(async (tx): Promise<SaveReviewResult> => {
    if (!(await lockProduct(tx, input.productId))) return { ok: false, reason: 'unknown_product' };
    const verified = await isVerifiedBuyer(tx, input.userId, input.productId);
    const text = {
      authorName: input.authorName,
      rating: input.rating,
      title: input.title,
      body: input.body,
      language: 'nl' as const,
      originalTitle: null,
      originalBody: null,
    };
    const [row] = await tx
      .insert(s.reviews)
      .values({ productId: input.productId, userId: input.userId, verified, ...text })
      .onConflictDoUpdate({ target: [s.reviews.productId, s.reviews.userId], set: { ...text, verified, checkedAt: null, updatedAt: sql`now()` } })
      .returning({ id: s.reviews.id, status: s.reviews.status, created: sql<boolean>`(xmax = 0)` });
    await refreshProductRatings(tx, [input.productId]);
    return { ok: true, id: row!.id, created: !!row!.created, verified, status: row!.status };
  });
  if (result.ok) invalidateCatalogue(db);
  return result;
}

/**
 * Shows or hides a review (moderation) and takes it out of the moderation queue; the product's numbers follow.
 * From the back office with the staff member (audited in the same transaction) and, when hiding, the reason
 * (kept for staff, never shown). False when there is no such review.
 */
export async function setReviewStatus(
  db: Db,
  reviewId: number,
  status: 'published' | 'hidden',
  /** `onPublished`: work of another module in the same transaction when staff publish it (Kiempunten, ADR 075). */
  by?: { actor: Actor; reason?: string | null; onPublished?: (tx: Db, review: { id: number; userId: number | null }) => Promise<unknown> },
  now = new Date(),
): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [found] = await tx.select({ productId: s.reviews.productId }).from(s.reviews).where(eq(s.reviews.id, reviewId));
    if (!found) return false;
    // Every change to a product's reviews takes the product's lock first (as saveReview does): read the state under it.
    await lockProduct(tx, found.productId);
    const [review] = await tx
      .select({ productId: s.reviews.productId, userId: s.reviews.userId, status: s.reviews.status, hiddenReason: s.reviews.hiddenReason, checkedAt: s.reviews.checkedAt })
      .from(s.reviews)
      .where(eq(s.reviews.id, reviewId));
    if (!review) return false;
    const hiddenReason = status === 'hidden' ? (by?.reason ?? null) : null;
    // A double click, or two staff at once: the second finds it done and changes (and records) nothing.
    if (review.status === status && review.checkedAt && review.hiddenReason === hiddenReason) return 'unchanged';
    await tx
      .update(s.reviews)
      .set({ status, hiddenReason, checkedAt: now, checkedBy: by?.actor.staffId ?? null, updatedAt: now })
      .where(eq(s.reviews.id, reviewId));
    await refreshProductRatings(tx, [review.productId]);
    if (status === 'published') await by?.onPublished?.(tx, { id: reviewId, userId: review.userId });
    if (by)
      await recordAudit(
        tx,
        by.actor,
        {
          action: status === 'hidden' ? 'review.hide' : 'review.publish',
          entity: 'review',
          entityId: reviewId,
          before: { status: review.status, hiddenReason: review.hiddenReason, checked: review.checkedAt !== null },
          after: { status, hiddenReason },
        },
        now,
      );
    return true;
  });
  if (changed === true) invalidateCatalogue(db);
  return changed !== false;
}

/** The customer's own reviews, for the account data export (oldest first). */
export async function userReviews(db: Db, userId: number) {
  const rows = await db
    .select({
      slug: s.products.slug,
      name: s.products.name,
      ...columns(s.reviews, 'rating', 'title', 'body', 'createdAt'),
    })
    .from(s.reviews)
    .innerJoin(s.products, eq(s.products.id, s.reviews.productId))
    .where(eq(s.reviews.userId, userId))
    .orderBy(asc(s.reviews.createdAt), asc(s.reviews.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Account deletion: removes the customer's reviews and refreshes those products' numbers, inside the caller's
 * transaction. True when any went: the caller then calls invalidateCatalogue after the commit.
 */
export async function deleteUserReviews(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.select({ productId: s.reviews.productId }).from(s.reviews).where(eq(s.reviews.userId, userId));
  const ids = [...new Set(rows.map((r) => r.productId))].sort((a, b) => a - b);
  if (ids.length === 0) return false;
  // In id order, like every other path that locks several products, so two deletions cannot deadlock.
  for (const id of ids) await lockProduct(tx, id);
  await tx.delete(s.reviews).where(eq(s.reviews.userId, userId));
  await refreshProductRatings(tx, ids);
  return true;
}
