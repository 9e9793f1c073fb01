import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './commerce.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const affiliateStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;

// The affiliate programme (SPEC §3/§4/§7/§9; ADR 021). One application per account; `code` is the public
// affiliate id in links (?a_aid=…).
export const affiliates = pgTable(
  'affiliates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    status: text('status', { enum: affiliateStatuses }).notNull().default('pending'),
    website: text('website').notNull(),
    promotion: text('promotion').notNull(),
    payoutName: text('payout_name').notNull(),
    payoutIban: text('payout_iban').notNull(),
    /** Commission on the goods value (after discount, without shipping), whole percent. */
    commissionPercent: integer('commission_percent').notNull().default(10),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [check('affiliates_percent_ck', sql`${t.commissionPercent} between 0 and 50`)],
);

/** A reported referral (SPEC §7 POST /metric/referral): one per browser session; bots are not stored. */
export const referralVisits = pgTable(
  'referral_visits',
  {
    id: serial('id').primaryKey(),
    /** Null for a visit from another site without an affiliate id. */
    affiliateId: integer('affiliate_id').references(() => affiliates.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    referDomain: text('refer_domain'),
    /** The path and query of the landing page (own host only). */
    landingPath: text('landing_path').notNull(),
    /** The browser's id for one report: sent again (at a page change, then from the next page) it is one visit. */
    reportId: text('report_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('referral_visits_visitor_idx').on(t.visitorId, t.createdAt),
    index('referral_visits_affiliate_idx').on(t.affiliateId, t.createdAt),
    uniqueIndex('referral_visits_report_idx').on(t.reportId),
  ],
);

/** An order attributed to an affiliate's last click within 90 days, with the commission it may earn. */
export const affiliateOrders = pgTable('affiliate_orders', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  affiliateId: integer('affiliate_id')
    .notNull()
    .references(() => affiliates.id, { onDelete: 'cascade' }),
  visitId: integer('visit_id').references(() => referralVisits.id, { onDelete: 'set null' }),
  goodsMinor: integer('goods_minor').notNull(),
  currency: text('currency').notNull(),
  percent: integer('percent').notNull(),
  commissionMinor: integer('commission_minor').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerKinds = ['commission', 'reversal', 'payout'] as const;

/**
 * The commission ledger: every change is a row (signed amount), never updated. A commission is payable
 * from `available_at` (paid + 30 days); a reversal and a payout count at once. `key` makes each entry once.
 */
export const affiliateLedger = pgTable(
  'affiliate_ledger',
  {
    id: serial('id').primaryKey(),
    affiliateId: integer('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    key: text('key').notNull(),
    note: text('note'),
    availableAt: ts('available_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('affiliate_ledger_key_uq').on(t.key), index('affiliate_ledger_affiliate_idx').on(t.affiliateId, t.createdAt)],
);
