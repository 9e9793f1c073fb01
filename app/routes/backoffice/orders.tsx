import { Link, useSearchParams } from 'react-router';
import { type Column, DataList, DateFilter, FilterSelect, ListFilters, SearchField, useListHref } from '~/components/backoffice/data-list.tsx';
import { orderNumberColumn, orderPlacedColumn, orderStateColumns, orderTotalColumn } from '~/components/backoffice/order-columns.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { ORDER_PAGE_SIZE, orderSorts, orderStatuses, paymentMethods, paymentStates, readOrderQuery } from '~/modules/orders/order-query.ts';
import { listOrders } from '~/modules/orders/order-admin.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/orders.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'orders.view');
  const { ignored, ...query } = readOrderQuery(new URL(request.url).searchParams);
  const list = await listOrders(context.db, query);
  return { ...list, page: query.page, pageCount: Math.max(1, Math.ceil(list.total / ORDER_PAGE_SIZE)), ignored: ignored.length > 0 };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.orders.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const columns: Column<Route.ComponentProps['loaderData']['rows'][number]>[] = [
  orderNumberColumn(t.orders.number),
  orderPlacedColumn(t.orders.placed),
  {
    label: t.orders.customer,
    className: 'max-w-60',
    cell: (o) => (
      <span className="block min-w-0">
        <span className="block truncate font-medium text-slate-900">{o.name}</span>
        <span className="block truncate text-xs text-slate-500">{o.email}</span>
      </span>
    ),
  },
  { label: t.orders.region, className: 'whitespace-nowrap', cell: (o) => o.regionCode },
  ...orderStateColumns<Route.ComponentProps['loaderData']['rows'][number]>(t.orders.payment, t.orders.status),
  orderTotalColumn(t.orders.total),
];

function StateChip({ label, count, active, to }: { label: string; count: number; active: boolean; to: string }) {
  return (
    <Link
      to={to}
      aria-current={active ? 'true' : undefined}
      className={`inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ${active ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
    >
      {label} <span className="font-semibold tabular-nums">{count}</span>
    </Link>
  );
}

export default function BackofficeOrders({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const withParam = useListHref();
  const current = (name: string) => params.get(name) ?? '';
  const chip = (name: string, value: string) => ({ active: current(name) === value, to: withParam(name, current(name) === value ? null : value) });
  return (
    <>
      <PageHeader title={t.orders.title} intro={t.orders.intro} />
      {/* Counts per state for the current search: each chip filters on its state (or clears it). */}
      <div className="mb-4 flex flex-wrap gap-2" data-testid="state-counts">
        {paymentStates.map((p) => (
          <StateChip key={p} label={t.paymentState[p]} count={d.paymentCounts[p]} {...chip('betaling', p)} />
        ))}
        <span className="mx-1 hidden w-px bg-slate-300 sm:block" aria-hidden />
        {orderStatuses.map((st) => (
          <StateChip key={st} label={t.orderStatus[st]} count={d.statusCounts[st]} {...chip('status', st)} />
        ))}
      </div>
      <ListFilters grid="grid grid-cols-2 md:grid-cols-4 xl:grid-cols-8" apply={t.orders.filter} reset={t.orders.reset} resetTo="/beheer/bestellingen" notice={d.ignored ? t.orders.ignored : null}>
        <SearchField label={t.orders.search} value={current('zoek')} placeholder={t.orders.searchPlaceholder} />
        <FilterSelect name="betaling" label={t.orders.payment} value={current('betaling')} options={paymentStates.map((p) => ({ value: p, label: t.paymentState[p] }))} />
        <FilterSelect name="status" label={t.orders.status} value={current('status')} options={orderStatuses.map((p) => ({ value: p, label: t.orderStatus[p] }))} />
        <FilterSelect name="methode" label={t.orders.method} value={current('methode')} options={paymentMethods.map((p) => ({ value: p, label: t.paymentMethod[p] }))} />
        <FilterSelect name="regio" label={t.orders.region} value={current('regio')} options={d.regions.map((r) => ({ value: r, label: r }))} />
        <DateFilter name="van" label={t.orders.from} value={current('van')} />
        <DateFilter name="tot" label={t.orders.to} value={current('tot')} />
        <FilterSelect name="sortering" label={t.orders.sort} value={current('sortering') || 'nieuw'} all={null} options={orderSorts.map((o) => ({ value: o, label: t.orders.sorts[o] }))} />
      </ListFilters>
      <DataList
        label={t.orders.title}
        testId="orders-table"
        rows={d.rows}
        rowKey={(o) => o.number}
        columns={columns}
        empty={t.orders.empty}
        keepTable
        count={t.orders.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
      />
    </>
  );
}
