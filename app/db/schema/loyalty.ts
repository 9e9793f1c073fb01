import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { loyaltyKinds } from '../../lib/db-enums.ts';
import { users } from './accounts.ts';
import { orders } from './commerce.ts';
import { staffUsers } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Kiempunten (ADR 075), the store-credit pattern (ADR 073) without currencies: one balance row per customer that
// every change locks first, a CHECK that refuses a negative balance, and an append-only ledger.
export const loyaltyBalances = pgTable(
  'loyalty_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('loyalty_balances_not_negative', sql`${t.points} >= 0`)],
);

// Every change, signed. `missedPoints`: a reversal that wanted more than the balance held (points already spent)
// takes what is there and records the rest here. `sourceKey` is unique: a retried change books once.
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    missedPoints: integer('missed_points').notNull().default(0),
    kind: text('kind', { enum: loyaltyKinds }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reviewId: integer('review_id'),
    reason: text('reason').notNull().default(''),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    sourceKey: text('source_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_ledger_user_idx').on(t.userId, t.id),
    index('loyalty_ledger_order_idx').on(t.orderId),
    check('loyalty_ledger_points_not_zero', sql`${t.points} <> 0 or ${t.missedPoints} > 0`),
    check('loyalty_ledger_missed_not_negative', sql`${t.missedPoints} >= 0`),
    check('loyalty_ledger_kind', sql`${t.kind} in (${sql.raw(loyaltyKinds.map((k) => `'${k}'`).join(', '))})`),
  ],
);
