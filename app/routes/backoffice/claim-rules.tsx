import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft } from 'lucide-react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { claims } from '~/i18n/nl/claims.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { useSavedFormKey } from '~/lib/saved-form-key.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { rulesSchema } from '~/modules/claims/claims.schemas.ts';
import { packChoices, readClaimRules, saveClaimRules } from '~/modules/claims/claims.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/claim-rules.ts';

const t = claims.staff.rules;

// /beheer/claims/regels: the guarantee's rules (ADR 074), the owner's to set.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'claims.rules');
  const [rules, packs] = await Promise.all([readClaimRules(context.db), packChoices(context.db)]);
  return { rules, packs, saved: new URL(request.url).searchParams.get('klaar') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'claims.rules');
  const submission = parseWithZod(await readForm(request), { schema: rulesSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  if (!(await saveClaimRules(context.db, actor, submission.value))) return data({ result: submission.reply({ fieldErrors: { excludedPackIds: [t.packInvalid] } }) as SubmissionResult<string[]> }, { status: 400 });
  return redirect('/beheer/claims/regels?klaar=1');
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeClaimRules({ loaderData: d, actionData }: Route.ComponentProps) {
  // A save redirects to ?klaar=1: the form starts anew with the saved values, a refused try's messages gone.
  const formKey = useSavedFormKey(actionData?.result);
  return (
    <>
      <Link to="/beheer/claims" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {claims.staff.back}
      </Link>
      <PageHeader title={t.title} intro={t.intro} />
      {d.saved && !actionData ? <Alert tone="success">{t.saved}</Alert> : null}
      <Panel>
        <RulesForm key={formKey} d={d} lastResult={actionData?.result} />
      </Panel>
    </>
  );
}

function RulesForm({ d, lastResult }: { d: Route.ComponentProps['loaderData']; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ windowDays: string; minFailedSeeds: string; excludeFree: string; excludedPackIds: string[] }>({
    id: 'claim-rules',
    lastResult,
    defaultValue: { windowDays: String(d.rules.windowDays), minFailedSeeds: String(d.rules.minFailedSeeds), excludeFree: d.rules.excludeFree ? 'on' : '', excludedPackIds: d.rules.excludedPackIds.map(String) },
  });
  const selected = (fields.excludedPackIds.initialValue as string[] | string | undefined) ?? [];
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl space-y-4 p-4" data-testid="claim-rules">
      <Field label={t.windowDays} meta={fields.windowDays} hint={t.windowDaysHint}>
        <input {...getInputProps(fields.windowDays, { type: 'number' })} min={1} max={365} className={fieldClass} />
      </Field>
      <Field label={t.minFailedSeeds} meta={fields.minFailedSeeds}>
        <input {...getInputProps(fields.minFailedSeeds, { type: 'number' })} min={1} max={100} className={fieldClass} />
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input {...getInputProps(fields.excludeFree, { type: 'checkbox' })} className="h-4 w-4" />
        {t.excludeFree}
      </label>
      <Field label={t.excludedPacks} meta={fields.excludedPackIds} hint={t.excludedPacksHint}>
        <select {...getSelectProps(fields.excludedPackIds)} defaultValue={Array.isArray(selected) ? selected : [selected]} multiple size={8} className={fieldClass}>
          {d.packs.map((p) => (
            <option key={p.id} value={p.id}>
              {claims.line(p.name, p.seeds, 1).replace(/^1× /, '')}
              {p.isFree ? ' · gratis' : ''}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={smallButton.primary} disabled={navigation.state !== 'idle'}>
        {t.submit}
      </button>
    </Form>
  );
}
