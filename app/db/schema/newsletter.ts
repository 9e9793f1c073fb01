import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const newsletterStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;

// The newsletter (SPEC §1, §9; ADR 018): double opt-in, with the proof of consent the GDPR asks for
// (art. 7: when, from where, with which browser, and which text the visitor agreed to).
export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  id: serial('id').primaryKey(),
  /** Lower case. */
  email: text('email').notNull().unique(),
  status: text('status', { enum: newsletterStatuses }).notNull(),
  consentAt: ts('consent_at').notNull(),
  consentIp: text('consent_ip').notNull(),
  consentUserAgent: text('consent_user_agent').notNull(),
  /** The version of the sign-up text shown (app/i18n/nl/newsletter.ts). */
  consentTextVersion: text('consent_text_version').notNull(),
  /** Where the visitor signed up: footer, home, page or account. */
  consentSource: text('consent_source').notNull(),
  /** The single-use part of the confirmation link; null once used (or never sent). */
  confirmNonce: text('confirm_nonce'),
  confirmSentAt: ts('confirm_sent_at'),
  confirmedAt: ts('confirmed_at'),
  unsubscribedAt: ts('unsubscribed_at'),
  /** The 10% welcome code: one per address, ever, kept after an unsubscribe so a re-subscribe gets none. */
  welcomeCouponCode: text('welcome_coupon_code').unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
