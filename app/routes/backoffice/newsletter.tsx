import { Download } from 'lucide-react';
import { Form } from 'react-router';
import { type Column, DataList, SearchField } from '~/components/backoffice/data-list.tsx';
import { ViewTabs } from '~/components/backoffice/view-tabs.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { NewsletterBadge } from '~/components/backoffice/newsletter-badge.tsx';
import { isSubscriberStatus, SUBSCRIBER_PAGE_SIZE, subscriberStatuses } from '~/modules/newsletter/subscribers.ts';
import { listSubscribers } from '~/modules/newsletter/subscribers.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/newsletter.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const t = backoffice.newsletter;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'newsletter.manage');
  const q = new URL(request.url).searchParams;
  const requested = q.get('status');
  const status = isSubscriberStatus(requested) ? requested : undefined;
  const query = (q.get('zoek') ?? '').slice(0, 100);
  const page = listPage(q);
  const list = await listSubscribers(context.db, { status, query }, page);
  return { ...list, status: status ?? null, query, page, pageCount: pageCount(list.total, SUBSCRIBER_PAGE_SIZE) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string | null) => (d ? `${longDate(d)} ${clockTime(d)}` : '—');

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: Column<Row>[] = [
  {
    label: t.email,
    className: 'whitespace-nowrap',
    cell: (r) => (
      <span>
        <span className="block font-medium text-slate-900">{r.email}</span>
        <span className="mt-1 block">
          <NewsletterBadge status={r.status} />
        </span>
      </span>
    ),
  },
  {
    label: t.consent,
    className: 'min-w-64 text-xs text-slate-600',
    cell: (r) => (
      <span className="min-w-0">
        <span className="block text-sm text-slate-800">
          {when(r.consentAt)} · {t.sources[r.consentSource as keyof typeof t.sources] ?? r.consentSource}
        </span>
        <span className="block">
          {t.from} {r.consentIp} · {t.text} {r.consentTextVersion}
        </span>
        <span className="block max-w-md truncate" title={r.consentUserAgent}>
          {r.consentUserAgent}
        </span>
      </span>
    ),
  },
  {
    label: t.confirmedAt,
    className: 'text-xs whitespace-nowrap text-slate-600',
    cell: (r) => (
      <span>
        {when(r.confirmedAt)}
        {r.unsubscribedAt ? (
          <span className="block">
            {t.unsubscribedAt} {when(r.unsubscribedAt)}
          </span>
        ) : null}
      </span>
    ),
  },
];

export default function BackofficeNewsletter({ loaderData: d }: Route.ComponentProps) {
  const href = (status: string | null, page = 1, query = d.query) =>
    `?${new URLSearchParams({ ...(status ? { status } : {}), ...(query ? { zoek: query } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  const all = subscriberStatuses.reduce((sum, st) => sum + d.counts[st], 0);
  const views = [{ key: 'all', href: href(null), label: t.views.all, count: all, current: d.status === null }, ...subscriberStatuses.map((st) => ({ key: st, href: href(st), label: t.views[st], count: d.counts[st], current: d.status === st }))];
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <div className="mb-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel>
          <div className="space-y-4 p-4">
            <ViewTabs label={t.viewsLabel} views={views} className="flex flex-wrap gap-2" />
            <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
              {d.status ? <input type="hidden" name="status" value={d.status} /> : null}
              <SearchField label={t.search} value={d.query} placeholder={t.searchPlaceholder} maxLength={100} className="min-w-0 flex-1 basis-56" />
              <button type="submit" className={smallButton.primary}>
                {t.submit}
              </button>
            </Form>
          </div>
        </Panel>
        <Panel title={t.exportTitle}>
          <div className="p-4">
            <p className="mb-3 text-xs text-slate-600">{t.exportIntro(d.counts.confirmed)}</p>
            {/* A plain post to the download route: the browser saves the file, with or without JavaScript. */}
            <Form method="post" action="/beheer/nieuwsbrief/export" reloadDocument>
              <button type="submit" className={`${smallButton.secondary} w-full`}>
                <Download className="h-4 w-4" aria-hidden /> {t.exportSubmit}
              </button>
            </Form>
          </div>
        </Panel>
      </div>
      <DataList
        label={t.title}
        testId="subscribers-table"
        rows={d.rows}
        columns={columns}
        empty={t.empty}
        count={t.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
        pageHref={(p) => href(d.status, p)}
      />
    </>
  );
}
