import { Download, Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { NewsletterBadge } from '~/components/backoffice/newsletter-badge.tsx';
import { isSubscriberStatus, SUBSCRIBER_PAGE_SIZE, subscriberStatuses } from '~/modules/newsletter/subscribers.ts';
import { listSubscribers } from '~/modules/newsletter/subscribers.server.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/newsletter.ts';

const t = backoffice.newsletter;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'newsletter.manage');
  const q = new URL(request.url).searchParams;
  const requested = q.get('status');
  const status = isSubscriberStatus(requested) ? requested : undefined;
  const query = (q.get('zoek') ?? '').slice(0, 100);
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(q.get('pagina')) || 1)));
  const list = await listSubscribers(context.db, { status, query }, page);
  return { ...list, status: status ?? null, query, page, pageCount: Math.max(1, Math.ceil(list.total / SUBSCRIBER_PAGE_SIZE)) };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string | null) => (d ? `${longDate(d)} ${clockTime(d)}` : '—');

export default function BackofficeNewsletter({ loaderData: d }: Route.ComponentProps) {
  const href = (status: string | null, page = 1, query = d.query) =>
    `?${new URLSearchParams({ ...(status ? { status } : {}), ...(query ? { zoek: query } : {}), ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  const all = subscriberStatuses.reduce((sum, st) => sum + d.counts[st], 0);
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <div className="mb-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel>
          <div className="space-y-4 p-4">
            <nav aria-label={t.viewsLabel} className="flex flex-wrap gap-2">
              <Link to={href(null)} aria-current={d.status === null ? 'page' : undefined} className={d.status === null ? smallButton.primary : smallButton.secondary}>
                {t.views.all} <span className="tabular-nums">({all})</span>
              </Link>
              {subscriberStatuses.map((st) => (
                <Link key={st} to={href(st)} aria-current={d.status === st ? 'page' : undefined} className={d.status === st ? smallButton.primary : smallButton.secondary}>
                  {t.views[st]} <span className="tabular-nums">({d.counts[st]})</span>
                </Link>
              ))}
            </nav>
            <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
              {d.status ? <input type="hidden" name="status" value={d.status} /> : null}
              <label className="block min-w-0 flex-1 basis-56 text-xs font-medium text-slate-700">
                {t.search}
                <span className="relative block">
                  <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
                  <input type="search" name="zoek" defaultValue={d.query} placeholder={t.searchPlaceholder} maxLength={100} className={`${fieldClass} pl-8`} />
                </span>
              </label>
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
      <Panel>
        <ListBar count={t.count(d.total)} countTestId="subscribers-count" page={d.page} pageCount={d.pageCount} />
        {d.rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <div className={table.wrap} {...scrollArea(t.title)}>
            <table className={table.table} data-testid="subscribers-table">
              <thead>
                <tr>
                  <th className={table.th}>{t.email}</th>
                  <th className={table.th}>{t.consent}</th>
                  <th className={table.th}>{t.confirmedAt}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.rows.map((r) => (
                  <tr key={r.id}>
                    <td className={`${table.td} whitespace-nowrap`}>
                      <p className="font-medium text-slate-900">{r.email}</p>
                      <p className="mt-1">
                        <NewsletterBadge status={r.status} />
                      </p>
                    </td>
                    <td className={`${table.td} min-w-64 text-xs text-slate-600`}>
                      <p className="text-sm text-slate-800">
                        {when(r.consentAt)} · {t.sources[r.consentSource as keyof typeof t.sources] ?? r.consentSource}
                      </p>
                      <p>
                        {t.from} {r.consentIp} · {t.text} {r.consentTextVersion}
                      </p>
                      <p className="max-w-md truncate" title={r.consentUserAgent}>
                        {r.consentUserAgent}
                      </p>
                    </td>
                    <td className={`${table.td} text-xs whitespace-nowrap text-slate-600`}>
                      {when(r.confirmedAt)}
                      {r.unsubscribedAt ? (
                        <p>
                          {t.unsubscribedAt} {when(r.unsubscribedAt)}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={d.page} pageCount={d.pageCount} href={(p) => href(d.status, p)} />
      </Panel>
    </>
  );
}
