import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Customer accounts (ADR 008). E-mail is stored lower-case so the unique index is case-insensitive;
// the CHECK keeps a future code path from storing a mixed-case duplicate.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** A calendar date without time zone: 'YYYY-MM-DD'. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** argon2id PHC string; never leaves accounts.server.ts. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: ts('email_verified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

// The cookie holds a random token; the row id is its SHA-256, so a copy of this table cannot be
// replayed as cookies. Expiry: idle (last_seen_at) and absolute (expires_at), see ADR 008.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const accountTokenPurposes = ['password_reset', 'email_verify'] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

// Single-use links sent by mail; only the SHA-256 of the token is stored.
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_expires_idx').on(t.expiresAt)],
);
