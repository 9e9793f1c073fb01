import { Link } from 'react-router';
import { type Column, DataList, ListFilters, SearchField } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CUSTOMER_PAGE_SIZE } from '~/modules/accounts/customers.ts';
import { searchCustomers } from '~/modules/accounts/customers.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/customers.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const t = backoffice.customers;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'customers.manage');
  const q = new URL(request.url).searchParams;
  const query = (q.get('zoek') ?? '').slice(0, 100);
  const page = listPage(q);
  const { rows, total } = await searchCustomers(context.db, query, page);
  // After a deletion on request the page says how many orders were kept (anonymised).
  const deleted = q.get('verwijderd');
  const ordersKept = deleted !== null && /^\d{1,6}$/.test(deleted) ? Number(deleted) : null;
  return { query, page, rows, total, pageCount: pageCount(total, CUSTOMER_PAGE_SIZE), ordersKept };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const columns: Column<Route.ComponentProps['loaderData']['rows'][number]>[] = [
  {
    label: t.name,
    className: 'max-w-72',
    cell: (c) => (
      <span className="block min-w-0">
        <Link to={`/beheer/klanten/${c.id}`} className="block truncate font-medium text-primary-800 underline-offset-2 hover:underline">
          {c.name}
        </Link>
        <span className="block truncate text-xs text-slate-500">{c.email}</span>
      </span>
    ),
  },
  { label: t.since, className: 'whitespace-nowrap text-slate-600', cell: (c) => longDate(c.createdAt) },
  { label: t.orders, align: 'right', className: 'tabular-nums', cell: (c) => c.orders },
  { label: t.status, cell: (c) => (c.blockedAt ? <Badge tone="red">{t.blocked}</Badge> : c.emailVerifiedAt ? <Badge tone="green">{t.active}</Badge> : <Badge tone="slate">{t.unverified}</Badge>) },
];

export default function BackofficeCustomers({ loaderData: d }: Route.ComponentProps) {
  const href = (page: number) => `?${new URLSearchParams({ ...(d.query ? { zoek: d.query } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      {d.ordersKept !== null ? <Alert tone="success">{backoffice.customer.remove.done(d.ordersKept)}</Alert> : null}
      <ListFilters grid="flex flex-wrap" role="search" apply={t.submit} reset={t.reset} resetTo="/beheer/klanten">
        <SearchField label={t.search} value={d.query} placeholder={t.searchPlaceholder} maxLength={100} className="min-w-0 flex-1 basis-64" />
      </ListFilters>
      <DataList
        label={t.title}
        testId="customers-table"
        rows={d.rows}
        columns={columns}
        empty={t.empty}
        count={t.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
        pageHref={href}
      />
    </>
  );
}
