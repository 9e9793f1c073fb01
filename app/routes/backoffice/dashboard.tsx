import { AlertTriangle, Clock, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { dashboard } from '~/flows/dashboard.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader, Panel, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStateCells } from '~/modules/staff/components/order-badges.tsx';
import { navFor } from '~/modules/staff/navigation.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { CurrencyTotal, RecentOrder } from '~/flows/dashboard.server.ts';
import type { Route } from './+types/dashboard.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'dashboard.view');
  // Only the parts the role may see are read; a role with none of them gets the way to its own pages.
  return { ...(await dashboard(context.db, staff.role)), links: navFor(staff.role).filter((item) => item.key !== 'dashboard') };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.dashboard.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function Totals({ title, rows }: { title: string; rows: CurrencyTotal[] }) {
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className="px-4 py-5 text-sm text-slate-500">{t.dashboard.noOrders}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => (
            <li key={r.currency} className="flex items-baseline justify-between gap-4 px-4 py-3">
              <span className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{formatMoney(r.totalMinor, r.currency)}</span>
              <span className="text-sm text-slate-500">{t.dashboard.orders(r.orders)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

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
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <Totals title={t.dashboard.today} rows={orders.today} />
            <Totals title={t.dashboard.week} rows={orders.week} />
          </div>
          <p className="mt-2 text-xs text-slate-600">{t.dashboard.excludesCancelled}</p>
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

function RecentOrders({ rows }: { rows: RecentOrder[] }) {
  return (
    <Panel title={t.dashboard.recent} className="mt-6">
      <div className={table.wrap} {...scrollArea(t.dashboard.recent)}>
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{t.dashboard.number}</th>
              <th className={table.th}>{t.dashboard.email}</th>
              <th className={`${table.th} text-right`}>{t.dashboard.total}</th>
              <th className={table.th}>{t.dashboard.payment}</th>
              <th className={table.th}>{t.dashboard.state}</th>
              <th className={table.th}>{t.dashboard.placed}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((o) => (
              <tr key={o.number}>
                <td className={`${table.td} font-mono text-xs whitespace-nowrap`}>
                  <Link to={`/beheer/bestellingen/${o.number}`} className="font-semibold text-primary-800 underline-offset-2 hover:underline">
                    {o.number}
                  </Link>
                </td>
                <td className={`${table.td} max-w-56 truncate`}>{o.email}</td>
                <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{formatMoney(o.totalMinor, o.currency)}</td>
                <OrderStateCells order={o} />
                <td className={`${table.td} whitespace-nowrap text-slate-600`}>
                  {longDate(o.createdAt)} {clockTime(o.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p className="px-4 py-5 text-sm text-slate-500">{t.dashboard.noOrders}</p> : null}
      </div>
    </Panel>
  );
}
