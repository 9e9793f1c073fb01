import { Link } from 'react-router';
import { credit as t } from '~/i18n/nl/credit.ts';
import type { CreditKind } from '~/lib/db-enums.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';

export type CreditLineView = { id: number; currency: string; amountMinor: number; balanceAfterMinor: number; kind: CreditKind; reason: string; createdAt: string; orderNumber: string | null };

/** The balance per currency, large; "Je hebt geen tegoed." when there is none. */
export function CreditBalances({ balances }: { balances: { currency: string; balanceMinor: number }[] }) {
  if (balances.length === 0) return <p className="text-slate-600">{t.none}</p>;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1" data-testid="credit-balances">
      {balances.map((b) => (
        <li key={b.currency} className="text-2xl font-extrabold text-slate-900 tabular-nums">
          {formatMoney(b.balanceMinor, b.currency)}
        </li>
      ))}
    </ul>
  );
}

/** The account overview's card: the balance per currency and the way to the ledger. */
export function CreditCard({ balances }: { balances: { currency: string; balanceMinor: number }[] }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="credit-title" data-testid="account-credit">
      <h2 id="credit-title" className="text-lg font-semibold text-slate-900">
        {t.balanceHeading}
      </h2>
      <div className="mt-3">
        <CreditBalances balances={balances} />
      </div>
      <Link to="/account/tegoed" className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
        {t.viewLedger}
      </Link>
    </section>
  );
}

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
