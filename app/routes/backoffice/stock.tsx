// Stock and prices (ADR 034): every pack of every strain, filtered, low stock flagged; each row links to its pack.
import { AlertTriangle, Download, Percent, Search, Upload } from 'lucide-react';
import { Form, Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CURRENCIES } from '~/modules/catalog/pack-pricing.ts';
import { FILTER_PARAMS, isLow, priceInput, readStockQuery, STOCK_PAGE_SIZE, stockQueryParams } from '~/modules/catalog/stock.ts';
import { listStock } from '~/modules/catalog/stock.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock.ts';

const t = backoffice.stock;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const { page, ...query } = readStockQuery(new URL(request.url).searchParams);
  const list = await listStock(context.db, query, page);
  return { ...list, query, page, pageCount: Math.max(1, Math.ceil(list.total / STOCK_PAGE_SIZE)), filter: stockQueryParams(query).toString() };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function Choice({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        <option value="">{t.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function BackofficeStock({ loaderData: d }: Route.ComponentProps) {
  const q = d.query;
  const withFilter = (path: string) => (d.filter ? `${path}?${d.filter}` : path);
  const lowHref = `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(d.filter)), [FILTER_PARAMS.low]: '1' })}`;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <div className="flex flex-wrap gap-2">
          <Link to={withFilter('/beheer/voorraad/prijzen')} className={smallButton.secondary}>
            <Percent className="h-4 w-4" aria-hidden /> {t.bulk}
          </Link>
          <Link to="/beheer/voorraad/import" className={smallButton.secondary}>
            <Upload className="h-4 w-4" aria-hidden /> {t.import}
          </Link>
          {/* A plain download: no prefetch, so only a click records the export. */}
          <a href="/beheer/voorraad/export" download className={smallButton.secondary}>
            <Download className="h-4 w-4" aria-hidden /> {t.export}
          </a>
        </div>
      </PageHeader>
      {d.lowTotal > 0 && !q.low ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
          <Link to={lowHref} className="font-semibold underline underline-offset-2" data-testid="low-total">
            {t.lowCount(d.lowTotal)}
          </Link>
        </p>
      ) : null}
      <Panel className="mb-4">
        <Form method="get" className="grid grid-cols-2 items-end gap-3 p-4 md:grid-cols-4 xl:grid-cols-6">
          <label className="col-span-2 block text-xs font-medium text-slate-700">
            {t.search}
            <span className="relative block">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <input type="search" name={FILTER_PARAMS.q} defaultValue={q.q ?? ''} placeholder={t.searchPlaceholder} className={`${fieldClass} pl-8`} />
            </span>
          </label>
          <Choice
            name={FILTER_PARAMS.flowering}
            label={t.flowering}
            value={q.flowering ?? ''}
            options={(['photoperiod', 'autoflower'] as const).map((v) => ({ value: v, label: t.identity[v] }))}
          />
          <Choice name={FILTER_PARAMS.sex} label={t.sex} value={q.sex ?? ''} options={(['feminized', 'regular'] as const).map((v) => ({ value: v, label: t.identity[v] }))} />
          <Choice name={FILTER_PARAMS.seeds} label={t.seeds} value={q.seeds ? String(q.seeds) : ''} options={[1, 3, 5, 10].map((n) => ({ value: String(n), label: t.packSize(n, false) }))} />
          <label className="flex items-center gap-2 self-center pt-4 text-sm text-slate-800">
            <input type="checkbox" name={FILTER_PARAMS.low} value="1" defaultChecked={!!q.low} className="h-4 w-4 rounded border-slate-300" />
            {t.lowOnly}
          </label>
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <FilterButtons apply={t.filter} reset={t.reset} resetTo="/beheer/voorraad" />
          </div>
        </Form>
      </Panel>
      <Panel>
        <ListBar count={t.count(d.total)} countTestId="stock-count" page={d.page} pageCount={d.pageCount} />
        {/* Phones: one card per pack; wider screens: the table with every currency. */}
        <ul className="divide-y divide-slate-100 md:hidden">
          {d.rows.map((r) => {
            const low = isLow(r.stock, r.threshold);
            return (
              <li key={r.packId} className={`flex items-center justify-between gap-3 px-4 py-3 ${low ? 'bg-amber-50/60' : ''}`}>
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{r.strain}</p>
                  <p className="text-xs text-slate-600">
                    {t.packSize(r.seeds, r.isFree)} · {r.prices.EUR !== undefined ? formatMoney(r.prices.EUR, 'EUR') : '—'}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <span className="text-right text-sm tabular-nums">
                    <span className="block font-semibold text-slate-900">{r.stock}</span>
                    {low ? <Badge tone={r.stock <= 0 ? 'red' : 'amber'}>{r.stock <= 0 ? t.soldOut : t.low}</Badge> : null}
                  </span>
                  <Link to={`/beheer/voorraad/${r.packId}`} className={smallButton.quiet} aria-label={t.editLabel(r.strain, t.packSize(r.seeds, r.isFree))}>
                    {t.edit}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
        <div className={`${table.wrap} hidden md:block`} {...scrollArea(t.title)}>
          <table className={table.table} data-testid="stock-table">
            <thead>
              <tr>
                <th className={table.th}>{t.strain}</th>
                <th className={table.th}>{t.pack}</th>
                <th className={`${table.th} text-right`}>{t.stock}</th>
                <th className={`${table.th} text-right`}>{t.thresholdShort}</th>
                {CURRENCIES.map((c) => (
                  <th key={c} className={`${table.th.replace('px-3', 'px-2')} text-right`}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((r) => {
                const low = isLow(r.stock, r.threshold);
                return (
                  <tr key={r.packId} className={low ? 'bg-amber-50/60' : 'hover:bg-slate-50'} data-testid={`stock-row-${r.sku}`} data-low={low ? 'true' : undefined}>
                    <td className={`${table.td} max-w-56`}>
                      {/* The strain is the way to the pack's page, so it stays in view however wide the prices get. */}
                      <Link
                        to={`/beheer/voorraad/${r.packId}`}
                        className="block truncate font-medium text-primary-800 underline-offset-2 hover:underline"
                        aria-label={t.editLabel(r.strain, t.packSize(r.seeds, r.isFree))}
                      >
                        {r.strain}
                      </Link>
                      <p className="truncate font-mono text-xs text-slate-500">{r.sku}</p>
                    </td>
                    <td className={`${table.td} whitespace-nowrap`}>{t.packSize(r.seeds, r.isFree)}</td>
                    <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>
                      <span className="inline-flex items-center gap-2">
                        {low ? <Badge tone={r.stock <= 0 ? 'red' : 'amber'}>{r.stock <= 0 ? t.soldOut : t.low}</Badge> : null}
                        <span className="font-semibold">{r.stock}</span>
                      </span>
                    </td>
                    <td className={`${table.td} text-right text-slate-600 tabular-nums`}>{r.threshold}</td>
                    {/* The column names the currency; the cells stay narrow enough for all seven. */}
                    {CURRENCIES.map((c) => (
                      <td key={c} className={`${table.td.replace('px-3', 'px-2')} text-right whitespace-nowrap tabular-nums`}>
                        {r.prices[c] !== undefined ? priceInput(r.prices[c]) : '—'}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {d.rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{t.empty}</p> : null}
        <Pager page={d.page} pageCount={d.pageCount} href={(n) => `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(d.filter)), [FILTER_PARAMS.page]: String(n) })}`} />
      </Panel>
    </>
  );
}
