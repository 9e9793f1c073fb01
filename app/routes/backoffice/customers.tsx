import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CUSTOMER_PAGE_SIZE } from '~/modules/accounts/customers.ts';
import { searchCustomers } from '~/modules/accounts/customers.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/customers.ts';

const t = backoffice.customers;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'customers.manage');
  const q = new URL(request.url).searchParams;
  const query = (q.get('zoek') ?? '').slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(q.get('pagina')) || 1)));
  const { rows, total } = await searchCustomers(context.db, query, page);
  // After a deletion on request the page says how many orders were kept (anonymised).
  const deleted = q.get('verwijderd');
  const ordersKept = deleted !== null && /^\d{1,6}$/.test(deleted) ? Number(deleted) : null;
  return { query, page, rows, total, pageCount: Math.max(1, Math.ceil(total / CUSTOMER_PAGE_SIZE)), ordersKept };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeCustomers({ loaderData: d }: Route.ComponentProps) {
  const href = (page: number) => `?${new URLSearchParams({ ...(d.query ? { zoek: d.query } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      {d.ordersKept !== null ? <Alert tone="success">{backoffice.customer.remove.done(d.ordersKept)}</Alert> : null}
      <Panel className="mb-4">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3 p-4">
          <label className="block min-w-0 flex-1 basis-64 text-xs font-medium text-slate-700">
            {t.search}
            <span className="relative block">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <input type="search" name="zoek" defaultValue={d.query} placeholder={t.searchPlaceholder} maxLength={100} className={`${fieldClass} pl-8`} />
            </span>
          </label>
          <div className="flex gap-2">
            <FilterButtons apply={t.submit} reset={t.reset} resetTo="/beheer/klanten" />
          </div>
        </Form>
      </Panel>
      <Panel>
        <ListBar count={t.count(d.total)} countTestId="customers-count" page={d.page} pageCount={d.pageCount} />
        {d.rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <div className={table.wrap} {...scrollArea(t.title)}>
            <table className={table.table} data-testid="customers-table">
              <thead>
                <tr>
                  <th className={table.th}>{t.name}</th>
                  <th className={table.th}>{t.since}</th>
                  <th className={`${table.th} text-right`}>{t.orders}</th>
                  <th className={table.th}>{t.status}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.rows.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <td className={`${table.td} max-w-72`}>
                      <Link to={`/beheer/klanten/${c.id}`} className="block truncate font-medium text-primary-800 underline-offset-2 hover:underline">
                        {c.name}
                      </Link>
                      <p className="truncate text-xs text-slate-500">{c.email}</p>
                    </td>
                    <td className={`${table.td} whitespace-nowrap text-slate-600`}>{longDate(c.createdAt)}</td>
                    <td className={`${table.td} text-right tabular-nums`}>{c.orders}</td>
                    <td className={table.td}>
                      {c.blockedAt ? <Badge tone="red">{t.blocked}</Badge> : c.emailVerifiedAt ? <Badge tone="green">{t.active}</Badge> : <Badge tone="slate">{t.unverified}</Badge>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={d.page} pageCount={d.pageCount} href={href} />
      </Panel>
    </>
  );
}
