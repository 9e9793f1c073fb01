// The promotion editor's one action, shared by the new route (/beheer/acties/nieuw) and the edit route
// (/beheer/acties/:id): both post the same form; only saving differs (create vs. update with a version).
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { editPromotionSchema, newPromotionSchema } from '~/modules/coupons/coupons.schemas.ts';
import { createPromotion, setPromotionActive, updatePromotion } from '~/modules/coupons/promotions.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/promotion.ts';

const t = backoffice.promotions;
export type PromotionActionData = { result?: SubmissionResult<string[]>; done?: string; stale?: boolean };

/** A promotion id from the URL, or null when it cannot be one (the page answers 404). */
export const promotionIdOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

export async function promotionAction({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const form = await readForm(request);
  const id = params.id === undefined ? null : promotionIdOf(params.id);
  if (params.id !== undefined && id === null) throw data(t.notFound, { status: 404 });
  const packError = { fieldErrors: { packId: [t.errors.pack] } };
  const toggle = (on: boolean) => async () => {
    if (id === null || !(await setPromotionActive(context.db, actor, id, on))) throw data(t.notFound, { status: 404 });
    return data<PromotionActionData>({ done: on ? t.enabled : t.disabled });
  };
  const save = async (sent: FormData) => {
    if (id === null) {
      const submission = parseWithZod(sent, { schema: newPromotionSchema });
      if (submission.status !== 'success') return data<PromotionActionData>({ result: submission.reply() }, { status: 400 });
      const made = await createPromotion(context.db, actor, submission.value);
      if (made === 'pack') return data<PromotionActionData>({ result: submission.reply(packError) }, { status: 400 });
      throw redirect(`/beheer/acties/${made.id}?aangemaakt=1`);
    }
    const submission = parseWithZod(sent, { schema: editPromotionSchema });
    if (submission.status !== 'success') return data<PromotionActionData>({ result: submission.reply() }, { status: 400 });
    const outcome = await updatePromotion(context.db, actor, id, submission.value);
    if (outcome === 'not_found') throw data(t.notFound, { status: 404 });
    if (outcome === 'pack') return data<PromotionActionData>({ result: submission.reply(packError) }, { status: 400 });
    if (outcome === 'stale') return data<PromotionActionData>({ stale: true }, { status: 409 });
    return data<PromotionActionData>({ done: t.saved });
  };
  return dispatchIntent(form, { save, disable: toggle(false), enable: toggle(true) }, { invalid: backoffice.errors.general, fallback: 'save' });
}
