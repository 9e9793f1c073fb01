import { Link } from 'react-router';
import { claims } from '~/i18n/nl/claims.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import type { ClaimDetail } from '~/modules/claims/claims.server.ts';
import { Badge } from '~/modules/staff/components/backoffice-shell.tsx';
import { STATE_TONES } from './claims.tsx';

const t = claims.staff;

const when = (d: Date | string) => `${longDate(d)} ${clockTime(d)}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A claim's facts for staff: state, order, customer, line, seeds, method, price per seed, decision and notes. */
export function ClaimFacts({ detail: c }: { detail: ClaimDetail }) {
  const claim = c.claim;
  const f = t.facts;
  const perSeed = c.line.seeds > 0 ? formatMoney(Math.round(c.line.unitPriceMinor / c.line.seeds), c.currency) : '—';
  return (
    <dl className="grid grid-cols-2 gap-4 p-4" data-testid="claim-facts">
      <Fact label={f.state}>
        <span data-testid="claim-staff-state">
          <Badge tone={STATE_TONES[claim.state]}>{claim.state === 'approved' && claim.outcome ? `${claims.states[claim.state]} (${claims.outcomes[claim.outcome]})` : claims.states[claim.state]}</Badge>
        </span>
      </Fact>
      <Fact label={f.order}>
        <Link to={`/beheer/bestellingen/${c.orderNumber}`} className="font-mono text-primary-800 hover:underline">
          {c.orderNumber}
        </Link>
      </Fact>
      <Fact label={f.customer}>
        {`${c.firstName} ${c.lastName}`.trim()}
        <br />
        <span className="text-slate-600">{c.email}</span>
      </Fact>
      <Fact label={f.product}>{claims.line(c.line.productName, c.line.seeds, c.line.quantity)}</Fact>
      <Fact label={f.sown}>{claim.seedsSown}</Fact>
      <Fact label={f.failed}>{claim.seedsFailed}</Fact>
      <Fact label={f.method}>{claims.methods[claim.method]}</Fact>
      <Fact label={f.paid}>{perSeed}</Fact>
      <Fact label={f.submitted}>{when(claim.createdAt)}</Fact>
      {claim.decidedAt ? <Fact label={f.decided}>{`${when(claim.decidedAt)}${c.decidedBy ? ` · ${c.decidedBy}` : ''}`}</Fact> : null}
      {c.replacementNumber ? (
        <Fact label={f.replacement}>
          <Link to={`/beheer/bestellingen/${c.replacementNumber}`} className="font-mono text-primary-800 hover:underline" data-testid="claim-replacement">
            {c.replacementNumber}
          </Link>
        </Fact>
      ) : null}
      {claim.creditMinor != null ? <Fact label={f.credit}>{formatMoney(claim.creditMinor, c.currency)}</Fact> : null}
      {claim.note ? (
        <div className="col-span-2">
          <Fact label={f.note}>
            <span className="whitespace-pre-line">{claim.note}</span>
          </Fact>
        </div>
      ) : null}
      {claim.reason ? (
        <div className="col-span-2">
          <Fact label={f.reason}>
            <span className="whitespace-pre-line">{claim.reason}</span>
          </Fact>
        </div>
      ) : null}
    </dl>
  );
}
