import { Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { claimsPanel as t } from '~/i18n/nl/claims-panel.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import type { OrderClaim } from '../claims.server.ts';

export type ClaimsSummary = { claims: OrderClaim[]; canClaim: boolean; currency: string };

const tone: Record<string, string> = {
  submitted: 'bg-secondary-50 text-secondary-900 ring-secondary-200',
  approved: 'bg-primary-50 text-primary-900 ring-primary-200',
  rejected: 'bg-red-50 text-red-900 ring-red-200',
};

/** One claim's state as the customer reads it: the numbers, and the outcome or the reason. */
export function ClaimState({ claim, currency }: { claim: OrderClaim; currency: string }) {
  return (
    <li className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="claim-state">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{claim.product}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tone[claim.state]}`} data-testid="claim-state-label">
          {t.states[claim.state]}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {t.panel.failed(claim.seedsFailed, claim.seedsSown)} · {t.panel.submittedOn(longDate(claim.createdAt))}
      </p>
      {claim.state === 'submitted' ? <p className="mt-1 text-sm text-slate-700">{t.panel.waiting}</p> : null}
      {claim.state === 'approved' && claim.outcome === 'replacement' && claim.replacementNumber ? (
        <p className="mt-1 text-sm font-medium text-primary-900">{t.panel.approvedReplacement(claim.replacementNumber)}</p>
      ) : null}
      {claim.state === 'approved' && claim.outcome === 'credit' && claim.creditMinor != null ? (
        <p className="mt-1 text-sm font-medium text-primary-900">{t.panel.approvedCredit(formatMoney(claim.creditMinor, currency))}</p>
      ) : null}
      {claim.state === 'rejected' && claim.reason ? (
        <p className="mt-1 text-sm text-red-900" data-testid="claim-reason">
          <span className="font-medium">{t.panel.reason}</span> <span className="whitespace-pre-line">{claim.reason}</span>
        </p>
      ) : null}
    </li>
  );
}

/** On the order page: the order's claims with their state, and the way to a new one while a line may be claimed. */
export function ClaimsPanel({ summary, href }: { summary: ClaimsSummary; href: string }) {
  if (!summary.claims.length && !summary.canClaim) return null;
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="claims-panel-title" data-testid="claims-panel">
      <div className="flex flex-wrap items-center gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <Sprout className="h-6 w-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="claims-panel-title" className="font-semibold text-slate-900">
            {t.panel.title}
          </h2>
          {summary.claims.length === 0 ? <p className="text-sm text-slate-600">{t.panel.none}</p> : null}
        </div>
        {summary.canClaim ? (
          <Link to={href} className={buttonClass('secondary', 'md')} data-testid="claims-open">
            {t.panel.open}
          </Link>
        ) : null}
      </div>
      {summary.claims.length ? (
        <ul className="mt-4 space-y-3">
          {summary.claims.map((c) => (
            <ClaimState key={c.id} claim={c} currency={summary.currency} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
