// The order page's replies to its forms (order-intents.server.ts): done, invalid, refused or stale, each with
// the form's own result so errors stand next to its fields.
import { data } from 'react-router';
import type { ActionReply } from '~/components/backoffice/action-form.tsx';
import { OrderChangedError } from '~/db/order-version.server.ts';
import { OrderActionError } from '~/flows/order-actions.server.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import { RefundError, type RefundResult } from '~/modules/payments/payments.server.ts';

export type Submission = { reply: (options?: { resetForm?: boolean; formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> };

export const done = (intent: string, submission: Submission, message: string) => data<ActionReply>({ intent, result: submission.reply({ resetForm: true }), message });
export const invalid = (intent: string, submission: Submission) => data<ActionReply>({ intent, result: submission.reply() }, { status: 400 });
export const refused = (intent: string, submission: Submission, message: string, field?: string) =>
  data<ActionReply>({ intent, result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }, { status: 409 });

/**
 * The order changed after this form was rendered (ADR 054): nothing was done. The page's message says so and
 * the route loads the order afresh (shouldRevalidate); the form keeps what was typed.
 */
const stale = (intent: string, submission: Submission) => data<ActionReply>({ intent, result: submission.reply(), message: t.actions.stale, tone: 'error', stale: true }, { status: 409 });

const FIELD_OF: Partial<Record<OrderActionError['code'], string>> = { tracking: 'trackingCode', country: 'address.country', state: 'address.state' };

/** A refused action as a message next to its field (or above the form); an unknown order is the page's 404. */
export function refusal(intent: string, submission: Submission, e: unknown, currency: string) {
  if (e instanceof OrderChangedError) return stale(intent, submission);
  if (e instanceof OrderActionError) {
    if (e.code === 'not_found') throw data(t.order.notFound, { status: 404 });
    const text = t.actions.errors[e.code] + (e.detail ? `: ${e.detail}` : '');
    return refused(intent, submission, text, FIELD_OF[e.code]);
  }
  if (e instanceof RefundError) {
    if (e.code === 'not_found') throw data(t.order.notFound, { status: 404 });
    if (e.code === 'too_much') return refused(intent, submission, t.actions.errors.tooMuch(formatMoney(Number(e.detail ?? 0), currency)), intent === 'refund' ? 'amount' : undefined);
    if (e.code === 'provider') return refused(intent, submission, t.actions.errors.provider(e.detail ?? ''));
    if (e.code === 'no_account') return refused(intent, submission, t.actions.refund.noAccount, 'to');
    return refused(intent, submission, t.actions.refund.nothingPaid);
  }
  throw e;
}

export const refundText = (r: RefundResult) =>
  (r.state === 'credit' ? t.actions.refund.credit : r.state === 'manual' ? t.actions.refund.manual : t.actions.refund.refunded)(formatMoney(r.amountMinor, r.currency));

