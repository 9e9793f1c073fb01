// The coupon editor's one action, shared by the new-code route (/beheer/kortingscodes/nieuw) and the edit route
// (/beheer/kortingscodes/:code): both post the same form; only saving differs (create vs. update with a version).
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { editCouponSchema, newCouponSchema } from '~/modules/coupons/coupons.schemas.ts';
import { createCoupon, setCouponActive, updateCoupon } from '~/modules/coupons/coupons.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon.ts';

const t = backoffice.coupons;
export type CouponActionData = { result?: SubmissionResult<string[]>; done?: string; stale?: boolean };

/** Only the value field of the chosen kind counts: without JavaScript the form shows both, the other is ignored. */
function keepKindField(form: FormData) {
  const kind = form.get('kind');
  if (kind !== 'percent') form.delete('percent');
  if (kind !== 'fixed') form.delete('amount');
  return form;
}

export async function couponAction({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const form = await readForm(request);
  const code = params.code?.toUpperCase();
  const toggle = (on: boolean) => async () => {
    if (!code || !(await setCouponActive(context.db, actor, code, on))) throw data(t.notFound, { status: 404 });
    return data<CouponActionData>({ done: on ? t.enabled : t.disabled });
  };
  const save = async (sent: FormData) => {
    if (!code) {
      const submission = parseWithZod(keepKindField(sent), { schema: newCouponSchema });
      if (submission.status !== 'success') return data<CouponActionData>({ result: submission.reply() }, { status: 400 });
      const { code: newCode, ...v } = submission.value;
      if ((await createCoupon(context.db, actor, newCode, v)) === 'taken') return data<CouponActionData>({ result: submission.reply({ fieldErrors: { code: [t.errors.codeTaken] } }) }, { status: 400 });
      throw redirect(`/beheer/kortingscodes/${encodeURIComponent(newCode)}?aangemaakt=1`);
    }
    const submission = parseWithZod(keepKindField(sent), { schema: editCouponSchema });
    if (submission.status !== 'success') return data<CouponActionData>({ result: submission.reply() }, { status: 400 });
    const outcome = await updateCoupon(context.db, actor, code, submission.value);
    if (outcome === 'not_found') throw data(t.notFound, { status: 404 });
    // Stale: the page reloads the other person's version; this form's values are not saved over it.
    if (outcome === 'stale') return data<CouponActionData>({ stale: true }, { status: 409 });
    return data<CouponActionData>({ done: t.saved });
  };
  return dispatchIntent(form, { save, disable: toggle(false), enable: toggle(true) }, { invalid: backoffice.errors.general, fallback: 'save' });
}
