import { ArrowLeft, CheckCircle2, Sprout } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, FieldError, inputClass } from '~/components/ui/form-field.tsx';
import { claims as t } from '~/i18n/nl/claims.ts';
import { longDate } from '~/lib/format.ts';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { CLAIM_NOTE_MAX, type ClaimRules, germinationMethods } from '../claims.ts';
import type { ClaimLine, OrderClaim } from '../claims.server.ts';
import { ClaimState } from './claims-panel.tsx';

export type ClaimAnswer = { lineId: number | null; result: SubmissionResult<string[]> };
export type ClaimPageData = {
  number: string;
  currency: string;
  rules: Pick<ClaimRules, 'windowDays' | 'minFailedSeeds' | 'excludeFree'>;
  lines: ClaimLine[];
  claims: OrderClaim[];
  /** The line a claim was just sent for (the success message). */
  sent: number | null;
  /** The photo limits the images module checks (the form's hint). */
  photoLimits: { maxMb: number; minSide: number };
};

type Fields = { seedsSown: string; seedsFailed: string; method: string; note: string; photos: string };

function LineForm({ line, rules, limits, hidden, answer }: { line: ClaimLine; rules: ClaimPageData['rules']; limits: ClaimPageData['photoLimits']; hidden: Record<string, string>; answer: ClaimAnswer | undefined }) {
  const navigation = useNavigation();
  const mine = answer?.lineId === line.id ? answer.result : undefined;
  const [form, fields] = useForm<Fields>({ id: `claim-${line.id}`, lastResult: mine, shouldRevalidate: 'onInput' });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('lineId') === String(line.id);
  const bought = line.seeds * line.quantity;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="claim-form">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value="claim" />
      <input type="hidden" name="lineId" value={line.id} />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="claim-form-error">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.form.seedsSown} meta={fields.seedsSown}>
          <input {...getInputProps(fields.seedsSown, { type: 'number' })} inputMode="numeric" min={1} max={bought} className={inputClass} />
        </Field>
        <Field label={t.form.seedsFailed} meta={fields.seedsFailed} hint={t.form.seedsFailedHint(rules.minFailedSeeds)}>
          <input {...getInputProps(fields.seedsFailed, { type: 'number' })} inputMode="numeric" min={1} max={bought} className={inputClass} />
        </Field>
      </div>
      <Field label={t.form.method} meta={fields.method}>
        <select {...getSelectProps(fields.method)} className={inputClass}>
          <option value="">{t.form.chooseMethod}</option>
          {germinationMethods.map((m) => (
            <option key={m} value={m}>
              {t.methods[m]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t.form.note} meta={fields.note} hint={t.form.noteHint}>
        <textarea {...getTextareaProps(fields.note)} rows={3} maxLength={CLAIM_NOTE_MAX} className={inputClass} />
      </Field>
      <div>
        <label htmlFor={fields.photos.id} className="text-sm font-medium text-slate-800">
          {t.form.photos}
        </label>
        <input
          {...getInputProps(fields.photos, { type: 'file' })}
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-full file:border-0 file:bg-primary-50 file:px-4 file:py-2 file:font-semibold file:text-primary-800"
        />
        {fields.photos.errors ? null : <p className="mt-1 text-xs text-slate-500">{t.form.photosHint(limits.maxMb, limits.minSide)}</p>}
        <FieldError meta={fields.photos} />
      </div>
      <button type="submit" className={buttonClass('primary', 'md')} disabled={busy}>
        {busy ? t.form.busy : t.form.submit}
      </button>
    </Form>
  );
}

/** The claim page: per line of the order either its form, its claim's state, or why it cannot be claimed. */
export function ClaimPage({ data: d, hidden, backHref, answer }: { data: ClaimPageData; hidden: Record<string, string>; backHref: string; answer: ClaimAnswer | undefined }) {
  return (
    <div className="container-page max-w-3xl space-y-6 py-8 sm:py-10" data-testid="claim-page" data-chat-at-end>
      <Link to={backHref} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t.back}
      </Link>
      <header className="flex items-start gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <Sprout className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.pageTitle(d.number)}</h1>
          <p className="mt-2 text-slate-600">{t.intro(d.rules.windowDays, d.rules.minFailedSeeds)}</p>
          {d.rules.excludeFree ? <p className="mt-1 text-sm text-slate-600">{t.freeExcluded}</p> : null}
        </div>
      </header>
      {d.sent !== null ? (
        <div className="flex items-start gap-3 rounded-3xl bg-primary-50 p-5 ring-1 ring-primary-200" role="status" data-testid="claim-sent">
          <CheckCircle2 className="h-6 w-6 shrink-0 text-primary-700" aria-hidden />
          <p className="text-slate-900">{t.form.sent}</p>
        </div>
      ) : null}
      <ul className="space-y-4">
        {d.lines.map((line) => {
          const claim = d.claims.find((c) => c.lineId === line.id);
          return (
            <li key={line.id} className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" data-testid="claim-line">
              <h2 className="text-lg font-semibold text-slate-900">{t.line(line.name, line.seeds, line.quantity)}</h2>
              {claim ? (
                <ul className="mt-3">
                  <ClaimState claim={claim} currency={d.currency} />
                </ul>
              ) : line.eligibility.ok ? (
                <>
                  <p className="mt-1 text-sm text-slate-600">{t.until(longDate(line.eligibility.until))}</p>
                  <LineForm line={line} rules={d.rules} limits={d.photoLimits} hidden={hidden} answer={answer} />
                </>
              ) : (
                <p className="mt-1 text-sm text-slate-600" data-testid="claim-ineligible">
                  {t.ineligible[line.eligibility.why]}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
