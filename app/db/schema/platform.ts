import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Shop-wide settings (logo_alt, payment_options, product_filters, limits) as JSON values.
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// Server-defined route rules (SPEC §2 rule 4). `target` is a path or an explicitly allowed external URL.
export const redirects = pgTable('redirects', {
  fromPath: text('from_path').primaryKey(),
  target: text('target').notNull(),
  status: integer('status').notNull().default(301),
});

// Fixed-window counters; shared by every app process through the database.
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// Signing keys shared by every process on this database (sessions, order links, payment references).
// Generated once by whichever process starts first; SESSION_SECRET / PAYMENT_WEBHOOK_SECRET override them.
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
