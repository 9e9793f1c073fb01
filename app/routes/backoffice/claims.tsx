import { Link } from 'react-router';
import { DataList } from '~/components/backoffice/data-list.tsx';
import { ViewTabs } from '~/components/backoffice/view-tabs.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { claims } from '~/i18n/nl/claims.ts';
import { claimStates } from '~/lib/db-enums.ts';
import { longDate } from '~/lib/format.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';
import { can } from '~/lib/permissions.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CLAIM_PAGE_SIZE, claimList, isClaimState } from '~/modules/claims/claims.server.ts';
import type { ClaimState } from '~/modules/claims/claims.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/claims.ts';

const t = claims.staff;
export const STATE_TONES = { submitted: 'amber', approved: 'green', rejected: 'red' } as const;

// /beheer/claims: the germination claims queue (ADR 074), the oldest waiting claim first.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'claims.manage');
  const q = new URL(request.url).searchParams;
  const requested = q.get('weergave');
  const view: ClaimState = isClaimState(requested) ? requested : 'submitted';
  const page = listPage(q);
  const { rows, counts } = await claimList(context.db, view, page);
  return { view, page, rows, counts, pageCount: pageCount(counts[view], CLAIM_PAGE_SIZE), canEditRules: can(staff.role, 'claims.rules') };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeClaims({ loaderData: d }: Route.ComponentProps) {
  const href = (view: ClaimState, page = 1) => `?${new URLSearchParams({ weergave: view, ...(page > 1 ? { pagina: String(page) } : {}) })}`;
  const c = t.columns;
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        {d.canEditRules ? (
          <Link to="/beheer/claims/regels" className={smallButton.secondary}>
            {t.rules.link}
          </Link>
        ) : null}
      </PageHeader>
      <ViewTabs label={t.viewsLabel} views={claimStates.map((v) => ({ key: v, href: href(v), label: t.views[v]!, count: d.counts[v], current: d.view === v }))} />
      <DataList
        label={t.title}
        testId="claims-list"
        rows={d.rows}
        rowTestId="claim-row"
        columns={[
          {
            label: c.claim,
            cell: (r) => (
              <Link to={`/beheer/claims/${r.id}`} className="font-medium text-primary-800 hover:underline">
                {t.claimTitle(r.id)}
              </Link>
            ),
          },
          { label: c.order, cell: (r) => <span className="font-mono">{r.orderNumber}</span> },
          { label: c.product, cell: (r) => r.product },
          { label: c.failed, align: 'right', cell: (r) => `${r.seedsFailed} / ${r.seedsSown}` },
          { label: c.submitted, cell: (r) => longDate(r.createdAt) },
          { label: c.state, cell: (r) => <Badge tone={STATE_TONES[r.state]}>{r.state === 'approved' && r.outcome ? `${claims.states[r.state]} (${claims.outcomes[r.outcome]})` : claims.states[r.state]}</Badge> },
        ]}
        empty={t.empty[d.view]}
        count={t.count(d.counts[d.view])}
        page={d.page}
        pageCount={d.pageCount}
        pageHref={(p) => href(d.view, p)}
      />
    </>
  );
}
