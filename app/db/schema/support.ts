import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { staffUsers } from './staff.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What a contact message is about (the form's subject list); labels in app/i18n/nl/support.ts. */
export const contactTopics = ['order', 'payment', 'product', 'returns', 'account', 'partnership', 'other'] as const;
export type ContactTopic = (typeof contactTopics)[number];

/** Where a message stands in the back office's inbox (/beheer/berichten). */
export const contactStatuses = ['new', 'answered', 'closed'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

// Messages sent through /contact (SPEC §1, §6), ADR 012. The idempotency key is derived from the form's
// one-time token and the content, so a double submit or a retry stores one message and sends one mail pair.
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    name: text('name').notNull(),
    /** Lower case, as typed otherwise. */
    email: text('email').notNull(),
    /** Normalised 'KK-XXXX-XXXX' when given; not checked against the orders (the form must not reveal them). */
    orderNumber: text('order_number'),
    topic: text('topic', { enum: contactTopics }).notNull(),
    message: text('message').notNull(),
    /** The logged-in customer who sent it; kept apart from the typed address. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    status: text('status', { enum: contactStatuses }).notNull().default('new'),
    /** Last answered or closed; the privacy policy keeps a message 1 year after this (purgeContactMessages). */
    handledAt: ts('handled_at'),
  },
  (t) => [
    index('contact_messages_inbox_idx').on(t.status, t.createdAt),
    index('contact_messages_user_idx').on(t.userId),
    index('contact_messages_email_idx').on(t.email),
    index('contact_messages_created_idx').on(t.createdAt),
  ],
);

// Staff's answers to a contact message, each sent to the customer by mail. The key is the rendered reply
// form's, so a double submit stores one answer and sends one mail. Deleted with their message.
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    body: text('body').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId)],
);
