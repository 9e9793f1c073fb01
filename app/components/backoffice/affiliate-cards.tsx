import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { type FieldMeta, getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import type { affiliateOverview } from '~/modules/affiliates/affiliate-admin.server.ts';
import { fieldClass, smallButton } from './styles.ts';
import { Badge } from './parts.tsx';

// One affiliate on /beheer/affiliates: an application to decide, or an affiliate with its balance and payouts.

const t = backoffice.affiliates;

type Overview = Awaited<ReturnType<typeof affiliateOverview>>[number];
/** An affiliate as the page shows it: each balance with a fresh key for its payout form. */
type Row = Omit<Overview, 'balances'> & { balances: (Overview['balances'][number] & { payoutKey: string })[] };
export type Reply = { formId: string | null; result: SubmissionResult<string[]>; message?: string; tone?: 'success' | 'error' };

/**
 * One small form about one affiliate: it shows the answer only when it is its own (the page holds many
 * forms with the same intent), errors next to its fields, and works as a plain post without JavaScript.
 */
function AffiliateForm<F extends Record<string, unknown>>({
  formId,
  intent,
  affiliate,
  reply,
  submit,
  tone = 'secondary',
  hidden = {},
  className = '',
  children,
}: {
  formId: string;
  intent: string;
  affiliate: Row;
  reply: Reply | undefined;
  submit: string;
  tone?: keyof typeof smallButton;
  hidden?: Record<string, string | number>;
  className?: string;
  children?: (fields: Record<keyof F, FieldMeta>) => ReactNode;
}) {
  const navigation = useNavigation();
  const mine = reply?.formId === formId ? reply : undefined;
  const [form, fields] = useForm<F>({ id: formId, lastResult: navigation.state === 'idle' && mine && !mine.message ? mine.result : undefined, shouldRevalidate: 'onInput' });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('formId') === formId;
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      <input type="hidden" name="formId" value={formId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="affiliateId" value={affiliate.id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {form.errors ? (
        <p id={form.errorId} role="alert" className="mb-2 text-sm font-medium text-red-700">
          {form.errors.join(' ')}
        </p>
      ) : null}
      {children?.(fields as unknown as Record<keyof F, FieldMeta>)}
      <button type="submit" className={smallButton[tone]} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'slate', suspended: 'red' } as const;

function Applicant({ a }: { a: Row }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">{t.website}</dt>
        <dd className="wrap-anywhere text-slate-900">{a.website || '—'}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">{t.payout}</dt>
        <dd className="wrap-anywhere text-slate-900">
          {a.payoutName} · <span className="font-mono text-xs">{a.payoutIban}</span>
        </dd>
      </div>
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-xs font-medium text-slate-500">{t.promotion}</dt>
        <dd className="wrap-anywhere whitespace-pre-line text-slate-800">{a.promotion || '—'}</dd>
      </div>
    </dl>
  );
}

function Heading({ a }: { a: Row }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <h3 id={`affiliate-${a.id}`} className="font-mono text-sm font-semibold text-slate-900">
        {a.code}
      </h3>
      <Badge tone={STATUS_TONE[a.status]}>{t.status[a.status]}</Badge>
      <span className="min-w-0 truncate text-sm text-slate-600">
        {a.name} · {a.email}
      </span>
      <span className="text-xs text-slate-500">{t.appliedAt(longDate(a.createdAt))}</span>
    </div>
  );
}

function PercentField({ meta, defaultValue }: { meta: FieldMeta; defaultValue: number }) {
  return (
    <Field label={t.percent} meta={meta} className="w-32">
      <input {...getInputProps(meta, { type: 'text' })} defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : String(defaultValue)} inputMode="numeric" maxLength={2} className={fieldClass} />
    </Field>
  );
}

export function Application({ a, reply }: { a: Row; reply: Reply | undefined }) {
  return (
    <article className="min-w-0 space-y-3 text-left" aria-labelledby={`affiliate-${a.id}`}>
      <Heading a={a} />
      <Applicant a={a} />
      <div className="flex flex-wrap items-end gap-3">
        <AffiliateForm<{ percent: string }> formId={`approve-${a.id}`} intent="approve" affiliate={a} reply={reply} submit={t.approve} tone="primary" className="flex flex-wrap items-end gap-2">
          {(f) => <PercentField meta={f.percent} defaultValue={a.percent} />}
        </AffiliateForm>
        <AffiliateForm formId={`reject-${a.id}`} intent="reject" affiliate={a} reply={reply} submit={t.reject} tone="secondary" />
      </div>
    </article>
  );
}

export function Affiliate({ a, reply }: { a: Row; reply: Reply | undefined }) {
  return (
    <article className="min-w-0 space-y-4 text-left" aria-labelledby={`affiliate-${a.id}`}>
      <Heading a={a} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="space-y-3">
          <Applicant a={a} />
          <div className="flex flex-wrap items-end gap-3">
            <AffiliateForm<{ percent: string }> formId={`percent-${a.id}`} intent="percent" affiliate={a} reply={reply} submit={t.percentSave} className="flex flex-wrap items-end gap-2">
              {(f) => <PercentField meta={f.percent} defaultValue={a.percent} />}
            </AffiliateForm>
            {a.status === 'approved' ? (
              <AffiliateForm formId={`suspend-${a.id}`} intent="suspend" affiliate={a} reply={reply} submit={t.suspend} tone="danger" />
            ) : (
              <AffiliateForm formId={`reinstate-${a.id}`} intent="reinstate" affiliate={a} reply={reply} submit={t.reinstate} tone="quiet" />
            )}
          </div>
        </div>
        <div className="min-w-0 self-start rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="affiliate-balance">
          {a.balances.length === 0 ? <p className="text-sm text-slate-600">{t.nothing}</p> : null}
          {a.balances.map((b) => (
            <div key={b.currency} className="space-y-3">
              <dl className="grid grid-cols-3 gap-2 text-sm">
                {(
                  [
                    [t.held, b.held],
                    [t.payable, b.payable],
                    [t.paidOut, b.paidOut],
                  ] as const
                ).map(([label, minor]) => (
                  <div key={label}>
                    <dt className="text-xs font-medium text-slate-500">{label}</dt>
                    <dd className={`font-semibold tabular-nums ${label === t.payable && minor > 0 ? 'text-primary-800' : 'text-slate-900'}`}>{formatMoney(minor, b.currency)}</dd>
                  </div>
                ))}
              </dl>
              {b.payable > 0 ? (
                <AffiliateForm<{ reference: string }>
                  key={b.payoutKey}
                  formId={`payout-${a.id}-${b.currency}-${b.payoutKey}`}
                  intent="payout"
                  affiliate={a}
                  reply={reply}
                  submit={t.markPaid(formatMoney(b.payable, b.currency))}
                  tone="primary"
                  hidden={{ key: b.payoutKey, currency: b.currency, amountMinor: b.payable }}
                  className="space-y-2"
                >
                  {(f) => (
                    <Field label={t.reference} meta={f.reference}>
                      <input {...getInputProps(f.reference, { type: 'text' })} maxLength={140} className={fieldClass} />
                    </Field>
                  )}
                </AffiliateForm>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </article>
  );
}

