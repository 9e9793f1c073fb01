import { Form, useSearchParams } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { startOfShopDay } from '~/lib/periods.ts';
import { AUDIT_PAGE_SIZE, auditVocabulary, listAudit } from '~/lib/audit.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { fieldClass, PageHeader, Panel, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { listStaff } from '~/modules/staff/staff.server.ts';
import type { Route } from './+types/audit.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
const nextDay = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'audit.view');
  const q = new URL(request.url).searchParams;
  // Filters come from a GET form: anything malformed is ignored (and said so), never an error page.
  const staffId = Number(q.get('medewerker'));
  const from = validDay(q.get('van'));
  const to = validDay(q.get('tot'));
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(q.get('pagina')) || 1)));
  const dateIgnored = (!!q.get('van') && !from) || (!!q.get('tot') && !to);
  const filter = {
    staffId: Number.isInteger(staffId) && staffId > 0 && staffId < 2 ** 31 ? staffId : undefined,
    entity: q.get('onderdeel')?.slice(0, 40) || undefined,
    action: q.get('actie')?.slice(0, 60) || undefined,
    entityId: q.get('id')?.slice(0, 60) || undefined,
    from: from ? startOfShopDay(from) : undefined,
    to: to ? startOfShopDay(nextDay(to)) : undefined,
  };
  const [{ rows, total }, vocabulary, staff] = await Promise.all([listAudit(context.db, filter, page), auditVocabulary(context.db), listStaff(context.db)]);
  return {
    rows: rows.map((r) => ({ ...r, before: r.before === null ? null : JSON.stringify(r.before), after: r.after === null ? null : JSON.stringify(r.after) })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    vocabulary,
    staff: staff.map((m) => ({ id: m.id, name: m.name })),
    dateIgnored,
  };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.audit.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function Select({ name, label, options, value }: { name: string; label: string; options: { value: string; label: string }[]; value: string }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        <option value="">{t.audit.all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function BackofficeAudit({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const pageHref = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('pagina', String(p));
    return `?${next}`;
  };
  return (
    <>
      <PageHeader title={t.audit.title} intro={t.audit.intro} />
      <Panel className="mb-4">
        <Form method="get" className="grid grid-cols-2 items-end gap-3 p-4 md:grid-cols-3 xl:grid-cols-6">
          <Select name="medewerker" label={t.audit.actor} value={params.get('medewerker') ?? ''} options={d.staff.map((m) => ({ value: String(m.id), label: m.name }))} />
          <Select name="onderdeel" label={t.audit.entity} value={params.get('onderdeel') ?? ''} options={d.vocabulary.entities.map((v) => ({ value: v, label: v }))} />
          <Select name="actie" label={t.audit.action} value={params.get('actie') ?? ''} options={d.vocabulary.actions.map((v) => ({ value: v, label: v }))} />
          <label className="block text-xs font-medium text-slate-700">
            {t.audit.from}
            <input type="date" name="van" defaultValue={params.get('van') ?? ''} className={fieldClass} />
          </label>
          <label className="block text-xs font-medium text-slate-700">
            {t.audit.to}
            <input type="date" name="tot" defaultValue={params.get('tot') ?? ''} className={fieldClass} />
          </label>
          <div className="flex gap-2">
            <FilterButtons apply={t.audit.filter} reset={t.audit.reset} resetTo="/beheer/audit" />
          </div>
        </Form>
        {d.dateIgnored ? <p className="px-4 pb-3 text-sm font-medium text-red-700">{t.errors.date}</p> : null}
      </Panel>
      <Panel>
        <ListBar count={t.audit.count(d.total)} countTestId="audit-count" page={d.page} pageCount={d.pageCount} />
        <div className={table.wrap} {...scrollArea(t.audit.title)}>
          <table className={table.table} data-testid="audit-table">
            <thead>
              <tr>
                <th className={table.th}>{t.audit.at}</th>
                <th className={table.th}>{t.audit.actor}</th>
                <th className={table.th}>{t.audit.action}</th>
                <th className={table.th}>{t.audit.entity}</th>
                <th className={table.th}>{t.audit.change}</th>
                <th className={table.th}>{t.audit.client}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <td className={`${table.td} whitespace-nowrap text-slate-600`}>
                    {longDate(r.at)} {clockTime(r.at)}
                  </td>
                  <td className={`${table.td} max-w-48 truncate`}>{r.actor}</td>
                  <td className={`${table.td} font-mono text-xs whitespace-nowrap`}>{r.action}</td>
                  <td className={`${table.td} whitespace-nowrap`}>
                    {r.entity}
                    {r.entityId ? <span className="text-slate-500"> #{r.entityId}</span> : null}
                  </td>
                  <td className={`${table.td} max-w-md min-w-72`}>
                    <code className="block font-mono text-xs break-all text-slate-600">
                      {r.before ?? '—'} → {r.after ?? '—'}
                    </code>
                  </td>
                  <td className={`${table.td} font-mono text-xs whitespace-nowrap text-slate-500`}>{r.clientAddress ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.rows.length === 0 ? <p className="px-4 py-6 text-sm text-slate-500">{t.audit.empty}</p> : null}
        </div>
        <Pager page={d.page} pageCount={d.pageCount} href={pageHref} />
      </Panel>
    </>
  );
}
