import { parseWithZod } from '@conform-to/zod/v4';
import { FileDown } from 'lucide-react';
import { data, Form, redirect } from 'react-router';
import { Field, FieldError } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { shopDay } from '~/lib/format.ts';
import { type FieldMeta, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { orderStatuses, paymentStates } from '~/modules/orders/order-query.ts';
import { exportSchema } from '~/modules/orders/exports.schemas.ts';
import { recordExport } from '~/modules/orders/exports.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/export.ts';

/** Last month on the shop's calendar: what the bookkeeping usually asks for. */
function lastMonth(now = new Date()) {
  const [y, m] = shopDay(now).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { van: first.toISOString().slice(0, 10), tot: last.toISOString().slice(0, 10) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'exports.view');
  return { defaults: lastMonth() };
}

/**
 * The export is recorded in the audit log here (a POST), then the browser is sent to the file: the audit
 * entry's id is its one-time handle, so every file that leaves the shop has its entry. The form is a plain
 * HTML form (reloadDocument): the answer is a download, which the browser handles itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'exports.view');
  const create = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: exportSchema });
    if (submission.status !== 'success') return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
    const v = submission.value;
    const id = await recordExport(context.db, actor, { kind: v.soort, from: v.van, to: v.tot, ...(v.status ? { status: v.status } : {}), ...(v.betaling ? { payment: v.betaling } : {}) });
    return redirect(`/beheer/export/${id}`, 303);
  };
  // The page's one form carries no intent.
  return dispatchIntent(await readForm(request), { create }, { invalid: t.errors.general, fallback: 'create' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.exports.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

/** A filter of the export: one of a list, or all. */
function Choice({ label, meta, all, options }: { label: string; meta: FieldMeta; all: string; options: { value: string; label: string }[] }) {
  return (
    <Field label={label} meta={meta}>
      <select {...getSelectProps(meta)} defaultValue={String(meta.initialValue ?? '')} className={fieldClass}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export default function BackofficeExport({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<{ soort: string; van: string; tot: string; status: string; betaling: string }>({
    id: 'export',
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    shouldRevalidate: 'onInput',
  });
  const e = t.exports;
  return (
    <>
      <PageHeader title={e.title} intro={e.intro} />
      <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <Panel>
          <Form method="post" reloadDocument {...getFormProps(form)} className="space-y-5 p-4 sm:p-6">
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">{e.period}</legend>
              <div className="mt-2 grid gap-4 sm:grid-cols-2">
                <Field label={e.from} meta={fields.van}>
                  <input {...getInputProps(fields.van, { type: 'date' })} required className={fieldClass} />
                </Field>
                <Field label={e.to} meta={fields.tot}>
                  <input {...getInputProps(fields.tot, { type: 'date' })} required className={fieldClass} />
                </Field>
              </div>
            </fieldset>
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">{e.filters}</legend>
              <div className="mt-2 grid gap-4 sm:grid-cols-2">
                <Choice label={e.status} meta={fields.status} all={e.all} options={orderStatuses.map((s) => ({ value: s, label: t.orderStatus[s] }))} />
                <Choice label={e.payment} meta={fields.betaling} all={e.all} options={paymentStates.map((p) => ({ value: p, label: t.paymentState[p] }))} />
              </div>
            </fieldset>
            <div className="flex flex-col gap-2 border-t border-slate-200 pt-5 sm:flex-row">
              <button type="submit" name="soort" value="orders" className={smallButton.primary}>
                <FileDown className="h-4 w-4" aria-hidden /> {e.ordersButton}
              </button>
              <button type="submit" name="soort" value="payments" className={smallButton.primary}>
                <FileDown className="h-4 w-4" aria-hidden /> {e.paymentsButton}
              </button>
            </div>
            <FieldError meta={fields.soort} />
          </Form>
        </Panel>
        <Panel title={e.about}>
          <ul className="list-disc space-y-2 py-4 pr-4 pl-8 text-sm text-slate-700">
            {e.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
