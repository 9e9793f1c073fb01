import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, strainTypes } from './catalog.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cultivationMethods = ['indoor', 'outdoor', 'greenhouse', 'hydroponics'] as const;
export type CultivationMethod = (typeof cultivationMethods)[number];

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
    /** argon2id PHC string (passwords.server.ts); never leaves the accounts module. */
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: ts('email_verified_at'),
    // Grower profile (SPEC §3); every field optional, null = not told.
    growingSince: smallint('growing_since'),
    cultivationMethod: text('cultivation_method', { enum: cultivationMethods }),
    floweringPreference: text('flowering_preference', { enum: ['photoperiod', 'autoflower'] }),
    favouriteType: text('favourite_type', { enum: strainTypes }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    /** Set by staff (ADR 037): the customer cannot log in and has no sessions. The reason is for staff only. */
    blockedAt: ts('blocked_at'),
    blockedReason: text('blocked_reason'),
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

export const accountTokenPurposes = ['password_reset', 'email_verify', 'email_change'] as const;
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
    /** Only for 'email_change': the address that becomes the log-in once the link is used. */
    newEmail: text('new_email'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose), index('account_tokens_expires_idx').on(t.expiresAt)],
);

// Grower profile: favourite strains (SPEC §3), a few products per user.
export const favouriteStrains = pgTable(
  'favourite_strains',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

// Saved addresses (SPEC §3). Country is an ISO code like the checkout's; the partial unique indexes
// make "one default shipping and one default billing address per user" a database rule.
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    countryIso: text('country_iso').notNull(),
    state: text('state').notNull().default(''),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    uniqueIndex('addresses_default_shipping_uq').on(t.userId).where(sql`${t.isDefaultShipping}`),
    uniqueIndex('addresses_default_billing_uq').on(t.userId).where(sql`${t.isDefaultBilling}`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
