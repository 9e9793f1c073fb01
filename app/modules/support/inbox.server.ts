// The contact messages inbox in the back office (role support): messages from /contact by status (new,
// answered, closed), answered by mail through the outbox, closed and reopened; every change audited in its
// transaction. The privacy policy keeps a message 1 year after it was last handled: purgeContactMessages.
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { INBOX_PAGE_SIZE, type InboxView, inboxViews, VIEW_STATUS } from './inbox.ts';

/** The privacy policy (seed pages, "Bewaartermijnen"): contact messages up to 1 year after the question was handled. */
export const CONTACT_RETENTION_MONTHS = 12;

export type InboxRow = Awaited<ReturnType<typeof inboxList>>['rows'][number];

/**
 * One page of a view and the counts of all views. New messages oldest first (nobody waits forever), the
 * others last handled first. `orderLink` is the order number only when such an order exists (the form
 * accepts any well-formed number).
 */
export async function inboxList(db: Db, view: InboxView, page: number) {
  const m = s.contactMessages;
  const [messages, ...counts] = await Promise.all([
    db
      .select({
        id: m.id,
        name: m.name,
        email: m.email,
        topic: m.topic,
        orderNumber: m.orderNumber,
        orderLink: s.orders.number,
        message: m.message,
        status: m.status,
        createdAt: m.createdAt,
        handledAt: m.handledAt,
      })
      .from(m)
      .leftJoin(s.orders, eq(s.orders.number, m.orderNumber))
      .where(eq(m.status, VIEW_STATUS[view]))
      .orderBy(...(view === 'nieuw' ? [m.createdAt, m.id] : [desc(sql`coalesce(${m.handledAt}, ${m.createdAt})`), desc(m.id)]))
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
    ...inboxViews.map((v) => db.select({ n: count() }).from(m).where(eq(m.status, VIEW_STATUS[v]))),
  ]);
  const ids = messages.map((r) => r.id);
  const replies = ids.length
    ? await db
        .select({ id: s.contactReplies.id, messageId: s.contactReplies.messageId, body: s.contactReplies.body, sentAt: s.contactReplies.sentAt, staff: s.staffUsers.name })
        .from(s.contactReplies)
        .innerJoin(s.staffUsers, eq(s.staffUsers.id, s.contactReplies.staffId))
        .where(inArray(s.contactReplies.messageId, ids))
        .orderBy(s.contactReplies.sentAt, s.contactReplies.id)
    : [];
  return {
    rows: messages.map((r) => ({ ...r, replies: replies.filter((x) => x.messageId === r.id).map(({ messageId: _, ...x }) => x) })),
    counts: Object.fromEntries(inboxViews.map((v, i) => [v, counts[i]![0]?.n ?? 0])) as Record<InboxView, number>,
  };
}

export type ReplyInput = { messageId: number; body: string; key: string; staffName: string; supportEmail: string };

/**
 * Stores the answer, queues it to the customer (their message quoted, the order number in the subject so
 * the thread stays about that order, Reply-To the support inbox) and marks the message answered, all in one
 * transaction. Once per form key: the message row is locked first, so submits of the same form queue one
 * mail. False when there is no such message.
 */
export async function replyToContactMessage(db: Db, actor: Actor & { staffId: number }, input: ReplyInput, now = new Date()): Promise<boolean> {
  const body = input.body.trim();
  let queued = false;
  const found = await db.transaction(async (tx) => {
    const [msg] = await tx.select().from(s.contactMessages).where(eq(s.contactMessages.id, input.messageId)).for('update');
    if (!msg) return false;
    const [reply] = await tx
      .insert(s.contactReplies)
      .values({ messageId: msg.id, staffId: actor.staffId, idempotencyKey: input.key, body, sentAt: now })
      .onConflictDoNothing({ target: s.contactReplies.idempotencyKey })
      .returning({ id: s.contactReplies.id });
    if (!reply) return true;
    await enqueueMail(tx, {
      template: 'contact_reply',
      to: msg.email,
      replyTo: input.supportEmail,
      data: { name: msg.name, orderNumber: msg.orderNumber, reply: body, message: msg.message, receivedAt: msg.createdAt.toISOString(), staffName: input.staffName },
    });
    await tx.update(s.contactMessages).set({ status: 'answered', handledAt: now }).where(eq(s.contactMessages.id, msg.id));
    await recordAudit(tx, actor, { action: 'contact.reply', entity: 'contact_message', entityId: msg.id, before: { status: msg.status }, after: { status: 'answered', replyId: reply.id, body } }, now);
    queued = true;
    return true;
  });
  // After the commit: the worker sends the answer now instead of at its next poll.
  if (queued) kickMail();
  return found;
}

/**
 * Closes a message, or reopens a closed one (answered again if it has answers, else new). Closing a closed
 * message or reopening an open one changes nothing and records nothing, so a double click does it once.
 * False when there is no such message.
 */
export async function setContactMessageOpen(db: Db, actor: Actor, messageId: number, open: boolean, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [msg] = await tx.select({ status: s.contactMessages.status }).from(s.contactMessages).where(eq(s.contactMessages.id, messageId)).for('update');
    if (!msg) return false;
    if ((msg.status === 'closed') === !open) return true;
    let status: s.ContactStatus = 'closed';
    if (open) {
      const [answered] = await tx.select({ n: count() }).from(s.contactReplies).where(eq(s.contactReplies.messageId, messageId));
      status = (answered?.n ?? 0) > 0 ? 'answered' : 'new';
    }
    // Reopening counts as handling too: the year of the privacy policy starts again from here.
    await tx.update(s.contactMessages).set({ status, handledAt: now }).where(eq(s.contactMessages.id, messageId));
    await recordAudit(tx, actor, { action: open ? 'contact.reopen' : 'contact.close', entity: 'contact_message', entityId: messageId, before: { status: msg.status }, after: { status } }, now);
    return true;
  });
}

/**
 * Deletes messages (their answers go with them) handled more than the retention period ago, or never
 * handled and received that long ago. One statement: safe when several processes run it at once.
 */
export async function purgeContactMessages(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - CONTACT_RETENTION_MONTHS);
  const m = s.contactMessages;
  const gone = await db
    .delete(m)
    .where(sql`coalesce(${m.handledAt}, ${m.createdAt}) < ${cutoff.toISOString()}::timestamptz`)
    .returning({ id: m.id });
  return gone.length;
}
