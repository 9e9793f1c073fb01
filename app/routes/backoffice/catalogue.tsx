import { Plus, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataList, FilterSelect, ListFilters, SearchField } from '~/components/backoffice/data-list.tsx';
import { PRODUCT_STATUSES as productStatuses, STRAIN_TYPES as strainTypes } from '~/modules/catalog/strain-fields.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { catalog } from '~/i18n/nl/catalog.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { STRAIN_LIST_PAGE_SIZE, strainListQuery } from '~/modules/catalog/strain-admin.schemas.ts';
import { listStrains } from '~/modules/catalog/strain-admin.server.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/catalogue.ts';
import { pageCount } from '~/lib/list-page.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const params = new URL(request.url).searchParams;
  const query = strainListQuery.parse({
    q: params.get('zoek') ?? '',
    status: params.get('status') || undefined,
    type: params.get('type') || undefined,
    page: params.get('pagina') ?? 1,
  });
  const { rows, total } = await listStrains(context.db, query);
  return {
    query,
    rows,
    total,
    pageCount: pageCount(total, STRAIN_LIST_PAGE_SIZE),
  };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: Column<Row>[] = [
  {
    label: t.columns.name,
    cell: (p) => (
      <div className="flex items-center gap-3">
        {/* A draft has no image in the shop's image route (it is not in the shop). */}
        {p.status === 'published' ? (
          <StrainImage slug={p.slug} image={p.image} alt="" sizes="40px" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
        ) : (
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-700 ring-1 ring-amber-200">
            <Sprout className="h-5 w-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 text-left">
          <Link to={`/beheer/catalogus/${p.id}`} className="font-medium text-slate-900 underline-offset-2 hover:underline">
            {p.name}
          </Link>
          <p className="text-xs text-slate-500">
            {p.breeder}
            <span className="block font-mono break-all text-slate-500 sm:ml-1 sm:inline">
              <span className="hidden sm:inline" aria-hidden>
                ·{' '}
              </span>
              {p.slug}
            </span>
          </p>
        </div>
      </div>
    ),
  },
  { label: t.columns.type, className: 'whitespace-nowrap', cell: (p) => catalog.types[p.type] },
  { label: t.columns.identity, className: 'whitespace-nowrap text-slate-600', cell: (p) => `${t.flowering[p.flowering]} · ${t.sex[p.sex]}` },
  { label: t.columns.status, cell: (p) => <Badge tone={p.status === 'published' ? 'green' : 'amber'}>{t.statuses[p.status]}</Badge> },
  {
    label: t.columns.edit,
    hideLabel: true,
    align: 'right',
    className: 'max-sm:hidden',
    cell: (p) => (
      <Link to={`/beheer/catalogus/${p.id}`} className={smallButton.quiet} aria-label={`${t.edit}: ${p.name}`}>
        {t.edit}
      </Link>
    ),
  },
];

export default function BackofficeCatalogue({ loaderData: d }: Route.ComponentProps) {
  const q = d.query;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <Link to="/beheer/catalogus/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.newStrain}
        </Link>
      </PageHeader>
      <ListFilters grid="grid grid-cols-2 md:grid-cols-5" apply={t.apply} reset={t.reset} resetTo="/beheer/catalogus">
        <SearchField label={t.search} value={q.q} placeholder={t.searchPlaceholder} />
        <FilterSelect name="status" label={t.statusFilter} all={t.all} value={q.status ?? ''} options={productStatuses.map((s) => ({ value: s, label: t.statuses[s] }))} />
        <FilterSelect name="type" label={t.typeFilter} all={t.all} value={q.type ?? ''} options={strainTypes.map((s) => ({ value: s, label: catalog.types[s] }))} />
      </ListFilters>
      <DataList
        label={t.tableLabel}
        testId="strains-table"
        rows={d.rows}
        rowTestId="strain-row"
        columns={columns}
        empty={t.empty}
        keepTable
        count={t.count(d.total)}
        page={q.page}
        pageCount={d.pageCount}
      />
    </>
  );
}
