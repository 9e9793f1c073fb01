// The customer page's form intents (/beheer/klanten/:id): block, unblock, a password reset mail, deletion on
// request. Each answers with its own result (errors next to its fields) and the page's message.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { ActionReply } from '~/components/backoffice/action-form.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import type { AccountLinks } from '~/modules/accounts/accounts.server.ts';
import { blockSchema, confirmsDeletion, deleteSchema, resetSchema, unblockSchema } from '~/modules/accounts/customers.schemas.ts';
import { blockCustomer, customerDetail, sendPasswordReset, unblockCustomer } from '~/modules/accounts/customers.server.ts';
import { deleteCustomerOnRequest } from '~/flows/account-privacy.server.ts';
import type { Db } from '~/db/client.server.ts';
import type { StaffContext } from '~/modules/staff/staff-auth.server.ts';
import { credit as creditText } from '~/i18n/nl/credit.ts';
import { can, type StaffRole } from '~/lib/permissions.ts';
import { formatMoney } from '~/lib/money.ts';
import { creditAdjustSchema } from '~/modules/credit/credit.schemas.ts';
import { adjustCredit, CreditError } from '~/modules/credit/credit.server.ts';
import { loyalty as loyaltyText } from '~/i18n/nl/loyalty.ts';
import { pointsAdjustSchema } from '~/modules/loyalty/loyalty.schemas.ts';
import { adjustPoints, LoyaltyError } from '~/modules/loyalty/loyalty.server.ts';

const t = backoffice.customer;
const notFound = () => data(t.notFound, { status: 404 });

export function customerAction(db: Db, staff: { actor: StaffContext['actor']; role: StaffRole }, id: number, form: FormData, links: AccountLinks) {
  const { actor } = staff;
  return dispatchIntent(
    form,
    {
      // Store credit by hand (ADR 073): a permission of its own on top of the page's.
      credit: async (f) => {
        if (!can(staff.role, 'credit.manage')) throw data(backoffice.forbidden, { status: 403 });
        const submission = parseWithZod(f, { schema: creditAdjustSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'credit', result: submission.reply() }, { status: 400 });
        const v = submission.value;
        try {
          const booked = await adjustCredit(db, actor, { userId: id, currency: v.currency, amountMinor: v.amount, reason: v.reason, key: v.key, shownId: v.shown });
          if (!booked) throw notFound();
          const signed = `${v.amount > 0 ? '+' : '−'}${formatMoney(Math.abs(v.amount), v.currency)}`;
          return data<ActionReply>({ intent: 'credit', result: submission.reply({ resetForm: true }), message: creditText.adjust.done(signed, formatMoney(booked.entry.balanceAfterMinor, v.currency)) });
        } catch (e) {
          if (!(e instanceof CreditError) || (e.code !== 'insufficient' && e.code !== 'changed')) throw e;
          const message = creditText.adjust.errors[e.code](formatMoney(e.balanceMinor ?? 0, v.currency));
          return data<ActionReply>({ intent: 'credit', result: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 409 });
        }
      },
      // Kiempunten by hand (ADR 075): the owner only; checked against the newest ledger entry the form showed.
      points: async (f) => {
        if (!can(staff.role, 'loyalty.manage')) throw data(backoffice.forbidden, { status: 403 });
        const submission = parseWithZod(f, { schema: pointsAdjustSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'points', result: submission.reply() }, { status: 400 });
        const v = submission.value;
        const pts = loyaltyText.points;
        try {
          const booked = await adjustPoints(db, actor, { userId: id, points: v.points, reason: v.reason, key: v.key, shownId: v.shown });
          if (!booked) throw notFound();
          const signed = `${v.points > 0 ? '+' : '−'}${pts(Math.abs(v.points))}`;
          return data<ActionReply>({ intent: 'points', result: submission.reply({ resetForm: true }), message: loyaltyText.adjust.done(signed, pts(booked.entry.balanceAfter)) });
        } catch (e) {
          if (!(e instanceof LoyaltyError) || (e.code !== 'insufficient' && e.code !== 'changed')) throw e;
          const message = loyaltyText.adjust.errors[e.code](pts(e.balance ?? 0));
          return data<ActionReply>({ intent: 'points', result: submission.reply({ fieldErrors: { points: [message] } }) }, { status: 409 });
        }
      },
      block: async (f) => {
        const submission = parseWithZod(f, { schema: blockSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'block', result: submission.reply() }, { status: 400 });
        if (!(await blockCustomer(db, actor, id, submission.value.reason))) throw notFound();
        return data<ActionReply>({ intent: 'block', result: submission.reply({ resetForm: true }), message: t.block.done });
      },
      unblock: async (f) => {
        const submission = parseWithZod(f, { schema: unblockSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'unblock', result: submission.reply() }, { status: 400 });
        if (!(await unblockCustomer(db, actor, id))) throw notFound();
        return data<ActionReply>({ intent: 'unblock', result: submission.reply({ resetForm: true }), message: t.unblock.done });
      },
      reset: async (f) => {
        const submission = parseWithZod(f, { schema: resetSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'reset', result: submission.reply({ formErrors: [backoffice.errors.general] }) }, { status: 400 });
        if ((await sendPasswordReset(db, actor, id, submission.value.key, links)) === 'not_found') throw notFound();
        const detail = await customerDetail(db, id);
        return data<ActionReply>({ intent: 'reset', result: submission.reply({ resetForm: true }), message: t.reset.done(detail?.user.email ?? '') });
      },
      delete: async (f) => {
        const submission = parseWithZod(f, { schema: deleteSchema });
        if (submission.status !== 'success') return data<ActionReply>({ intent: 'delete', result: submission.reply() }, { status: 400 });
        const detail = await customerDetail(db, id);
        if (!detail) throw notFound();
        if (!confirmsDeletion(submission.value.confirm, detail.user.email)) {
          return data<ActionReply>({ intent: 'delete', result: submission.reply({ fieldErrors: { confirm: [t.remove.confirmWrong] } }) }, { status: 400 });
        }
        const result = await deleteCustomerOnRequest(db, actor, id);
        if (!result.ok && result.reason === 'not_found') throw notFound();
        if (!result.ok) return data<ActionReply>({ intent: 'delete', result: submission.reply({ formErrors: [result.reason === 'open_claims' ? t.remove.openClaims : t.remove.openOrders] }) }, { status: 409 });
        return redirect(`/beheer/klanten?${new URLSearchParams({ verwijderd: String(result.ordersAnonymised) })}`);
      },
    },
    { invalid: backoffice.errors.general },
  );
}
