import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stockReasons } from '../../lib/db-enums.ts';
import { productPacks } from './catalog.ts';
import { staffUsers } from './staff.ts';

// Every stock change staff make (ADR 034): what moved, why, who, and the stock it left. Sales are not
// here: an order's lines are their own record. `resulting_stock` is read back from the same UPDATE.
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: stockReasons }).notNull(),
    note: text('note'),
    staffId: integer('staff_id').references(() => staffUsers.id),
    actor: text('actor').notNull(),
    resultingStock: integer('resulting_stock').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_pack_idx').on(t.packId, t.createdAt),
    check('stock_movements_delta_nonzero', sql`${t.delta} <> 0`),
    check('stock_movements_resulting_nonnegative', sql`${t.resultingStock} >= 0`),
  ],
);

/** One row per handled catalogue form (a stock change, a bulk price change, an import): a double submit does it once. */
export const catalogueActionKeys = pgTable('catalogue_action_keys', {
  key: text('key').primaryKey(),
  action: text('action').notNull(),
  staffId: integer('staff_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
