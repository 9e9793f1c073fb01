// Bulk price change (ADR 034): the list's filter chooses the packs; a percentage and a rounding give the new
// prices; a preview shows every old and new price; applying saves them in one transaction, once per form.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CURRENCIES, type Currency } from '~/modules/catalog/pack-pricing.ts';
import { formatPercent, readStockQuery, roundings, type StockQuery, stockQueryParams } from '~/modules/catalog/stock.ts';
import { bulkSchema } from '~/modules/catalog/stock.schemas.ts';
import { applyBulkPrices, type BulkLine, previewBulkPrices, StockError } from '~/modules/catalog/stock.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-prices.ts';

const t = backoffice.stock;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const { page: _page, ...query } = readStockQuery(new URL(request.url).searchParams);
  return { query, filter: stockQueryParams(query).toString() };
}

type Preview = { key: string; fingerprint: string; packs: number; lines: BulkLine[]; percentBp: number; rounding: (typeof roundings)[number]; currencies: Currency[] };
type ActionData = { result?: SubmissionResult<string[]>; preview?: Preview; done?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const form = await readForm(request);
  const { page: _page, ...filter } = readStockQuery(form);
  const submission = parseWithZod(form, { schema: bulkSchema });
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const currencies = v.currencies.length > 0 ? v.currencies : [...CURRENCIES];
  const input = { filter, percentBp: v.percent, rounding: v.rounding, currencies };
  if (v.intent === 'apply' && v.key && v.fingerprint) {
    try {
      const r = await applyBulkPrices(context.db, actor, { ...input, key: v.key, fingerprint: v.fingerprint });
      return data<ActionData>({ result: submission.reply(), done: r.done ? t.applied(r.changed ?? 0) : t.alreadyApplied });
    } catch (e) {
      if (!(e instanceof StockError) || (e.code !== 'stale' && e.code !== 'nothing_selected')) throw e;
      return data<ActionData>({ result: submission.reply(), error: t.errors[e.code] }, { status: 409 });
    }
  }
  const preview = await previewBulkPrices(context.db, input);
  if (preview.lines.length === 0) return data<ActionData>({ result: submission.reply(), error: t.errors.nothing_selected });
  // A fresh key per rendered preview: applying it twice saves the prices once.
  return data<ActionData>({ result: submission.reply(), preview: { ...preview, key: crypto.randomUUID(), percentBp: v.percent, rounding: v.rounding, currencies: v.currencies } });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.bulkTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function FilterFields({ query }: { query: StockQuery }) {
  return (
    <>
      {[...stockQueryParams(query)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function selectionText(q: StockQuery): string {
  const parts = [q.q ? `"${q.q}"` : null, q.flowering ? t.identity[q.flowering] : null, q.sex ? t.identity[q.sex] : null, q.seeds ? t.packSize(q.seeds, false) : null, q.low ? t.lowOnly : null];
  return parts.filter(Boolean).join(' · ') || t.all;
}

/** One row per pack with old → new for each chosen currency. */
function groupByPack(lines: BulkLine[]) {
  const packs = new Map<number, { strain: string; sku: string; seeds: number; prices: Map<string, BulkLine> }>();
  for (const l of lines) {
    const p = packs.get(l.packId) ?? { strain: l.strain, sku: l.sku, seeds: l.seeds, prices: new Map() };
    p.prices.set(l.currency, l);
    packs.set(l.packId, p);
  }
  return [...packs.entries()];
}

export default function BackofficeStockPrices({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ percent: string; rounding: string; currencies: string[] }>({
    id: 'bulk-prices',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { rounding: 'x95' },
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state !== 'idle';
  const p = actionData?.preview;
  const chosen = p ? (p.currencies.length > 0 ? p.currencies : [...CURRENCIES]) : [];
  const sentCurrencies = (actionData?.result?.initialValue?.currencies ?? []) as string[] | string;
  const checked = new Set(Array.isArray(sentCurrencies) ? sentCurrencies : [sentCurrencies]);
  return (
    <>
      <Link to={d.filter ? `/beheer/voorraad?${d.filter}` : '/beheer/voorraad'} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.bulkTitle} intro={t.bulkIntro} />
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
      <Panel className="mb-4">
        <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
          <input type="hidden" name="intent" value="preview" />
          <FilterFields query={d.query} />
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{t.selection}:</span> {selectionText(d.query)}{' '}
            <Link to={d.filter ? `/beheer/voorraad?${d.filter}` : '/beheer/voorraad'} className="text-primary-800 underline underline-offset-2">
              {t.changeSelection}
            </Link>
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Field label={t.percent} meta={fields.percent} hint={t.percentHint}>
              <input {...getInputProps(fields.percent, { type: 'text' })} inputMode="decimal" autoComplete="off" className={`${fieldClass} max-w-40 tabular-nums`} />
            </Field>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t.rounding}</legend>
              <div className="mt-1 space-y-2">
                {roundings.map((r) => (
                  <label key={r} className="flex gap-2 text-sm text-slate-800">
                    <input {...getInputProps(fields.rounding, { type: 'radio', value: r })} id={`${fields.rounding.id}-${r}`} className="mt-0.5" />
                    <span>
                      <span className="font-medium">{t.roundings[r]}</span>
                      <span className="block text-xs text-slate-600">{t.roundingHints[r]}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t.currencies}</legend>
            <p className="text-xs text-slate-600">{t.currenciesHint}</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {CURRENCIES.map((c) => (
                <label key={c} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                  <input type="checkbox" name="currencies" value={c} defaultChecked={checked.has(c)} className="h-4 w-4 rounded border-slate-300" />
                  {c}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.preview}
          </button>
        </Form>
      </Panel>
      {p ? (
        <Panel title={`${t.previewTitle(p.packs, p.lines.length)} · ${formatPercent(p.percentBp)} · ${t.roundings[p.rounding]}`}>
          <Form method="post" data-testid="bulk-preview">
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="key" value={p.key} />
            <input type="hidden" name="fingerprint" value={p.fingerprint} />
            <input type="hidden" name="percent" value={String(p.percentBp / 100).replace('.', ',')} />
            <input type="hidden" name="rounding" value={p.rounding} />
            {p.currencies.map((c) => (
              <input key={c} type="hidden" name="currencies" value={c} />
            ))}
            <FilterFields query={d.query} />
            <div className={`${table.wrap} max-h-[60vh]`} {...scrollArea(t.previewTitle(p.packs, p.lines.length))}>
              <table className={table.table}>
                <thead className="sticky top-0">
                  <tr>
                    <th className={table.th}>{t.strain}</th>
                    <th className={table.th}>{t.pack}</th>
                    {chosen.map((c) => (
                      <th key={c} className={`${table.th} text-right`}>
                        {c} <span className="font-normal normal-case">({t.old} → {t.new})</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {groupByPack(p.lines).map(([id, row]) => (
                    <tr key={id} data-testid={`preview-${row.sku}`}>
                      <td className={`${table.td} max-w-56`}>
                        <p className="truncate font-medium text-slate-900">{row.strain}</p>
                        <p className="truncate font-mono text-xs text-slate-500">{row.sku}</p>
                      </td>
                      <td className={`${table.td} whitespace-nowrap`}>{t.packSize(row.seeds, false)}</td>
                      {chosen.map((c) => {
                        const l = row.prices.get(c);
                        return (
                          <td key={c} className={`${table.td} text-right whitespace-nowrap tabular-nums`}>
                            {l ? (
                              <>
                                <span className="text-slate-500 line-through decoration-slate-400">{formatMoney(l.from, c)}</span> <span aria-hidden>→</span>{' '}
                                <span className="font-semibold text-slate-900">{formatMoney(l.to, c)}</span>
                              </>
                            ) : (
                              '—'
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
              <p className="max-w-2xl text-xs text-slate-600">
                <Badge tone="blue">{formatPercent(p.percentBp)}</Badge> {t.applyIntro}
              </p>
              <button type="submit" className={smallButton.primary} disabled={busy}>
                {t.apply}
              </button>
            </div>
          </Form>
        </Panel>
      ) : null}
    </>
  );
}
