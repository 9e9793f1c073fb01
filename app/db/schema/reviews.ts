import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { staffUsers } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The language a review was written in; a review in another language than Dutch keeps its original text. */
export const reviewLanguages = ['nl', 'en', 'de'] as const;
export const reviewStatuses = ['published', 'hidden'] as const;

// Customer reviews (SPEC §3, ADR 013). Only published reviews count towards products.rating_avg/review_count,
// which refreshProductRatings() derives from this table.
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The customer who wrote it; null for the demo reviews. One review per customer and strain. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The seed's natural key, so re-seeding updates instead of duplicating; null for customers' reviews. */
    seedKey: text('seed_key').unique(),
    /** First name and initial ("Sanne V."), fixed when written. */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    /** In Dutch: written so, or translated from `language`. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    language: text('language', { enum: reviewLanguages }).notNull().default('nl'),
    /** The text as written, when `language` is not Dutch. */
    originalTitle: text('original_title'),
    originalBody: text('original_body'),
    /** The author bought this strain (a paid or shipped order) when writing. */
    verified: boolean('verified').notNull().default(false),
    helpfulCount: integer('helpful_count').notNull().default(0),
    status: text('status', { enum: reviewStatuses }).notNull().default('published'),
    /** Moderation (post-publication): when and by whom staff looked at it; null = in the queue. */
    checkedAt: ts('checked_at'),
    checkedBy: integer('checked_by').references(() => staffUsers.id),
    /** Why the shop hid it (staff only, never shown). */
    hiddenReason: text('hidden_reason'),
    /** The shop's public answer under the review. */
    shopReply: text('shop_reply'),
    shopReplyAt: ts('shop_reply_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user').on(t.productId, t.userId),
    index('reviews_product_status_idx').on(t.productId, t.status),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    index('reviews_unchecked_idx').on(t.createdAt).where(sql`${t.checkedAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_helpful_nonnegative', sql`${t.helpfulCount} >= 0`),
  ],
);

// "Nuttig" counts once per visitor: 'u:<user id>' for a logged-in customer, 'v:<cookie id>' for a guest.
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);
