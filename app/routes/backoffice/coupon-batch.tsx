import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, Download, Info } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { couponKinds } from '~/modules/cart/cart.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate, wholeNumber } from '~/lib/format.ts';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { BATCH_MAX, DESCRIPTION_MAX } from '~/modules/coupons/coupons.ts';
import { batchSchema } from '~/modules/coupons/coupons.schemas.ts';
import { createBatch, listBatches } from '~/modules/coupons/coupons.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon-batch.ts';

const t = backoffice.batch;
const c = backoffice.coupons;
type ActionData = { result: SubmissionResult<string[]>; done?: string; batchId?: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  // A fresh key per rendered form: submitting it twice makes one batch.
  return { batches: await listBatches(context.db), key: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'promotions.manage');
  const submission = parseWithZod(await readForm(request), { schema: batchSchema });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const { batch } = await createBatch(context.db, { ...actor, staffId: staff.id }, submission.value);
  return data<ActionData>({ result: submission.reply({ resetForm: true }), done: t.created(batch.count, batch.prefix), batchId: batch.id });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Fields = { prefix: string; count: string; kind: string; percent: string; amount: string; minOrder: string; validFrom: string; validUntil: string; combinesWithPromotions: string; description: string };

export default function BackofficeCouponBatch({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [form, f] = useForm<Fields>({
    id: `batch-${d.key}`,
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { kind: 'percent', count: '100', combinesWithPromotions: 'on' },
    shouldRevalidate: 'onInput',
  });
  return (
    <>
      <Link to="/beheer/kortingscodes" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {c.back}
      </Link>
      <PageHeader title={t.title} intro={t.intro} />
      {actionData?.done ? (
        <Alert tone="success">
          {actionData.done}{' '}
          <a href={`/beheer/kortingscodes/reeks/${actionData.batchId}/csv`} className="underline" download>
            {t.download}
          </a>
        </Alert>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="key" value={d.key} />
          <Panel>
            <div className="grid gap-4 p-4 sm:grid-cols-2">
              <Field label={t.prefix} meta={f.prefix} hint={t.prefixHint}>
                <input {...getInputProps(f.prefix, { type: 'text' })} maxLength={12} spellCheck={false} className={`${fieldClass} font-mono uppercase`} />
              </Field>
              <Field label={t.count} meta={f.count} hint={t.countHint}>
                <input {...getInputProps(f.count, { type: 'number' })} min={1} max={BATCH_MAX} className={fieldClass} />
              </Field>
              <Field label={c.kind} meta={f.kind} className="sm:col-span-2">
                <select {...getSelectProps(f.kind)} className={fieldClass}>
                  {couponKinds.map((k) => (
                    <option key={k} value={k}>
                      {c.kinds[k]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={c.percent} meta={f.percent} hint={c.percentHint}>
                <input {...getInputProps(f.percent, { type: 'text' })} inputMode="numeric" className={fieldClass} />
              </Field>
              <Field label={c.amount} meta={f.amount} hint={c.amountHint}>
                <input {...getInputProps(f.amount, { type: 'text' })} inputMode="decimal" className={fieldClass} />
              </Field>
              <Field label={c.minOrderLabel} meta={f.minOrder} hint={c.minOrderHint}>
                <input {...getInputProps(f.minOrder, { type: 'text' })} inputMode="decimal" className={fieldClass} />
              </Field>
              <div />
              <Field label={c.validFrom} meta={f.validFrom} hint={c.validHint}>
                <input {...getInputProps(f.validFrom, { type: 'date' })} className={fieldClass} />
              </Field>
              <Field label={c.validUntil} meta={f.validUntil}>
                <input {...getInputProps(f.validUntil, { type: 'date' })} className={fieldClass} />
              </Field>
              <label className="flex items-start gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
                <input {...getInputProps(f.combinesWithPromotions, { type: 'checkbox' })} aria-describedby="stacking-rule" className="mt-0.5 h-4 w-4 rounded accent-primary-700" />
                <span>{c.combines}</span>
              </label>
              <Field label={c.description} meta={f.description} className="sm:col-span-2">
                <textarea {...getTextareaProps(f.description)} rows={2} maxLength={DESCRIPTION_MAX} className={fieldClass} />
              </Field>
            </div>
          </Panel>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.create}
          </button>
        </Form>
        <Panel>
          <div id="stacking-rule" className="p-4 text-sm text-slate-700">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Info className="h-4 w-4 text-primary-700" aria-hidden /> {c.stackingTitle}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5">
              {c.stacking.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
          </div>
        </Panel>
      </div>
      <Panel title={t.listTitle} className="mt-6">
        {d.batches.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <div className={`${table.wrap} relative`} {...scrollArea(t.tableLabel)}>
            <table className={table.table} data-testid="batches-table">
              <thead>
                <tr>
                  <th className={table.th}>{t.col.prefix}</th>
                  <th className={`${table.th} text-right`}>{t.col.count}</th>
                  <th className={`${table.th} text-right`}>{t.col.used}</th>
                  <th className={table.th}>{t.col.made}</th>
                  <th className={table.th}>{t.col.by}</th>
                  <th className={table.th}>{t.col.file}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.batches.map((b) => (
                  <tr key={b.id} className="hover:bg-slate-50">
                    <td className={`${table.td} font-mono text-xs font-semibold`}>
                      <Link to={`/beheer/kortingscodes?${new URLSearchParams({ herkomst: 'reeks', zoek: `${b.prefix}-` })}`} className="text-primary-800 hover:underline">
                        {b.prefix}-…
                      </Link>
                    </td>
                    <td className={`${table.td} text-right tabular-nums`}>{wholeNumber(b.count)}</td>
                    <td className={`${table.td} text-right tabular-nums`}>{wholeNumber(b.used)}</td>
                    <td className={`${table.td} whitespace-nowrap text-slate-600`}>
                      {longDate(b.createdAt)} {clockTime(b.createdAt)}
                    </td>
                    <td className={table.td}>{b.by ?? '–'}</td>
                    <td className={table.td}>
                      <a href={`/beheer/kortingscodes/reeks/${b.id}/csv`} className={smallButton.quiet} download aria-label={`${t.download} ${b.prefix}`}>
                        <Download className="h-3.5 w-3.5" aria-hidden /> {t.download}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
