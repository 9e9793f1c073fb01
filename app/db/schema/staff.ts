import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { type StaffRole, staffRoles } from '../../lib/db-enums.ts';
import { orders } from './commerce.ts';

export { staffRoles, type StaffRole };

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Back-office accounts (ADR 026), separate from customers: no shared table, cookie or session.
// The password hash is null until the set-up link is used; the TOTP secret is kept from the QR
// screen on, and counts only once totp_confirmed_at is set.
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: ts('totp_confirmed_at'),
    /** The last TOTP time step accepted: a code is refused when its step is not later (no replay). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: ts('disabled_at'),
    lastLoginAt: ts('last_login_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('staff_users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

// Ten single-use codes per account for a lost authenticator, stored as argon2id hashes.
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

export const staffSessionStages = ['password', 'full'] as const;

// Like customer sessions (ADR 008) the id is the SHA-256 of the cookie token. A 'password' session only
// opens the second log-in step; 'full' opens the back office. Idle and absolute expiry are shorter.
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: staffSessionStages }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

// Single-use set-up links (first password + TOTP); only the SHA-256 of the token is stored.
export const staffTokens = pgTable('staff_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Every back-office write: who, when, from where, what, before and after. Append-only: the application has
// no update or delete for it, and a trigger (migration 0013) refuses UPDATE, DELETE and TRUNCATE.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Null for the command line (`npm run staff`) and the staff API. */
    staffId: integer('staff_id').references(() => staffUsers.id),
    /** The staff e-mail at the time, or 'cli' / 'api': kept as text so the row says who even if the account changes. */
    actor: text('actor').notNull(),
    clientAddress: text('client_address'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_staff_idx').on(t.staffId)],
);

// Internal notes on an order, written by staff in the back office (never shown to the customer).
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    body: text('body').notNull(),
    /** From the form (one per rendered form): a double submit stores the note once. */
    key: text('key').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);

/** One line of an uploaded bank statement, as parsed (ADR 029); amounts in minor units, credits only booked. */
export type StoredBankLine = {
  /** Stable id of the line: the bank's own reference per account, or a hash of its contents. */
  key: string;
  /**
   * For a line without the bank's reference: the key it had before keys left out the line's position (a hash of
   * its contents and position). A line booked under that key is still found as booked.
   */
  legacyKey?: string;
  date: string;
  amountMinor: number;
  currency: string;
  credit: boolean;
  name: string;
  description: string;
};

// An uploaded bank statement's parsed lines, keyed by the file's hash: the preview writes this row only, and
// booking reads it, so the file is uploaded once. Pruned after a while like other temporary rows.
export const bankStatements = pgTable(
  'bank_statements',
  {
    hash: text('hash').primaryKey(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    account: text('account'),
    lines: jsonb('lines').$type<StoredBankLine[]>().notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('bank_statements_created_idx').on(t.createdAt)],
);

// A bank credit staff marked "not for an order" (ADR 029), by the line's stable key: a later statement with the
// same line shows the decision instead of "not found". Booked lines need no row here: their payment has the key.
export const bankIgnoredLines = pgTable('bank_ignored_lines', {
  key: text('key').primaryKey(),
  note: text('note').notNull(),
  staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});
