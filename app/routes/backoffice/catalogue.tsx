import { Plus, Search, Sprout } from 'lucide-react';
import { Form, Link } from 'react-router';
import { PRODUCT_STATUSES as productStatuses, STRAIN_TYPES as strainTypes } from '~/modules/catalog/strain-fields.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { catalogueAdmin as t } from '~/i18n/nl/backoffice-catalogue.ts';
import { catalog } from '~/i18n/nl/catalog.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { STRAIN_LIST_PAGE_SIZE, strainListQuery } from '~/modules/catalog/strain-admin.schemas.ts';
import { listStrains } from '~/modules/catalog/strain-admin.server.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/catalogue.ts';

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
    pageCount: Math.max(1, Math.ceil(total / STRAIN_LIST_PAGE_SIZE)),
  };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeCatalogue({ loaderData: d }: Route.ComponentProps) {
  const q = d.query;
  const href = (page: number) =>
    `?${new URLSearchParams({ ...(q.q ? { zoek: q.q } : {}), ...(q.status ? { status: q.status } : {}), ...(q.type ? { type: q.type } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <Link to="/beheer/catalogus/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.newStrain}
        </Link>
      </PageHeader>
      <Panel className="mb-4">
        <Form method="get" className="grid grid-cols-2 items-end gap-3 p-4 md:grid-cols-5">
          <label className="col-span-2 block text-xs font-medium text-slate-700">
            {t.search}
            <span className="relative block">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <input type="search" name="zoek" defaultValue={q.q} placeholder={t.searchPlaceholder} className={`${fieldClass} pl-8`} />
            </span>
          </label>
          <label className="block text-xs font-medium text-slate-700">
            {t.statusFilter}
            <select name="status" defaultValue={q.status ?? ''} className={fieldClass}>
              <option value="">{t.all}</option>
              {productStatuses.map((s) => (
                <option key={s} value={s}>
                  {t.statuses[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-xs font-medium text-slate-700">
            {t.typeFilter}
            <select name="type" defaultValue={q.type ?? ''} className={fieldClass}>
              <option value="">{t.all}</option>
              {strainTypes.map((s) => (
                <option key={s} value={s}>
                  {catalog.types[s]}
                </option>
              ))}
            </select>
          </label>
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <FilterButtons apply={t.apply} reset={t.reset} resetTo="/beheer/catalogus" />
          </div>
        </Form>
      </Panel>
      <Panel>
        <ListBar count={t.count(d.total)} countTestId="strains-count" page={q.page} pageCount={d.pageCount} />
        <div className={table.wrap} {...scrollArea(t.tableLabel)}>
          <table className={table.table} data-testid="strains-table">
            <thead>
              <tr>
                <th className={table.th}>{t.columns.name}</th>
                <th className={`${table.th} hidden md:table-cell`}>{t.columns.type}</th>
                <th className={`${table.th} hidden lg:table-cell`}>{t.columns.identity}</th>
                <th className={table.th}>{t.columns.status}</th>
                <th className={`${table.th} hidden text-right sm:table-cell`}>
                  <span className="sr-only">{t.columns.edit}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((p) => (
                <tr key={p.id} className="hover:bg-slate-50" data-testid="strain-row">
                  <td className={table.td}>
                    <div className="flex items-center gap-3">
                      {/* A draft has no image in the shop's image route (it is not in the shop). */}
                      {p.status === 'published' ? (
                        <StrainImage slug={p.slug} image={p.image} alt="" sizes="40px" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg" />
                      ) : (
                        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-700 ring-1 ring-amber-200">
                          <Sprout className="h-5 w-5" aria-hidden />
                        </span>
                      )}
                      <div className="min-w-0">
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
                  </td>
                  <td className={`${table.td} hidden whitespace-nowrap md:table-cell`}>{catalog.types[p.type]}</td>
                  <td className={`${table.td} hidden whitespace-nowrap text-slate-600 lg:table-cell`}>
                    {t.flowering[p.flowering]} · {t.sex[p.sex]}
                  </td>
                  <td className={table.td}>
                    <Badge tone={p.status === 'published' ? 'green' : 'amber'}>{t.statuses[p.status]}</Badge>
                  </td>
                  <td className={`${table.td} hidden text-right sm:table-cell`}>
                    <Link to={`/beheer/catalogus/${p.id}`} className={smallButton.quiet} aria-label={`${t.edit}: ${p.name}`}>
                      {t.edit}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{t.empty}</p> : null}
        </div>
        <Pager page={q.page} pageCount={d.pageCount} href={href} />
      </Panel>
    </>
  );
}
