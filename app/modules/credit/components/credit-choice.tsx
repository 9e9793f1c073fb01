import { creditShop as t } from '~/i18n/nl/credit-shop.ts';
import { formatMoney } from '~/lib/money.ts';

/**
 * "Tegoed gebruiken" at checkout (ADR 073): a checkbox that works without JavaScript, the balance it was shown
 * with (the server refuses the order when the balance changed since), and the stacking rule in words.
 */
export function CreditChoice({
  balanceMinor,
  currency,
  checked,
  onChange,
}: {
  balanceMinor: number;
  currency: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="tegoed" data-testid="credit-choice">
      <h2 id="tegoed" className="text-lg font-semibold text-slate-900">
        {t.checkout.legend}
      </h2>
      <input type="hidden" name="creditBalanceMinor" value={balanceMinor} />
      <label className="mt-3 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="useCredit"
          value="on"
          checked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-describedby="tegoed-regel"
          className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary-700"
          data-testid="use-credit"
        />
        <span className="font-medium">{t.checkout.use(formatMoney(balanceMinor, currency))}</span>
      </label>
      <p id="tegoed-regel" className="mt-2 text-sm text-slate-600">
        {t.checkout.rule}
      </p>
    </section>
  );
}
