import { loyalty as t } from '~/i18n/nl/loyalty.ts';
import type { LoyaltyKind } from '~/lib/db-enums.ts';
import { longDate } from '~/lib/format.ts';

export type LoyaltyLineView = { id: number; points: number; balanceAfter: number; missedPoints: number; kind: LoyaltyKind; reason: string; createdAt: string; orderNumber: string | null };

/**
 * The ledger newest first, one entry per line: what happened (the order, staff's reason), when, the points signed
 * and the balance after. A list rather than a table, so a phone shows it without scrolling sideways.
 */
export function LoyaltyLedger({ lines }: { lines: LoyaltyLineView[] }) {
  if (lines.length === 0) return <p className="text-slate-600">{t.ledgerEmpty}</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="loyalty-ledger">
      {lines.map((l) => (
        <li key={l.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {t.kinds[l.kind]}
              {l.orderNumber ? <span className="font-normal text-slate-600"> · {t.forOrder(l.orderNumber)}</span> : null}
            </p>
            {l.reason ? <p className="break-words text-slate-600">{l.reason}</p> : null}
            {l.missedPoints > 0 ? <p className="text-slate-600">{t.missed(l.missedPoints)}</p> : null}
            <p className="text-slate-500">
              <span className="sr-only">{t.columns.date}: </span>
              {longDate(l.createdAt)}
            </p>
          </div>
          <div className="text-right">
            <p className={`font-semibold tabular-nums ${l.points > 0 ? 'text-primary-800' : 'text-slate-900'}`}>
              <span className="sr-only">{t.columns.points}: </span>
              {l.points > 0 ? '+' : l.points < 0 ? '−' : ''}
              {Math.abs(l.points).toLocaleString('nl-NL')}
            </p>
            <p className="text-slate-500 tabular-nums">
              {t.columns.after}: {l.balanceAfter.toLocaleString('nl-NL')}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
