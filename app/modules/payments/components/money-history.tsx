import { order as t } from '~/i18n/nl/order.ts';
import { moneyRows, type MoneyHistory } from '../money-history.ts';

/** Each amount received and refunded with its date, what is still due and the balance; nothing before money moved. */
export function MoneyHistoryPanel({ money }: { money: MoneyHistory }) {
  const rows = moneyRows(money);
  if (rows.length === 0) return null;
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="money-title" data-testid="money-history">
      <h2 id="money-title" className="text-lg font-bold text-slate-900">
        {t.money.title}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">
        {rows.map((r, i) => (
          <div key={i} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
            <dt className="text-slate-700">{r.label}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
