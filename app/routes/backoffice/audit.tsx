import { useSearchParams } from 'react-router';
import { type Column, DataList, DateFilter, FilterSelect, ListFilters } from '~/components/backoffice/data-list.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { startOfShopDay } from '~/lib/periods.ts';
import { AUDIT_PAGE_SIZE, auditVocabulary, listAudit } from '~/lib/audit.server.ts';
import { AuditEntry } from '~/components/backoffice/audit-entry.tsx';
import { describeAudit } from '~/lib/audit-text.ts';
import { auditActionLabels, auditEntityLabels } from '~/i18n/nl/audit-labels.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { listStaff } from '~/modules/staff/staff.server.ts';
import type { Route } from './+types/audit.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string | null) => (v && DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
const nextDay = (day: string) => new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff: me } = await requireStaff(context.db, request, 'audit.view');
  const q = new URL(request.url).searchParams;
  // Filters come from a GET form: anything malformed is ignored (and said so), never an error page.
  const staffId = Number(q.get('medewerker'));
  const from = validDay(q.get('van'));
  const to = validDay(q.get('tot'));
  const page = listPage(q);
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
  const staffNames = Object.fromEntries(staff.map((m) => [String(m.id), m.name]));
  return {
    // Each entry as a sentence with its changes; the raw values only for the owner.
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at,
      clientAddress: r.clientAddress,
      ...describeAudit({ who: r.staffName ?? t.auditText.actors[r.actor] ?? r.actor, action: r.action, entity: r.entity, entityId: r.entityId, before: r.before, after: r.after, staffNames }),
      raw: me.role === 'owner' ? JSON.stringify({ action: r.action, entity: r.entity, entityId: r.entityId, actor: r.actor, before: r.before, after: r.after }, null, 2) : null,
    })),
    total,
    page,
    pageCount: pageCount(total, AUDIT_PAGE_SIZE),
    vocabulary,
    staff: staff.map((m) => ({ id: m.id, name: m.name })),
    dateIgnored,
  };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.audit.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

/** Filter options by their Dutch names, in alphabetical order; a code without a name stays as stored. */
const labelled = (codes: string[], labels: Record<string, string>) =>
  codes.map((value) => ({ value, label: labels[value] ?? value })).sort((a, b) => a.label.localeCompare(b.label, 'nl'));

const columns: Column<Route.ComponentProps['loaderData']['rows'][number]>[] = [
  { label: t.audit.at, className: 'align-top whitespace-nowrap text-slate-600', cell: (r) => `${longDate(r.at)} ${clockTime(r.at)}` },
  { label: t.auditText.what, hideLabel: true, className: 'w-full align-top max-sm:block! max-sm:text-left!', cell: (r) => <AuditEntry entry={r} /> },
  { label: t.audit.client, className: 'align-top font-mono text-xs whitespace-nowrap text-slate-500', cell: (r) => r.clientAddress ?? '—' },
];

export default function BackofficeAudit({ loaderData: d }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const current = (name: string) => params.get(name) ?? '';
  return (
    <>
      <PageHeader title={t.audit.title} intro={t.audit.intro} />
      <ListFilters grid="grid grid-cols-2 md:grid-cols-3 xl:grid-cols-6" apply={t.audit.filter} reset={t.audit.reset} resetTo="/beheer/audit" notice={d.dateIgnored ? t.errors.date : null}>
        <FilterSelect name="medewerker" label={t.audit.actor} all={t.audit.all} value={current('medewerker')} options={d.staff.map((m) => ({ value: String(m.id), label: m.name }))} />
        <FilterSelect name="onderdeel" label={t.audit.entity} all={t.audit.all} value={current('onderdeel')} options={labelled(d.vocabulary.entities, auditEntityLabels)} />
        <FilterSelect name="actie" label={t.audit.action} all={t.audit.all} value={current('actie')} options={labelled(d.vocabulary.actions, auditActionLabels)} />
        <DateFilter name="van" label={t.audit.from} value={current('van')} />
        <DateFilter name="tot" label={t.audit.to} value={current('tot')} />
      </ListFilters>
      <DataList
        label={t.audit.title}
        testId="audit-table"
        rows={d.rows}
        columns={columns}
        empty={t.audit.empty}
        keepTable
        count={t.audit.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
      />
    </>
  );
}
