// Stock and prices (ADR 034): every pack of every strain, filtered, low stock flagged; each row links to its pack.
import { AlertTriangle, Download, Percent, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataList, FilterSelect, ListFilters, SearchField } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CURRENCIES } from '~/modules/catalog/pack-pricing.ts';
import { FILTER_PARAMS, isLow, priceInput, readStockQuery, STOCK_PAGE_SIZE, stockQueryParams } from '~/modules/catalog/stock.ts';
import { listStock } from '~/modules/catalog/stock.server.ts';
import { restock } from '~/i18n/nl/restock.ts';
import { waitingByPack } from '~/modules/restock/restock.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock.ts';
import { pageCount } from '~/lib/list-page.ts';

const t = backoffice.stock;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const { page, ...query } = readStockQuery(new URL(request.url).searchParams);
  const list = await listStock(context.db, query, page);
  const waiting = await waitingByPack(
    context.db,
    list.rows.map((r) => r.packId),
  );
  const rows = list.rows.map((r) => ({ ...r, waiting: waiting.get(r.packId) ?? 0 }));
  return { ...list, rows, query, page, pageCount: pageCount(list.total, STOCK_PAGE_SIZE), filter: stockQueryParams(query).toString() };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Row = Route.ComponentProps['loaderData']['rows'][number];

const lowBadge = (r: Row) => (isLow(r.stock, r.threshold) ? <Badge tone={r.stock <= 0 ? 'red' : 'amber'}>{r.stock <= 0 ? t.soldOut : t.low}</Badge> : null);

const columns: Column<Row>[] = [
  {
    label: t.strain,
    className: 'max-w-56',
    cell: (r) => (
      // The strain is the way to the pack's page, so it stays in view however wide the prices get.
      <span className="block min-w-0 text-left">
        <Link to={`/beheer/voorraad/${r.packId}`} className="block truncate font-medium text-primary-800 underline-offset-2 hover:underline" aria-label={t.editLabel(r.strain, t.packSize(r.seeds, r.isFree))}>
          {r.strain}
        </Link>
        <span className="block truncate font-mono text-xs text-slate-500">{r.sku}</span>
      </span>
    ),
  },
  { label: t.pack, className: 'whitespace-nowrap', cell: (r) => t.packSize(r.seeds, r.isFree) },
  {
    label: t.stock,
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (r) => (
      <span className="inline-flex items-center gap-2">
        {r.waiting > 0 ? (
          <span title={restock.waitingTitle} data-testid="restock-waiting">
            <Badge tone="blue">{restock.waiting(r.waiting)}</Badge>
          </span>
        ) : null}
        {lowBadge(r)}
        <span className="font-semibold">{r.stock}</span>
      </span>
    ),
  },
  { label: t.thresholdShort, align: 'right', className: 'text-slate-600 tabular-nums', cell: (r) => r.threshold },
  // The column names the currency; the cells stay narrow enough for all seven.
  ...CURRENCIES.map((c): Column<Row> => ({ label: c, align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (r) => (r.prices[c] !== undefined ? priceInput(r.prices[c]) : '—') })),
];

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
      <ListFilters grid="grid grid-cols-2 md:grid-cols-4 xl:grid-cols-6" apply={t.filter} reset={t.reset} resetTo="/beheer/voorraad">
        <SearchField label={t.search} value={q.q ?? ''} placeholder={t.searchPlaceholder} />
        <FilterSelect name={FILTER_PARAMS.flowering} label={t.flowering} all={t.all} value={q.flowering ?? ''} options={(['photoperiod', 'autoflower'] as const).map((v) => ({ value: v, label: t.identity[v] }))} />
        <FilterSelect name={FILTER_PARAMS.sex} label={t.sex} all={t.all} value={q.sex ?? ''} options={(['feminized', 'regular'] as const).map((v) => ({ value: v, label: t.identity[v] }))} />
        <FilterSelect name={FILTER_PARAMS.seeds} label={t.seeds} all={t.all} value={q.seeds ? String(q.seeds) : ''} options={[1, 3, 5, 10].map((n) => ({ value: String(n), label: t.packSize(n, false) }))} />
        <label className="flex items-center gap-2 self-center pt-4 text-sm text-slate-800">
          <input type="checkbox" name={FILTER_PARAMS.low} value="1" defaultChecked={!!q.low} className="h-4 w-4 rounded border-slate-300" />
          {t.lowOnly}
        </label>
      </ListFilters>
      <DataList
        label={t.title}
        testId="stock-table"
        rows={d.rows}
        rowKey={(r) => r.packId}
        rowProps={(r) => {
          const low = isLow(r.stock, r.threshold);
          return { className: low ? 'bg-amber-50/60' : undefined, 'data-testid': `stock-row-${r.sku}`, 'data-low': low ? 'true' : undefined };
        }}
        columns={columns}
        empty={t.empty}
        count={t.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
        pageHref={(n) => `?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(d.filter)), [FILTER_PARAMS.page]: String(n) })}`}
      />
    </>
  );
}
