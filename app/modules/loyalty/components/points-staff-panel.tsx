import { Panel } from '~/components/backoffice/parts.tsx';
import { loyalty } from '~/i18n/nl/loyalty.ts';
import { type LoyaltyCardView, LoyaltyFacts } from './loyalty-card.tsx';
import { LoyaltyLedger, type LoyaltyLineView } from './loyalty-ledger.tsx';

/** The customer page's Kiempunten: balance, tier and the last changes (every role that sees the customer). */
export function PointsStaffPanel({ view, lines }: { view: LoyaltyCardView; lines: LoyaltyLineView[] }) {
  return (
    <Panel title={loyalty.title}>
      <div className="space-y-3 p-4" data-testid="customer-points">
        <LoyaltyFacts view={view} />
        {lines.length > 0 ? (
          <>
            <h3 className="text-sm font-semibold text-slate-900">{loyalty.adjust.ledger}</h3>
            <LoyaltyLedger lines={lines} />
          </>
        ) : null}
      </div>
    </Panel>
  );
}
