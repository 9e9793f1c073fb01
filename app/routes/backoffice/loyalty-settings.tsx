import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { loyalty } from '~/i18n/nl/loyalty.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { useSavedFormKey } from '~/lib/saved-form-key.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { LIMITS, MINIMA } from '~/modules/loyalty/limits.ts';
import { loyaltySettingsSchema, tierField } from '~/modules/loyalty/loyalty.schemas.ts';
import { readLoyaltySettings, saveLoyaltySettings } from '~/modules/loyalty/loyalty.server.ts';
import { percentBack } from '~/modules/loyalty/loyalty.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/loyalty-settings.ts';

const t = loyalty.settings;

// /beheer/kiempunten: the rates and tiers of the Kiempunten (ADR 075), the owner's to set; audited.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'loyalty.manage');
  const settings = await readLoyaltySettings(context.db);
  return { settings, percents: settings.tiers.map((tier) => percentBack(settings, tier)), saved: new URL(request.url).searchParams.get('klaar') === '1' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'loyalty.manage');
  const submission = parseWithZod(await readForm(request), { schema: loyaltySettingsSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  await saveLoyaltySettings(context.db, actor, submission.value);
  return redirect('/beheer/kiempunten?klaar=1');
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Fields = Record<string, string>;

export default function BackofficeLoyaltySettings({ loaderData: d, actionData }: Route.ComponentProps) {
  // A save redirects to ?klaar=1: the form starts anew with the saved values, a refused try's messages gone.
  const formKey = useSavedFormKey(actionData?.result);
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      {d.saved && !actionData ? <Alert tone="success">{t.saved}</Alert> : null}
      <Panel>
        <SettingsForm key={formKey} d={d} lastResult={actionData?.result} />
      </Panel>
    </>
  );
}

function SettingsForm({ d, lastResult }: { d: Route.ComponentProps['loaderData']; lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const s = d.settings;
  const [form, all] = useForm<Fields>({
    id: 'loyalty-settings',
    lastResult,
    defaultValue: {
      pointsPerEuro: String(s.pointsPerEuro),
      pointsPerEuroOff: String(s.pointsPerEuroOff),
      reviewPoints: String(s.reviewPoints),
      ...Object.fromEntries(s.tiers.flatMap((tier, i) => [[tierField(i, 'name'), tier.name], [tierField(i, 'from'), String(tier.minSpendMinor / 100)], [tierField(i, 'bonus'), String(tier.bonusPct)]])),
    },
  });
  const field = (name: string) => all[name]!;
  const fields = { pointsPerEuro: field('pointsPerEuro'), pointsPerEuroOff: field('pointsPerEuroOff'), reviewPoints: field('reviewPoints') };
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-4 p-4" data-testid="loyalty-settings">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t.pointsPerEuro} meta={fields.pointsPerEuro}>
          <input {...getInputProps(fields.pointsPerEuro, { type: 'number' })} min={MINIMA.pointsPerEuro} max={LIMITS.pointsPerEuro} className={fieldClass} />
        </Field>
        <Field label={t.pointsPerEuroOff} meta={fields.pointsPerEuroOff}>
          <input {...getInputProps(fields.pointsPerEuroOff, { type: 'number' })} min={MINIMA.pointsPerEuroOff} max={LIMITS.pointsPerEuroOff} className={fieldClass} />
        </Field>
        <Field label={t.reviewPoints} meta={fields.reviewPoints}>
          <input {...getInputProps(fields.reviewPoints, { type: 'number' })} min={MINIMA.reviewPoints} max={LIMITS.reviewPoints} className={fieldClass} />
        </Field>
      </div>
      {s.tiers.map((_, i) => {
        const f = { name: field(tierField(i, 'name')), from: field(tierField(i, 'from')), bonusPct: field(tierField(i, 'bonus')) };
        return (
          <fieldset key={i} className="rounded-xl p-3 ring-1 ring-slate-200" data-testid={`tier-${i}`}>
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {t.tier(i + 1)} · {d.percents[i]?.toLocaleString('nl-NL', { maximumFractionDigits: 2 })}% terug
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label={t.tierName} meta={f.name}>
                <input {...getInputProps(f.name, { type: 'text' })} maxLength={LIMITS.name} className={fieldClass} />
              </Field>
              {i === 0 ? null : (
                <Field label={t.tierFrom} meta={f.from}>
                  <input {...getInputProps(f.from, { type: 'number' })} min={MINIMA.fromEuro} max={LIMITS.spendMinor / 100} className={fieldClass} />
                </Field>
              )}
              <Field label={t.tierBonus} meta={f.bonusPct}>
                <input {...getInputProps(f.bonusPct, { type: 'number' })} min={MINIMA.bonusPct} max={LIMITS.bonusPct} className={fieldClass} />
              </Field>
            </div>
          </fieldset>
        );
      })}
      <button type="submit" className={smallButton.primary} disabled={navigation.state !== 'idle'}>
        {t.submit}
      </button>
    </Form>
  );
}
