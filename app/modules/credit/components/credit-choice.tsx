import { creditShop as t } from '~/i18n/nl/credit-shop.ts';
import { FieldError } from '~/components/ui/form-field.tsx';
import type { FieldMeta } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';

/**
 * "Tegoed gebruiken" at checkout (ADR 073): a checkbox that works without JavaScript, the balance it was shown
 * with (the server refuses the order when the balance changed since, its message next to the checkbox), and the
 * stacking rule in words. With no balance left after such a refusal only the message stays.
 */
export function CreditChoice({
  balanceMinor,
  currency,
  checked,
  onChange,
  meta,
}: {
  balanceMinor: number;
  currency: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  meta: FieldMeta;
}) {
  const invalid = !!meta.errors?.length;
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="tegoed" data-testid="credit-choice">
      <h2 id="tegoed" className="text-lg font-semibold text-slate-900">
        {t.checkout.legend}
      </h2>
      {balanceMinor > 0 ? (
        <>
          <input type="hidden" name="creditBalanceMinor" value={balanceMinor} />
          <label className="mt-3 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
            <input
              type="checkbox"
              id={meta.id}
              name="useCredit"
              value="on"
              checked={checked}
              onChange={(e) => onChange(e.currentTarget.checked)}
              aria-describedby={invalid ? `${meta.errorId} tegoed-regel` : 'tegoed-regel'}
              aria-invalid={invalid || undefined}
              className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary-700"
              data-testid="use-credit"
            />
            <span className="font-medium">{t.checkout.use(formatMoney(balanceMinor, currency))}</span>
          </label>
        </>
      ) : null}
      <FieldError meta={meta} />
      {balanceMinor > 0 ? (
        <p id="tegoed-regel" className="mt-2 text-sm text-slate-600">
          {t.checkout.rule}
        </p>
      ) : null}
    </section>
  );
}
