import { Link } from 'react-router';
import { creditShop as t } from '~/i18n/nl/credit-shop.ts';
import { formatMoney } from '~/lib/money.ts';

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
