// The payment deadlines job (every minute; ADR 030): one reminder before an unpaid bank transfer or cash
// order's deadline, cancellation at the deadline after that reminder. The rules of who is due live with the
// orders (dueForDeadlineJob); this flow claims each order, reminds or cancels it and queues its mail in one
// transaction.
import { and, asc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';
import { awaitsReminder, DEADLINE_BATCH, dueForDeadlineJob, MIN_NOTICE_MS, type OrderLinks } from '~/modules/orders/orders.server.ts';
import { cancelLocked } from './cancel-order.server.ts';
import { queueOrderMail } from './order-mail.server.ts';

export type DeadlineRun = { reminded: number; expired: number };

/**
 * Sends due payment reminders and cancels unpaid orders past their deadline (stock back, a mail to the
 * customer). Safe with several processes at once: each order is claimed in its own transaction with
 * FOR UPDATE SKIP LOCKED and its reminder flag or cancellation is written in that same transaction as its
 * mail, so every order is reminded once and cancelled once. Nothing due costs one indexed query.
 */
export async function runPaymentDeadlines(db: Db, links: OrderLinks, now = new Date()): Promise<DeadlineRun> {
  const due = dueForDeadlineJob(now);
  const [any] = await db.select({ id: s.orders.id }).from(s.orders).where(due).limit(1);
  const run: DeadlineRun = { reminded: 0, expired: 0 };
  if (!any) return run;
  // An order whose handling threw is left for the next run instead of being claimed again and again now.
  const skip: number[] = [];
  const errors: unknown[] = [];
  for (let i = 0; i < DEADLINE_BATCH; i++) {
    const claim: { id: number | null } = { id: null };
    let outcome: 'none' | 'reminded' | 'expired' | 'skipped';
    try {
      outcome = await db.transaction(async (tx) => {
        const [o] = await tx
          .select()
          .from(s.orders)
          .where(skip.length ? and(due, notInArray(s.orders.id, skip)) : due)
          .orderBy(asc(s.orders.expiresAt), asc(s.orders.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!o) return 'none';
        claim.id = o.id;
        // Re-checked under the lock (the row is the latest version), and the review state read afresh.
        if (o.status === 'cancelled' || !o.expiresAt) return 'skipped';
        const settling = await tx
          .select({ id: s.payments.id })
          .from(s.payments)
          .where(and(eq(s.payments.orderId, o.id), inArray(s.payments.state, ['needs_review', 'complete'])))
          .limit(1);
        if (settling.length > 0) return 'skipped';
        if (awaitsReminder(o)) {
          const deadline = new Date(Math.max(o.expiresAt.getTime(), now.getTime() + MIN_NOTICE_MS));
          const [reminded] = await tx
            .update(s.orders)
            .set({ reminderSentAt: now, expiresAt: deadline })
            .where(and(eq(s.orders.id, o.id), isNull(s.orders.reminderSentAt)))
            .returning();
          if (!reminded) return 'skipped';
          await queueOrderMail(tx, reminded, 'payment_reminder', links);
          return 'reminded';
        }
        if (o.expiresAt > now || (o.paymentState !== 'pending' && o.paymentState !== 'failed')) return 'skipped';
        await cancelLocked(tx, o, now);
        await queueOrderMail(tx, { ...o, status: 'cancelled', expiresAt: null }, 'order_expired', links);
        return 'expired';
      });
    } catch (err) {
      if (claim.id === null) throw err;
      skip.push(claim.id);
      errors.push(err);
      continue;
    }
    if (outcome === 'none') break;
    if (outcome === 'skipped') skip.push(claim.id!);
    else run[outcome]++;
  }
  if (run.expired > 0) await stockChanged(db);
  if (run.reminded + run.expired > 0) kickMail();
  if (errors.length > 0) throw new AggregateError(errors, `payment deadlines: ${errors.length} order(s) failed (${JSON.stringify(run)} done)`);
  return run;
}
