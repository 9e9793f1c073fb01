// The germination claim form's HTTP side (ADR 074), shared by the account's claim page and the guest's: parse,
// hand to the flow, answer the form's messages or redirect back with the success message. The caller has proved
// the order is the visitor's (their session, or the signed link).
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { submitClaim } from '~/flows/germination-claims.server.ts';
import { claims as t } from '~/i18n/nl/claims.ts';
import type { OrderLinks } from '~/lib/order-number.ts';
import type { ClaimAnswer } from '~/modules/claims/components/claim-page.tsx';
import { claimSchema } from '~/modules/claims/claims.schemas.ts';
import { CLAIM_PHOTO_MIN_SIDE, IMAGE_MAX_BYTES } from '~/modules/images/upload-limits.ts';
import type { Db } from '~/db/client.server.ts';
import type * as s from '~/db/schema/index.ts';

export async function claimFormAction(db: Db, form: FormData, order: typeof s.orders.$inferSelect, links: OrderLinks, back: string) {
  const sentLine = Number(form.get('lineId'));
  const lineId = Number.isInteger(sentLine) && sentLine > 0 ? sentLine : null;
  const submission = parseWithZod(form, { schema: claimSchema });
  if (submission.status !== 'success') return data<ClaimAnswer>({ lineId, result: submission.reply({ formErrors: [t.errors.form], hideFields: ['photos'] }) }, { status: 400 });
  const r = await submitClaim(db, order, submission.value, form.getAll('photos'), links);
  if (!r.ok) return data<ClaimAnswer>({ lineId, result: submission.reply({ fieldErrors: r.fieldErrors, formErrors: [r.formError ?? t.errors.form], hideFields: ['photos'] }) }, { status: r.status });
  return redirect(`${back}${back.includes('?') ? '&' : '?'}verstuurd=${submission.value.lineId}`);
}

/** The photo limits for the form's hint: the images module checks them. */
export const photoLimits = { maxMb: IMAGE_MAX_BYTES / 1024 / 1024, minSide: CLAIM_PHOTO_MIN_SIDE };

/** The line a claim was just sent for, from the address after the redirect. */
export const sentLineOf = (request: Request) => {
  const v = Number(new URL(request.url).searchParams.get('verstuurd'));
  return Number.isInteger(v) && v > 0 ? v : null;
};
