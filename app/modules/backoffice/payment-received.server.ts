// The order page's "payment received" intent: checks the role, parses the form, records the amount.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import { findOrder, type OrderLinks } from '~/modules/orders/orders.server.ts';
import { ReceiptError, recordPaymentReceived } from '~/modules/payments/receipts.server.ts';
import { receiptSchema } from '~/modules/payments/receipts.schemas.ts';
import { shopDay } from '~/lib/format.ts';
import type { StaffContext } from '~/modules/staff/staff-auth.server.ts';
import { can } from '~/modules/staff/permissions.ts';

export type PaymentIntentData = { intent: 'payment'; result: SubmissionResult<string[]>; message?: string; tone?: 'success' | 'error' };

/** Today in the shop's time zone, as yyyy-mm-dd (the date field's default and upper bound). */
export const shopToday = (now = new Date()) => shopDay(now);

export async function paymentReceivedIntent(db: Db, staff: StaffContext, form: FormData, number: string, links: OrderLinks) {
  if (!can(staff.staff.role, 'payments.manage')) throw data(t.forbidden, { status: 403 });
  const submission = parseWithZod(form, { schema: receiptSchema(shopToday()) });
  if (submission.status !== 'success') return data<PaymentIntentData>({ intent: 'payment', result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const order = await findOrder(db, number);
  if (!order) throw data(t.order.notFound, { status: 404 });
  try {
    const r = await recordPaymentReceived(
      db,
      staff.actor,
      { orderNumber: number, amountMinor: v.amount, currency: order.currency, source: 'staff', key: v.key, note: v.note, receivedAt: new Date(`${v.date}T12:00:00Z`) },
      links,
    );
    const amount = formatMoney(v.amount, r.currency);
    const message = r.outcome === 'duplicate' ? t.order.receipt.duplicate : r.state === 'needs_review' ? t.order.receipt.review(amount) : r.paid ? t.order.receipt.paid(amount) : t.order.receipt.recorded(amount);
    return data<PaymentIntentData>({ intent: 'payment', result: submission.reply({ resetForm: true }), message, tone: r.state === 'needs_review' ? 'error' : 'success' });
  } catch (e) {
    if (e instanceof ReceiptError && e.code === 'not_found') throw data(t.order.notFound, { status: 404 });
    throw e;
  }
}
