// CSV import of stock and prices (ADR 034): upload → a dry run listing each change and each error per line →
// confirm, which applies the same file all or nothing (stock as movements, audited).
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, Download } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { IMPORT_MAX_BYTES, type ImportChange, type ImportError, type ImportPlan } from '~/modules/catalog/stock.ts';
import { importCheckSchema, importConfirmSchema } from '~/modules/catalog/stock.schemas.ts';
import { decodeCsv, importApply, importPreview, StockError } from '~/modules/catalog/stock.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-import.ts';

const t = backoffice.stock;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  return null;
}

type Checked = { plan: ImportPlan; text: string; fileName: string; key: string };
type ActionData = { result?: SubmissionResult<string[]>; checked?: Checked; done?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const form = await readForm(request);
  if (form.get('intent') === 'confirm') {
    const submission = parseWithZod(form, { schema: importConfirmSchema });
    if (submission.status !== 'success') throw data(backoffice.errors.general, { status: 400 });
    const v = submission.value;
    try {
      const r = await importApply(context.db, actor, v);
      return data<ActionData>({ done: r.done ? t.imported(r.plan?.changes.length ?? 0) : t.alreadyImported });
    } catch (e) {
      if (!(e instanceof StockError)) throw e;
      // The file was checked, but stock or prices moved since: show the new dry run, nothing was saved.
      if (e.code === 'import_errors' && e.plan) return data<ActionData>({ error: t.errors.import_errors, checked: { ...v, plan: e.plan, key: crypto.randomUUID() } }, { status: 409 });
      return data<ActionData>({ error: e.code === 'no_change' ? t.errors.nothingToImport : t.errors.import_errors }, { status: 409 });
    }
  }
  const submission = parseWithZod(form, { schema: importCheckSchema });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
  const file = submission.value.file;
  if (file.size > IMPORT_MAX_BYTES) return data<ActionData>({ result: submission.reply({ fieldErrors: { file: [t.errors.fileTooLarge] }, hideFields: ['file'] }) }, { status: 400 });
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
  const plan = await importPreview(context.db, text);
  // A fresh key per dry run: confirming it twice imports once.
  return data<ActionData>({ result: submission.reply({ hideFields: ['file'] }), checked: { plan, text, fileName: (file.name || 'voorraad.csv').slice(0, 200), key: crypto.randomUUID() } });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.importTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const money = (minor: number | null, currency: string) => (minor === null ? '—' : formatMoney(minor, currency));

function errorText(e: ImportError): string {
  const m = t.importErrors;
  switch (e.code) {
    case 'no_sku_column':
    case 'empty':
      return m[e.code];
    default:
      return m[e.code](e.detail ?? '');
  }
}

function changeParts(c: ImportChange): string[] {
  return [
    ...(c.stockDelta !== null ? [t.stockChange(c.stockNow, c.stockNow + c.stockDelta)] : []),
    ...(c.threshold ? [t.thresholdChange(c.threshold.from, c.threshold.to)] : []),
    ...c.prices.map((p) => t.priceChange(p.currency, money(p.from, p.currency), money(p.to, p.currency))),
  ];
}

function ChangeList({ c, className = '' }: { c: ImportChange; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`}>
      {changeParts(c).map((part) => (
        <li key={part}>
          <Badge tone="blue">{part}</Badge>
        </li>
      ))}
    </ul>
  );
}

function PlanView({ checked, busy }: { checked: Checked; busy: boolean }) {
  const { plan } = checked;
  return (
    <Panel title={t.planTitle(plan.changes.length, plan.errors.length, plan.unchanged)}>
      <div data-testid="import-plan">
        {plan.errors.length > 0 ? (
          <div className="border-b border-slate-200">
            <h3 className="px-4 pt-3 text-sm font-semibold text-red-800">{t.errorsTitle}</h3>
            <div className={table.wrap} {...scrollArea(t.errorsTitle)}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th className={table.th}>{t.line}</th>
                    <th className={table.th}>{t.problem}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {plan.errors.map((e, i) => (
                    <tr key={i} data-testid="import-error">
                      <td className={`${table.td} w-20 tabular-nums`}>{e.line}</td>
                      <td className={`${table.td} text-red-800`}>{errorText(e)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="px-4 py-3 text-sm font-medium text-red-800">{t.fixFirst}</p>
          </div>
        ) : null}
        {plan.changes.length > 0 ? (
          <div className={`${table.wrap} max-h-[60vh]`} {...scrollArea(t.changes)}>
            <table className={table.table}>
              <thead className="sticky top-0">
                <tr>
                  <th className={table.th}>{t.line}</th>
                  <th className={table.th}>{t.strain}</th>
                  <th className={`${table.th} hidden sm:table-cell`}>{t.changes}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {plan.changes.map((c) => (
                  <tr key={c.line} data-testid={`import-change-${c.sku}`}>
                    <td className={`${table.td} w-20 tabular-nums`}>{c.line}</td>
                    <td className={`${table.td} max-w-56`}>
                      <p className="truncate font-medium text-slate-900">
                        {c.name} · {t.packSize(c.seeds, false)}
                      </p>
                      <p className="truncate font-mono text-xs text-slate-500">{c.sku}</p>
                      {/* Phones: the changes under the name, not in a column out of view. */}
                      <ChangeList c={c} className="mt-1.5 sm:hidden" />
                    </td>
                    <td className={`${table.td} hidden sm:table-cell`}>
                      <ChangeList c={c} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {plan.errors.length === 0 && plan.changes.length > 0 ? (
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="key" value={checked.key} />
            <input type="hidden" name="fileName" value={checked.fileName} />
            <input type="hidden" name="text" value={checked.text} />
            <p className="max-w-2xl text-xs text-slate-600">{t.confirmIntro}</p>
            <button type="submit" className={smallButton.primary} disabled={busy}>
              {t.confirm}
            </button>
          </Form>
        ) : null}
        {plan.errors.length === 0 && plan.changes.length === 0 ? <p className="px-4 py-4 text-sm text-slate-600">{t.errors.nothingToImport}</p> : null}
      </div>
    </Panel>
  );
}

export default function BackofficeStockImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ file: string }>({ id: 'stock-import', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  const busy = navigation.state !== 'idle';
  return (
    <>
      <Link to="/beheer/voorraad" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.importTitle} intro={t.importIntro}>
        <a href="/beheer/voorraad/export" download className={smallButton.secondary}>
          <Download className="h-4 w-4" aria-hidden /> {t.export}
        </a>
      </PageHeader>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
      <Panel className="mb-4">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4 p-4">
          <input type="hidden" name="intent" value="check" />
          <Field label={t.file} meta={fields.file} hint={t.fileHint}>
            <input
              {...getInputProps(fields.file, { type: 'file' })}
              accept=".csv,.txt,text/csv"
              className={`${fieldClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm`}
            />
          </Field>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.dryRun}
          </button>
        </Form>
      </Panel>
      {actionData?.checked ? <PlanView checked={actionData.checked} busy={busy} /> : null}
    </>
  );
}
