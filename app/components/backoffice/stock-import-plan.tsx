// The stock import's dry run (ADR 034): each error and each change per line, and the form that confirms the file.
import { Form } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import type { ImportChange, ImportError, ImportPlan } from '~/modules/catalog/stock.ts';
import { smallButton } from './styles.ts';
import { Badge } from './parts.tsx';

const t = backoffice.stock;

type Checked = { plan: ImportPlan; text: string; fileName: string; key: string };
/** What the import page's action answers. */
export type StockImportReply = { result?: SubmissionResult<string[]>; checked?: Checked; done?: string; error?: string };

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

const errorColumns: Column<ImportError>[] = [
  { label: t.line, className: 'sm:w-20 tabular-nums', cell: (e) => e.line },
  { label: t.problem, className: 'text-red-800', cell: (e) => errorText(e) },
];

const changeColumns: Column<ImportChange>[] = [
  { label: t.line, className: 'sm:w-20 tabular-nums', cell: (c) => c.line },
  {
    label: t.strain,
    className: 'max-w-56',
    cell: (c) => (
      <span className="block min-w-0 text-left">
        <span className="block truncate font-medium text-slate-900">
          {c.name} · {t.packSize(c.seeds, false)}
        </span>
        <span className="block truncate font-mono text-xs text-slate-500">{c.sku}</span>
      </span>
    ),
  },
  { label: t.changes, cell: (c) => <ChangeList c={c} className="max-sm:justify-end" /> },
];

export function PlanView({ checked, busy }: { checked: Checked; busy: boolean }) {
  const { plan } = checked;
  const ok = plan.errors.length === 0;
  return (
    <section className="space-y-4" data-testid="import-plan">
      <h2 className="text-sm font-semibold text-slate-900">{t.planTitle(plan.changes.length, plan.errors.length, plan.unchanged)}</h2>
      {!ok ? (
        <DataList
          label={t.errorsTitle}
          title={t.errorsTitle}
          testId="import-errors"
          rows={plan.errors}
          rowKey={(e) => `${e.line}-${e.code}-${e.detail ?? ''}`}
          rowTestId="import-error"
          columns={errorColumns}
          empty={null}
          footer={<p className="px-4 py-3 text-sm font-medium text-red-800">{t.fixFirst}</p>}
        />
      ) : null}
      {plan.changes.length > 0 ? (
        <DataList
          label={t.changes}
          title={t.changes}
          testId="import-changes"
          rows={plan.changes}
          rowKey={(c) => c.line}
          rowProps={(c) => ({ 'data-testid': `import-change-${c.sku}` })}
          columns={changeColumns}
          empty={null}
          footer={
            ok ? (
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
            ) : null
          }
        />
      ) : null}
      {ok && plan.changes.length === 0 ? <p className="rounded-xl bg-white px-4 py-4 text-sm text-slate-600 ring-1 ring-slate-200">{t.errors.nothingToImport}</p> : null}
    </section>
  );
}
