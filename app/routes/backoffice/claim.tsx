import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { approveWithCredit, approveWithReplacement, ClaimDecisionError, rejectClaim } from '~/flows/germination-claims.server.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { claims } from '~/i18n/nl/claims.ts';
import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { claimIdSchema, rejectSchema } from '~/modules/claims/claims.schemas.ts';
import { claimDetail } from '~/modules/claims/claims.server.ts';
import { canHoldCredit } from '~/modules/credit/credit.server.ts';
import { CLAIM_REASON_MAX, claimCreditMinor, replacementQuantity } from '~/modules/claims/claims.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { ClaimFacts } from './claim-facts.tsx';
import type { Route } from './+types/claim.ts';

const t = claims.staff;
type Answer = { intent: 'reject' | 'replace' | 'credit'; result: SubmissionResult<string[]> | null; error: string | null };

/** The claim's id from the address, or a 404. */
function claimId(param: string): number {
  const id = claimIdSchema.safeParse(param);
  if (!id.success || !/^\d+$/.test(param)) throw data(t.errors.notFound, { status: 404 });
  return id.data;
}

// /beheer/claims/:id: one claim with its photos; approve with a replacement order, or reject with a reason (ADR 074).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'claims.manage');
  const claim = await claimDetail(context.db, claimId(params.id));
  if (!claim) throw data(t.errors.notFound, { status: 404 });
  const done = new URL(request.url).searchParams.get('klaar');
  const credited = claim.claim.creditMinor != null ? formatMoney(claim.claim.creditMinor, claim.currency) : null;
  return {
    claim,
    // Credit needs an account: a guest's order (or a deleted account) is offered the replacement only (ADR 074).
    canCredit: await canHoldCredit(context.db, claim.userId),
    done: done === 'vervanging' && claim.replacementNumber ? t.replacement.done(claim.replacementNumber) : done === 'tegoed' && credited ? t.credit.done(credited) : done === 'afgewezen' ? t.reject.done : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'claims.manage');
  const id = claimId(params.id);
  const links = paymentDepsFor(context, request).links;
  // A claim decided already (a colleague, a double click): 409 with the page showing the outcome.
  const refused = (intent: Answer['intent'], e: unknown) => {
    if (!(e instanceof ClaimDecisionError)) throw e;
    if (e.code === 'not_found') throw data(t.errors.notFound, { status: 404 });
    const error = e.code === 'decided' ? t.errors.decided : e.code === 'no_account' ? t.credit.noAccount : t.errors.outOfStock(e.detail ?? '');
    return data<Answer>({ intent, result: null, error }, { status: 409 });
  };
  const replace = async () => {
    try {
      await approveWithReplacement(context.db, actor, id, links);
    } catch (e) {
      return refused('replace', e);
    }
    return redirect(`/beheer/claims/${id}?klaar=vervanging`);
  };
  const credit = async () => {
    try {
      await approveWithCredit(context.db, actor, id, links);
    } catch (e) {
      return refused('credit', e);
    }
    return redirect(`/beheer/claims/${id}?klaar=tegoed`);
  };
  const reject = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: rejectSchema });
    if (submission.status !== 'success') return data<Answer>({ intent: 'reject', result: submission.reply(), error: null }, { status: 400 });
    try {
      await rejectClaim(context.db, actor, id, submission.value.reason, links);
    } catch (e) {
      return refused('reject', e);
    }
    return redirect(`/beheer/claims/${id}?klaar=afgewezen`);
  };
  return dispatchIntent(await readForm(request), { replace, credit, reject }, { invalid: t.errors.intent });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d ? t.claimTitle(d.claim.claim.id) : t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeClaim({ loaderData: d, actionData }: Route.ComponentProps) {
  const c = d.claim;
  const claim = c.claim;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const answer = actionData as Answer | undefined;
  const [rejectForm, rejectFields] = useForm<{ reason: string }>({ id: 'claim-reject', lastResult: answer?.intent === 'reject' ? (answer.result ?? undefined) : undefined });
  const quantity = replacementQuantity(c.line.seeds, claim.seedsFailed);
  const perSeed = c.line.seeds > 0 ? formatMoney(Math.round(c.line.unitPriceMinor / c.line.seeds), c.currency) : '—';
  const creditMinor = claimCreditMinor(c.line, claim.seedsFailed);
  return (
    <>
      <Link to="/beheer/claims" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t.back}
      </Link>
      <PageHeader title={t.claimTitle(claim.id)} />
      {d.done ? <Alert tone="success">{d.done}</Alert> : null}
      {answer?.error ? <Alert>{answer.error}</Alert> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel>
          <ClaimFacts detail={c} />
        </Panel>
        <Panel title={t.photos}>
          <ul className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-3" data-testid="claim-photos">
            {c.photos.map((n) => (
              <li key={n}>
                <a href={`/beheer/claims/${claim.id}/foto/${n}`} target="_blank" rel="noreferrer">
                  <img src={`/beheer/claims/${claim.id}/foto/${n}`} alt={t.photoAlt(n)} width={240} height={240} className="aspect-square w-full rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200" />
                </a>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      {claim.state === 'submitted' ? (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <Panel title={t.replacement.title}>
            <Form method="post" className="space-y-3 p-4" data-testid="claim-replace">
              <input type="hidden" name="intent" value="replace" />
              <p className="text-sm text-slate-700">{t.replacement.text(quantity, c.line.productName, c.line.seeds)}</p>
              <button type="submit" className={smallButton.primary} disabled={busy}>
                {t.replacement.submit}
              </button>
            </Form>
          </Panel>
          <Panel title={t.credit.title}>
            {d.canCredit && creditMinor > 0 ? (
              <Form method="post" className="space-y-3 p-4" data-testid="claim-credit">
                <input type="hidden" name="intent" value="credit" />
                <p className="text-sm text-slate-700">{t.credit.text(formatMoney(creditMinor, c.currency), claim.seedsFailed, perSeed)}</p>
                <button type="submit" className={smallButton.primary} disabled={busy}>
                  {t.credit.submit}
                </button>
              </Form>
            ) : (
              <p className="p-4 text-sm text-slate-700" data-testid="claim-credit-unavailable">
                {t.credit.noAccount}
              </p>
            )}
          </Panel>
          <Panel title={t.reject.title}>
            <Form method="post" {...getFormProps(rejectForm)} className="space-y-3 p-4" data-testid="claim-reject">
              <input type="hidden" name="intent" value="reject" />
              <Field label={t.reject.reason} meta={rejectFields.reason}>
                <textarea {...getTextareaProps(rejectFields.reason)} rows={3} maxLength={CLAIM_REASON_MAX} className={fieldClass} />
              </Field>
              <button type="submit" className={smallButton.danger} disabled={busy}>
                {t.reject.submit}
              </button>
            </Form>
          </Panel>
        </div>
      ) : null}
    </>
  );
}
