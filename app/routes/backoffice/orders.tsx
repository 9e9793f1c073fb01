import { Search } from 'lucide-react';
import { Form, Link, useSearchParams } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { ORDER_PAGE_SIZE, orderSorts, orderStatuses, paymentMethods, paymentStates, readOrderQuery } from '~/modules/orders/order-query.ts';
import { listOrders } from '~/modules/orders/order-admin.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { fieldClass, PageHeader, Panel, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStateCells } from '~/modules/staff/components/order-badges.tsx';
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

function Choice({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        <option value="">{t.orders.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function BackofficeOrders({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(name);
    else next.set(name, value);
    if (name !== 'pagina') next.delete('pagina');
    return `?${next}`;
  };
  const current = (name: string) => params.get(name) ?? '';
  return (
    <>
      <PageHeader title={t.orders.title} intro={t.orders.intro} />
      {/* Counts per state for the current search: each chip filters on its state (or clears it). */}
      <div className="mb-4 flex flex-wrap gap-2" data-testid="state-counts">
        {paymentStates.map((p) => (
          <Link
            key={p}
            to={withParam('betaling', current('betaling') === p ? null : p)}
            aria-current={current('betaling') === p ? 'true' : undefined}
            className={`inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ${current('betaling') === p ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
          >
            {t.paymentState[p]} <span className="font-semibold tabular-nums">{d.paymentCounts[p]}</span>
          </Link>
        ))}
        <span className="mx-1 hidden w-px bg-slate-300 sm:block" aria-hidden />
        {orderStatuses.map((st) => (
          <Link
            key={st}
            to={withParam('status', current('status') === st ? null : st)}
            aria-current={current('status') === st ? 'true' : undefined}
            className={`inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ${current('status') === st ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
          >
            {t.orderStatus[st]} <span className="font-semibold tabular-nums">{d.statusCounts[st]}</span>
          </Link>
        ))}
      </div>
      <Panel className="mb-4">
        <Form method="get" className="grid grid-cols-2 items-end gap-3 p-4 md:grid-cols-4 xl:grid-cols-8">
          <label className="col-span-2 block text-xs font-medium text-slate-700">
            {t.orders.search}
            <span className="relative block">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <input type="search" name="zoek" defaultValue={current('zoek')} placeholder={t.orders.searchPlaceholder} className={`${fieldClass} pl-8`} />
            </span>
          </label>
          <Choice name="betaling" label={t.orders.payment} value={current('betaling')} options={paymentStates.map((p) => ({ value: p, label: t.paymentState[p] }))} />
          <Choice name="status" label={t.orders.status} value={current('status')} options={orderStatuses.map((p) => ({ value: p, label: t.orderStatus[p] }))} />
          <Choice name="methode" label={t.orders.method} value={current('methode')} options={paymentMethods.map((p) => ({ value: p, label: t.paymentMethod[p] }))} />
          <Choice name="regio" label={t.orders.region} value={current('regio')} options={d.regions.map((r) => ({ value: r, label: r }))} />
          <label className="block text-xs font-medium text-slate-700">
            {t.orders.from}
            <input type="date" name="van" defaultValue={current('van')} className={fieldClass} />
          </label>
          <label className="block text-xs font-medium text-slate-700">
            {t.orders.to}
            <input type="date" name="tot" defaultValue={current('tot')} className={fieldClass} />
          </label>
          <label className="block text-xs font-medium text-slate-700">
            {t.orders.sort}
            <select name="sortering" defaultValue={current('sortering') || 'nieuw'} className={fieldClass}>
              {orderSorts.map((o) => (
                <option key={o} value={o}>
                  {t.orders.sorts[o]}
                </option>
              ))}
            </select>
          </label>
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <FilterButtons apply={t.orders.filter} reset={t.orders.reset} resetTo="/beheer/bestellingen" />
          </div>
        </Form>
        {d.ignored ? <p className="px-4 pb-3 text-sm font-medium text-red-700">{t.orders.ignored}</p> : null}
      </Panel>
      <Panel>
        <ListBar count={t.orders.count(d.total)} countTestId="orders-count" page={d.page} pageCount={d.pageCount} />
        <div className={table.wrap} {...scrollArea(t.orders.title)}>
          <table className={table.table} data-testid="orders-table">
            <thead>
              <tr>
                <th className={table.th}>{t.orders.number}</th>
                <th className={table.th}>{t.orders.placed}</th>
                <th className={table.th}>{t.orders.customer}</th>
                <th className={table.th}>{t.orders.region}</th>
                <th className={table.th}>{t.orders.payment}</th>
                <th className={table.th}>{t.orders.status}</th>
                <th className={`${table.th} text-right`}>{t.orders.total}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((o) => (
                <tr key={o.number} className="hover:bg-slate-50">
                  <td className={`${table.td} whitespace-nowrap`}>
                    <Link to={`/beheer/bestellingen/${o.number}`} className="font-mono text-xs font-semibold text-primary-800 underline-offset-2 hover:underline">
                      {o.number}
                    </Link>
                  </td>
                  <td className={`${table.td} whitespace-nowrap text-slate-600`}>
                    {longDate(o.createdAt)} {clockTime(o.createdAt)}
                  </td>
                  <td className={`${table.td} max-w-60`}>
                    <p className="truncate font-medium text-slate-900">{o.name}</p>
                    <p className="truncate text-xs text-slate-500">{o.email}</p>
                  </td>
                  <td className={`${table.td} whitespace-nowrap`}>{o.regionCode}</td>
                  <OrderStateCells order={o} />
                  <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{formatMoney(o.totalMinor, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{t.orders.empty}</p> : null}
        </div>
        <Pager page={d.page} pageCount={d.pageCount} href={(n) => withParam('pagina', String(n))} />
      </Panel>
    </>
  );
}
