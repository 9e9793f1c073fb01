import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { creditKinds } from '../../lib/db-enums.ts';
import { users } from './accounts.ts';
import { orders } from './commerce.ts';
import { staffUsers } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Store credit (ADR 073). One balance row per customer and currency: every change takes its row lock first, so
// two checkouts spending the same credit wait for each other, and the CHECK refuses a negative balance even
// when a code path forgot the check.
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    balanceMinor: integer('balance_minor').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.currency] }), check('credit_balances_not_negative', sql`${t.balanceMinor} >= 0`)],
);

// Every change of a balance, signed; the balance row is their sum. `sourceKey` is unique, so a retried grant or
// debit (the same refund, claim, order or staff form) books once.
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    balanceAfterMinor: integer('balance_after_minor').notNull(),
    kind: text('kind', { enum: creditKinds }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    sourceKey: text('source_key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    index('credit_ledger_order_idx').on(t.orderId),
    check('credit_ledger_amount_not_zero', sql`${t.amountMinor} <> 0`),
    check('credit_ledger_kind', sql`${t.kind} in (${sql.raw(creditKinds.map((k) => `'${k}'`).join(', '))})`),
  ],
);
