import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { claimOutcomes, claimStates, germinationMethods } from '../../lib/db-enums.ts';
import { orderLines, orders } from './commerce.ts';
import { staffUsers } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// Germination guarantee claims (ADR 074). One claim per order line: the unique index is the rule, so two submits
// of the same line at once make one claim. A claim is decided once: the decision is a conditional update
// from 'submitted' under the claim's row lock.
export const germinationClaims = pgTable(
  'germination_claims',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    state: text('state', { enum: claimStates }).notNull().default('submitted'),
    outcome: text('outcome', { enum: claimOutcomes }),
    seedsSown: integer('seeds_sown').notNull(),
    seedsFailed: integer('seeds_failed').notNull(),
    method: text('method', { enum: germinationMethods }).notNull(),
    note: text('note').notNull().default(''),
    /** Why staff rejected it: the customer sees this sentence. */
    reason: text('reason'),
    /** The zero-price order that replaces the seeds (outcome 'replacement'). */
    replacementOrderId: integer('replacement_order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The store credit granted (outcome 'credit'), in the order's currency. */
    creditMinor: integer('credit_minor'),
    decidedBy: integer('decided_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('germination_claims_line_uq').on(t.orderLineId),
    index('germination_claims_order_idx').on(t.orderId),
    index('germination_claims_state_idx').on(t.state, t.createdAt),
    check('germination_claims_seeds', sql`${t.seedsFailed} >= 1 and ${t.seedsFailed} <= ${t.seedsSown}`),
    check('germination_claims_state', sql`${t.state} in ('submitted', 'approved', 'rejected')`),
    check('germination_claims_outcome', sql`(${t.state} = 'approved') = (${t.outcome} is not null)`),
  ],
);

// Up to three photos per claim, checked and re-encoded like strain photos (ADR 033): WebP without metadata.
export const germinationClaimPhotos = pgTable(
  'germination_claim_photos',
  {
    id: serial('id').primaryKey(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => germinationClaims.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('germination_claim_photos_uq').on(t.claimId, t.position), check('germination_claim_photos_position', sql`${t.position} between 1 and 3`)],
);
