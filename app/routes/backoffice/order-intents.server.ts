// The order page's form intents (/beheer/bestellingen/:number): which permission each needs, how its form is
// read and what the page is told back. The route only dispatches; a new action is one more entry here.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { z } from 'zod';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
import { shopDay } from '~/lib/format.ts';
import { findOrder } from '~/modules/orders/orders.server.ts';
import { ReceiptError } from '~/modules/payments/receipts.server.ts';
import { receiptSchema } from '~/modules/payments/receipts.schemas.ts';
import { can, type Permission } from '~/lib/permissions.ts';
import type { StaffContext } from '~/modules/staff/staff-auth.server.ts';
import type { ActionReply } from '~/components/backoffice/action-form.tsx';
import {
  acceptReviewedPayment,
  type ActionContext,
  cancelOrderAction,
  changeShippingAddress,
  refundOrder,
  refundReviewedPayment,
  resendOrderMail,
  shipParcel,
} from '~/flows/order-actions.server.ts';
import { addressChangeSchema, cancelSchema, refundSchema, resendSchema, reviewAcceptSchema, reviewRefundSchema, shipSchema } from './order-actions.schemas.ts';
import { addOrderNote, NOTE_MAX } from '~/modules/orders/order-admin.server.ts';
import { recordPaymentReceived } from '~/flows/confirm-payment.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { done, invalid, refundText, refusal, refused } from './order-intent-replies.server.ts';

export type IntentReply = ActionReply;
export type IntentArgs = { db: Db; form: FormData; number: string; staff: StaffContext; ctx: ActionContext };
export type OrderIntent = { permission: Permission; run: (args: IntentArgs) => Promise<ReturnType<typeof data<IntentReply>>> };

const noteSchema = z.object({ body: z.string({ error: t.order.noteEmpty }).trim().min(1, t.order.noteEmpty).max(NOTE_MAX, t.order.noteTooLong(NOTE_MAX)), key: z.string().regex(/^[0-9a-f-]{36}$/) });

const currencyOf = async (db: Db, number: string) => (await findOrder(db, number))?.currency ?? 'EUR';

/** Accept or refund a payment kept for review: on the review page (and open to the order page). */
export const reviewIntents: Record<string, OrderIntent> = {
  'review-accept': {
    permission: 'payments.manage',
    run: async ({ db, form, ctx }) => {
      const submission = parseWithZod(form, { schema: reviewAcceptSchema });
      if (submission.status !== 'success') return invalid('review-accept', submission);
      try {
        const r = await acceptReviewedPayment(db, ctx, submission.value.paymentId, submission.value);
        const order = r.number ? await findOrder(db, r.number) : null;
        const diff = r.differenceMinor ? formatMoney(r.differenceMinor, order?.currency ?? 'EUR') : null;
        return done('review-accept', submission, r.done ? t.review.accepted(r.number ?? '', diff) : t.actions.done);
      } catch (e) {
        return refusal('review-accept', submission, e, 'EUR');
      }
    },
  },
  'review-refund': {
    permission: 'payments.manage',
    run: async ({ db, form, ctx }) => {
      const submission = parseWithZod(form, { schema: reviewRefundSchema });
      if (submission.status !== 'success') return invalid('review-refund', submission);
      try {
        const r = await refundReviewedPayment(db, ctx, submission.value.paymentId, submission.value);
        return done('review-refund', submission, r.existing ? t.actions.done : t.review.refunded(r.number, formatMoney(r.amountMinor, r.currency)));
      } catch (e) {
        return refusal('review-refund', submission, e, 'EUR');
      }
    },
  },
};

/** Every intent of the order page's action, by name (another action is one more entry). */
export const orderIntents: Record<string, OrderIntent> = {
  // A bank transfer or cash received, in full or in part (ADR 029); more than is due only when confirmed (ADR 054).
  payment: {
    permission: 'payments.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: receiptSchema(shopDay(new Date())) });
      if (submission.status !== 'success') return invalid('payment', submission);
      const v = submission.value;
      const order = await findOrder(db, number);
      if (!order) throw data(t.order.notFound, { status: 404 });
      const input = { orderNumber: number, amountMinor: v.amount, currency: order.currency, source: 'staff' as const, key: v.key, note: v.note, version: v.version, overpaid: v.overpaid };
      try {
        const r = await recordPaymentReceived(db, ctx.actor, { ...input, receivedAt: new Date(`${v.date}T12:00:00Z`) }, ctx.deps.links);
        const amount = formatMoney(v.amount, r.currency);
        const m = t.order.receipt;
        const message = r.outcome === 'duplicate' ? m.duplicate : r.state === 'needs_review' ? m.review(amount) : r.paid ? m.paid(amount) : m.recorded(amount);
        return data<IntentReply>({ intent: 'payment', result: submission.reply({ resetForm: true }), message, tone: r.state === 'needs_review' ? 'error' : 'success' });
      } catch (e) {
        if (e instanceof ReceiptError && e.code === 'not_found') throw data(t.order.notFound, { status: 404 });
        if (e instanceof ReceiptError && e.code === 'over') return refused('payment', submission, t.order.receipt.overDue(formatMoney(e.dueMinor ?? 0, order.currency)), 'amount');
        return refusal('payment', submission, e, order.currency);
      }
    },
  },
  note: {
    permission: 'orders.notes',
    run: async ({ db, form, number, staff }) => {
      const submission = parseWithZod(form, { schema: noteSchema });
      if (submission.status !== 'success') return invalid('note', submission);
      const saved = await addOrderNote(db, { ...staff.actor, staffId: staff.staff.id }, number, submission.value.body, submission.value.key);
      if (!saved) throw data(t.order.notFound, { status: 404 });
      return data<IntentReply>({ intent: 'note', result: submission.reply({ resetForm: true }), saved: true });
    },
  },
  ship: {
    permission: 'orders.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: shipSchema });
      if (submission.status !== 'success') return invalid('ship', submission);
      const v = submission.value;
      const lines = Object.entries(v.qty).map(([id, n]) => ({ lineId: Number(id), quantity: n ?? 0 }));
      try {
        const r = await shipParcel(db, ctx, number, { key: v.key, version: v.version, carrier: v.carrier, trackingCode: v.trackingCode, trackingUrl: v.trackingUrl ?? null, lines });
        return done('ship', submission, !r.done ? t.actions.done : r.complete ? t.actions.ship.shipped : t.actions.ship.shippedPart);
      } catch (e) {
        return refusal('ship', submission, e, 'EUR');
      }
    },
  },
  cancel: {
    permission: 'orders.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: cancelSchema });
      if (submission.status !== 'success') return invalid('cancel', submission);
      try {
        const r = await cancelOrderAction(db, ctx, number, submission.value);
        const text = r.done ? t.actions.cancel.cancelled : t.actions.done;
        return done('cancel', submission, r.refund && !r.refund.existing ? `${text} ${refundText(r.refund)}` : text);
      } catch (e) {
        return refusal('cancel', submission, e, await currencyOf(db, number));
      }
    },
  },
  refund: {
    permission: 'orders.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: refundSchema });
      if (submission.status !== 'success') return invalid('refund', submission);
      const v = submission.value;
      try {
        const r = await refundOrder(db, ctx, number, { key: v.key, version: v.version, amountMinor: v.amount, reason: v.reason, asCredit: v.to === 'credit' });
        return done('refund', submission, r.existing ? t.actions.done : refundText(r));
      } catch (e) {
        return refusal('refund', submission, e, await currencyOf(db, number));
      }
    },
  },
  resend: {
    permission: 'orders.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: resendSchema });
      if (submission.status !== 'success') return invalid('resend', submission);
      try {
        const r = await resendOrderMail(db, ctx, number, submission.value);
        return done('resend', submission, r.done ? t.actions.resend.sent : t.actions.done);
      } catch (e) {
        return refusal('resend', submission, e, 'EUR');
      }
    },
  },
  address: {
    permission: 'orders.manage',
    run: async ({ db, form, number, ctx }) => {
      const submission = parseWithZod(form, { schema: addressChangeSchema });
      if (submission.status !== 'success') return invalid('address', submission);
      try {
        const r = await changeShippingAddress(db, ctx, number, submission.value);
        return done('address', submission, !r.done ? t.actions.done : r.changed ? t.actions.address.saved : t.actions.address.unchanged);
      } catch (e) {
        return refusal('address', submission, e, 'EUR');
      }
    },
  },
  ...reviewIntents,
};

/**
 * The one dispatch of the order and review pages: the form's intent picks its entry, whose permission is checked
 * before anything is read (403); an unknown intent is a 400 with a Dutch message.
 */
export function dispatchStaffIntent(intents: Record<string, OrderIntent>, args: IntentArgs, fallback?: string) {
  const handlers = Object.fromEntries(
    Object.entries(intents).map(([name, intent]) => [
      name,
      (form: FormData) => {
        if (!can(args.staff.staff.role, intent.permission)) throw data(t.forbidden, { status: 403, headers: { 'Cache-Control': 'private, no-store' } });
        return intent.run({ ...args, form });
      },
    ]),
  );
  return dispatchIntent(args.form, handlers, { invalid: t.errors.general, fallback });
}
