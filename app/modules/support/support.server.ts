// Contact messages (/contact, ADR 012): stored once per submit, with a mail to the support inbox and a
// confirmation to the customer queued in the same transaction (the outbox sends them after commit).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { support as t } from '~/i18n/nl/support.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import type { ContactMailData } from '~/modules/mail/mail.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import type { ContactInput } from './support.schemas.ts';

const MINUTE = 60_000;
/** SPEC §9: support answers within 24 hours. */
const ANSWER_WITHIN_MS = 24 * 60 * MINUTE;

// Per client they stop one machine flooding the inbox; per address they stop mail bombing a stranger
// with confirmations. A person with a real question rarely sends more than two or three in an hour.
export const CONTACT_RATE_LIMITS = {
  client: { limit: 10, windowMs: 60 * MINUTE },
  email: { limit: 5, windowMs: 60 * MINUTE },
};

/** A fresh one-time token for the form's hidden field: 32 random bytes, base64url (43 characters). */
export function submissionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The unique key of a submit: the form's token and the content. The same form sent twice (double
 * click, retry after a lost answer, several tabs) gives the same key; a different message typed into a
 * form restored from the back button gives another key, so it is not lost as a "duplicate".
 */
export function idempotencyKey(input: ContactInput): string {
  const parts = [input.token, input.email, input.topic, input.orderNumber ?? '', input.message];
  return crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

export type ContactContext = {
  /** The logged-in customer, if any. */
  userId: number | null;
  /** Who is asking, for the limit per client (clientKey of the request). */
  client: string;
  /** The support inbox. */
  supportEmail: string;
  /** Absolute origin for the links in the customer's mail. */
  origin: string;
  now?: Date;
};

export type ContactOutcome = 'sent' | 'duplicate' | 'rate_limited';

class RateLimited extends Error {}

/**
 * Stores the message and queues both mails in one transaction, once per idempotency key. The insert
 * comes first: concurrent submits of the same form wait on the unique key, and only the one whose
 * insert wins goes on; the others are duplicates and count against no limit (a double click or a retry
 * after a lost answer must never be refused). Then the limits per client and per address; over either,
 * the transaction rolls back, so only messages that were accepted use up the limits.
 */
export async function submitContactMessage(db: Db, input: ContactInput, ctx: ContactContext): Promise<ContactOutcome> {
  const receivedAt = ctx.now ?? new Date();
  let outcome: ContactOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(s.contactMessages)
        .values({
          idempotencyKey: idempotencyKey(input),
          name: input.name,
          email: input.email,
          orderNumber: input.orderNumber,
          topic: input.topic,
          message: input.message,
          userId: ctx.userId,
          createdAt: receivedAt,
        })
        .onConflictDoNothing({ target: s.contactMessages.idempotencyKey })
        .returning({ id: s.contactMessages.id });
      if (!row) return 'duplicate' as const;
      // One after the other, always in this order, so two transactions never wait on each other's rows.
      const { client, email } = CONTACT_RATE_LIMITS;
      const perClient = await hitRateLimit(tx, `contact:ip:${ctx.client}`, client.limit, client.windowMs, receivedAt);
      const perEmail = await hitRateLimit(tx, `contact:email:${input.email}`, email.limit, email.windowMs, receivedAt);
      if (!perClient.allowed || !perEmail.allowed) throw new RateLimited();
      const data: ContactMailData = {
        name: input.name,
        email: input.email,
        topic: t.topics[input.topic],
        orderNumber: input.orderNumber,
        message: input.message,
        receivedAt: receivedAt.toISOString(),
        answerBy: new Date(receivedAt.getTime() + ANSWER_WITHIN_MS).toISOString(),
      };
      await enqueueMail(tx, { template: 'contact_message', to: ctx.supportEmail, replyTo: input.email, data: { ...data, accountId: ctx.userId } });
      await enqueueMail(tx, {
        template: 'contact_confirmation',
        to: input.email,
        replyTo: ctx.supportEmail,
        data: { ...data, faqUrl: `${ctx.origin}/faq`, orderStatusUrl: `${ctx.origin}/order-status` },
      });
      return 'sent' as const;
    });
  } catch (e) {
    if (e instanceof RateLimited) return 'rate_limited';
    throw e;
  }
  // After the commit: the worker picks the two mails up now instead of at its next poll.
  if (outcome === 'sent') kickMail();
  return outcome;
}

/** The messages an account sent, oldest first (for the data export). */
export function contactMessagesOf(db: Db, userId: number) {
  return db
    .select(columns(s.contactMessages, 'topic', 'orderNumber', 'name', 'email', 'message', 'createdAt'))
    .from(s.contactMessages)
    .where(eq(s.contactMessages.userId, userId))
    .orderBy(s.contactMessages.createdAt);
}
