import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { type FieldMeta, getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { affiliateSchema } from '~/modules/affiliates/affiliate-admin.schemas.ts';
import { affiliateOverview, decideApplication, markPayoutPaid, setCommissionPercent } from '~/modules/affiliates/affiliate-admin.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/affiliates.ts';

const t = backoffice.affiliates;

type Reply = { formId: string | null; result: SubmissionResult<string[]>; message?: string; tone?: 'success' | 'error' };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'affiliates.manage');
  const rows = await affiliateOverview(context.db);
  // A fresh key per rendered payout form: submitting it twice (or from two tabs at once) records one payout.
  return { rows: rows.map((r) => ({ ...r, balances: r.balances.map((b) => ({ ...b, payoutKey: crypto.randomUUID() })) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'affiliates.manage');
  const form = await readForm(request);
  const formId = typeof form.get('formId') === 'string' ? String(form.get('formId')).slice(0, 80) : null;
  const submission = parseWithZod(form, { schema: affiliateSchema });
  if (submission.status !== 'success') return data<Reply>({ formId, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const ok = (message: string, tone: Reply['tone'] = 'success') => data<Reply>({ formId, result: submission.reply({ resetForm: true }), message, tone });
  const notFound = () => data(t.notFound, { status: 404 });
  if (v.intent === 'payout') {
    const paid = await markPayoutPaid(context.db, actor, { affiliateId: v.affiliateId, currency: v.currency, amountMinor: v.amountMinor, reference: v.reference, key: v.key });
    if (paid.status === 'not_found') throw notFound();
    if (paid.status === 'too_much') {
      return data<Reply>({ formId, result: submission.reply({ formErrors: [t.tooMuch(formatMoney(paid.payableMinor, v.currency))] }) }, { status: 409 });
    }
    if (paid.status === 'already_paid') return ok(t.alreadyPaid);
    const code = (await affiliateOverview(context.db)).find((a) => a.id === v.affiliateId)?.code ?? '';
    return ok(t.paid(formatMoney(paid.amountMinor, paid.currency), code));
  }
  if (v.intent === 'percent') {
    const done = await setCommissionPercent(context.db, actor, v.affiliateId, v.percent);
    if (done === 'not_found') throw notFound();
    const code = (await affiliateOverview(context.db)).find((a) => a.id === v.affiliateId)?.code ?? '';
    return done === 'unchanged' ? ok(t.unchanged) : ok(t.percentSaved(code, v.percent));
  }
  const status = v.intent === 'approve' || v.intent === 'reinstate' ? 'approved' : v.intent === 'reject' ? 'rejected' : 'suspended';
  const done = await decideApplication(context.db, actor, v.affiliateId, status, v.intent === 'approve' ? v.percent : undefined);
  if (done === 'not_found') throw notFound();
  return done === 'unchanged' ? ok(t.unchanged) : ok(t.decided[status]);
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Row = Route.ComponentProps['loaderData']['rows'][number];

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
        <dd className="break-words text-slate-900">{a.website || '—'}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">{t.payout}</dt>
        <dd className="break-words text-slate-900">
          {a.payoutName} · <span className="font-mono text-xs">{a.payoutIban}</span>
        </dd>
      </div>
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-xs font-medium text-slate-500">{t.promotion}</dt>
        <dd className="break-words whitespace-pre-line text-slate-800">{a.promotion || '—'}</dd>
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

function Application({ a, reply }: { a: Row; reply: Reply | undefined }) {
  return (
    <li className="space-y-3 p-4" data-testid="affiliate-application" aria-labelledby={`affiliate-${a.id}`}>
      <Heading a={a} />
      <Applicant a={a} />
      <div className="flex flex-wrap items-end gap-3">
        <AffiliateForm<{ percent: string }> formId={`approve-${a.id}`} intent="approve" affiliate={a} reply={reply} submit={t.approve} tone="primary" className="flex flex-wrap items-end gap-2">
          {(f) => <PercentField meta={f.percent} defaultValue={a.percent} />}
        </AffiliateForm>
        <AffiliateForm formId={`reject-${a.id}`} intent="reject" affiliate={a} reply={reply} submit={t.reject} tone="secondary" />
      </div>
    </li>
  );
}

function Affiliate({ a, reply }: { a: Row; reply: Reply | undefined }) {
  return (
    <li className="space-y-4 p-4" data-testid="affiliate" aria-labelledby={`affiliate-${a.id}`}>
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
    </li>
  );
}

export default function BackofficeAffiliates({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply | undefined;
  const pending = d.rows.filter((a) => a.status === 'pending');
  const others = d.rows.filter((a) => a.status !== 'pending');
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      {reply?.message ? <Alert tone={reply.tone ?? 'success'}>{reply.message}</Alert> : null}
      <div className="space-y-4">
        <Panel title={`${t.applications} (${pending.length})`}>
          {pending.length === 0 ? <p className="p-4 text-sm text-slate-600">{t.noApplications}</p> : null}
          <ul className="divide-y divide-slate-100">
            {pending.map((a) => (
              <Application key={a.id} a={a} reply={reply} />
            ))}
          </ul>
        </Panel>
        <Panel title={`${t.all} (${others.length})`}>
          {others.length === 0 ? <p className="p-4 text-sm text-slate-600">{t.none}</p> : null}
          <ul className="divide-y divide-slate-100">
            {others.map((a) => (
              <Affiliate key={a.id} a={a} reply={reply} />
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
