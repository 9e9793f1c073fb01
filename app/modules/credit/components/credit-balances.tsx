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
