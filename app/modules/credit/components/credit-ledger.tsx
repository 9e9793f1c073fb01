import { credit as t } from '~/i18n/nl/credit.ts';
import type { CreditKind } from '~/lib/db-enums.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';

export type CreditLineView = { id: number; currency: string; amountMinor: number; balanceAfterMinor: number; kind: CreditKind; reason: string; createdAt: string; orderNumber: string | null };

/**
 * The ledger newest first, one entry per line: what happened (and for which order, and staff's reason), when,
 * the amount signed and the balance after. A list rather than a table, so a phone shows it without scrolling sideways.
 */
export function CreditLedger({ lines }: { lines: CreditLineView[] }) {
  if (lines.length === 0) return <p className="text-slate-600">{t.ledgerEmpty}</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="credit-ledger">
      {lines.map((l) => (
        <li key={l.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {t.kinds[l.kind]}
              {l.orderNumber ? <span className="font-normal text-slate-600"> · {t.forOrder(l.orderNumber)}</span> : null}
            </p>
            {l.reason ? <p className="break-words text-slate-600">{l.reason}</p> : null}
            <p className="text-slate-500">
              <span className="sr-only">{t.columns.date}: </span>
              {longDate(l.createdAt)}
            </p>
          </div>
          <div className="text-right">
            <p className={`font-semibold tabular-nums ${l.amountMinor > 0 ? 'text-primary-800' : 'text-slate-900'}`}>
              <span className="sr-only">{t.columns.amount}: </span>
              {l.amountMinor > 0 ? '+' : '−'}
              {formatMoney(Math.abs(l.amountMinor), l.currency)}
            </p>
            <p className="text-slate-500 tabular-nums">
              {t.columns.after}: {formatMoney(l.balanceAfterMinor, l.currency)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
