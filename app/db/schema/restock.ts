import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productPacks } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** pending: a guest who has not confirmed yet; waiting: mailed at the next restock; mailed: done (ADR 068). */
export const restockStatuses = ['pending', 'waiting', 'mailed'] as const;

// "Mail me als het er weer is" (ADR 068). One row per address and pack, reused when they ask again. The
// trigger of migration 0026 queues the mails and marks the waiting rows mailed when the pack's stock goes
// from 0 to above 0, in the transaction of that stock change.
export const restockSubscriptions = pgTable(
  'restock_subscriptions',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    /** The customer who asked while logged in (their account's address); null for a guest. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: restockStatuses }).notNull(),
    /** Random, in the restock mail's unsubscribe link: a database trigger writes that mail and cannot sign. */
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    /** The single-use part of a guest's confirmation link; null once used. */
    confirmNonce: text('confirm_nonce'),
    confirmSentAt: ts('confirm_sent_at'),
    /** The shop address the visitor asked on: the mail's links point there. */
    origin: text('origin').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    mailedAt: ts('mailed_at'),
  },
  (t) => [uniqueIndex('restock_subscriptions_pack_email').on(t.packId, t.email), index('restock_subscriptions_email_idx').on(t.email), index('restock_subscriptions_user_idx').on(t.userId)],
);
