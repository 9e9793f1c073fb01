import { AlertTriangle, Clock, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { DashboardCharts } from '~/routes/backoffice/dashboard-charts.tsx';
import { orderNumberColumn, orderPlacedColumn, orderStateColumns, orderTotalColumn } from '~/components/backoffice/order-columns.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { dashboard } from '~/flows/dashboard.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader, Panel } from '~/modules/staff/components/backoffice-shell.tsx';
import { navFor } from '~/modules/staff/navigation.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { CurrencyTotal, ReceivedTotal, RecentOrder } from '~/flows/dashboard.server.ts';
import type { Route } from './+types/dashboard.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'dashboard.view');
  // Only the parts the role may see are read; a role with none of them gets the way to its own pages.
  return { ...(await dashboard(context.db, staff.role)), links: navFor(staff.role).filter((item) => item.key !== 'dashboard') };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.dashboard.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type MoneyRow = { currency: string; receivedToday?: ReceivedTotal; receivedWeek?: ReceivedTotal; placedToday?: CurrencyTotal; placedWeek?: CurrencyTotal };

/** One row per currency seen this week, in received or placed money; currencies are never added together. */
function moneyRows(o: { today: CurrencyTotal[]; week: CurrencyTotal[]; receivedToday: ReceivedTotal[]; receivedWeek: ReceivedTotal[] }): MoneyRow[] {
  const currencies = [...new Set([...o.receivedWeek, ...o.week, ...o.receivedToday, ...o.today].map((r) => r.currency))].sort();
  const find = <T extends { currency: string }>(rows: T[], c: string) => rows.find((r) => r.currency === c);
  return currencies.map((c) => ({ currency: c, receivedToday: find(o.receivedToday, c), receivedWeek: find(o.receivedWeek, c), placedToday: find(o.today, c), placedWeek: find(o.week, c) }));
}

const figure = 'text-lg font-semibold text-slate-900 tabular-nums';

function Received({ row, currency }: { row?: ReceivedTotal; currency: string }) {
  return (
    <span className="inline-flex flex-col items-end">
      <span className={figure}>{formatMoney(row?.netMinor ?? 0, currency)}</span>
      {row?.refundedMinor ? <span className="text-xs text-slate-600">{t.money.afterRefunds(formatMoney(row.refundedMinor, currency))}</span> : null}
    </span>
  );
}

function Placed({ row, currency }: { row?: CurrencyTotal; currency: string }) {
  return (
    <span className="inline-flex flex-col items-end">
      <span className={figure}>{formatMoney(row?.totalMinor ?? 0, currency)}</span>
      <span className="text-xs text-slate-600">{t.dashboard.orders(row?.orders ?? 0)}</span>
    </span>
  );
}

const moneyColumns: Column<MoneyRow>[] = [
  { label: t.money.currency, className: 'font-semibold text-slate-900', cell: (r) => r.currency },
  { label: t.money.receivedToday, align: 'right', cell: (r) => <Received row={r.receivedToday} currency={r.currency} /> },
  { label: t.money.receivedWeek, align: 'right', cell: (r) => <Received row={r.receivedWeek} currency={r.currency} /> },
  { label: t.money.placedToday, align: 'right', cell: (r) => <Placed row={r.placedToday} currency={r.currency} /> },
  { label: t.money.placedWeek, align: 'right', cell: (r) => <Placed row={r.placedWeek} currency={r.currency} /> },
];

const counterClass = 'flex items-center gap-4 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200';

/** A count of work waiting; a link to where it is done when the role may go there. */
function Counter({ label, value, icon: Icon, tone, to }: { label: string; value: number; icon: typeof Clock; tone: string; to?: string }) {
  const body = (
    <>
      <span className={`grid h-10 w-10 place-items-center rounded-lg ${tone}`}>
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid={`count-${label}`}>
          {value}
        </p>
      </div>
    </>
  );
  return to ? (
    <Link to={to} className={`${counterClass} hover:ring-slate-400`}>
      {body}
    </Link>
  ) : (
    <div className={counterClass}>{body}</div>
  );
}

export default function BackofficeDashboard({ loaderData: d }: Route.ComponentProps) {
  const orders = d.orders;
  return (
    <>
      <PageHeader title={t.dashboard.title} intro={orders ? t.dashboard.intro : t.dashboard.introOwnArea} />
      {orders || d.needsReview !== null ? (
        <div className="grid gap-4 sm:grid-cols-3">
          {orders ? (
            <>
              <Counter label={t.dashboard.awaitingPayment} value={orders.awaitingPayment} icon={Clock} tone="bg-amber-50 text-amber-700" />
              <Counter label={t.dashboard.toShip} value={orders.toShip} icon={Truck} tone="bg-blue-50 text-blue-700" />
            </>
          ) : null}
          {d.needsReview !== null ? <Counter label={t.dashboard.needsReview} value={d.needsReview} icon={AlertTriangle} tone="bg-red-50 text-red-700" to="/beheer/betalingen-controle" /> : null}
        </div>
      ) : null}
      {orders ? (
        <>
          <DataList
            title={t.money.title}
            label={t.money.title}
            testId="dashboard-money"
            className="mt-4"
            rows={moneyRows(orders)}
            rowKey={(r) => r.currency}
            columns={moneyColumns}
            empty={t.money.empty}
            footer={<p className="px-4 py-3 text-xs text-slate-600">{t.money.explain}</p>}
          />
          {d.charts ? <DashboardCharts data={d.charts} /> : null}
          <RecentOrders rows={orders.recent} />
        </>
      ) : (
        <Panel title={t.dashboard.yourPages}>
          <ul className="divide-y divide-slate-100" data-testid="dashboard-links">
            {d.links.map((item) => (
              <li key={item.key}>
                <Link to={item.to} className="block px-4 py-3 text-sm font-medium text-primary-800 hover:bg-slate-50 hover:underline">
                  {t.nav[item.key]}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>
      )}
    </>
  );
}

const recentColumns: Column<RecentOrder>[] = [
  orderNumberColumn(t.dashboard.number),
  { label: t.dashboard.email, className: 'max-w-56 truncate', cell: (o) => o.email },
  orderTotalColumn(t.dashboard.total),
  ...orderStateColumns<RecentOrder>(t.dashboard.payment, t.dashboard.state),
  orderPlacedColumn(t.dashboard.placed),
];

function RecentOrders({ rows }: { rows: RecentOrder[] }) {
  return <DataList title={t.dashboard.recent} label={t.dashboard.recent} testId="dashboard-recent" className="mt-6" rows={rows} rowKey={(o) => o.number} columns={recentColumns} empty={t.dashboard.noOrders} />;
}
