import { loyaltyCheckout as t } from '~/i18n/nl/loyalty-checkout.ts';

/**
 * "Kiempunten inzetten" at checkout (ADR 075): a checkbox that works without JavaScript, the balance it was shown
 * with (the server refuses the order when it changed since), and the order of coupon, points and credit in words.
 */
export function PointsChoice({ balance, label, checked, onChange }: { balance: number; label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="kiempunten" data-testid="points-choice">
      <h2 id="kiempunten" className="text-lg font-semibold text-slate-900">
        {t.legend}
      </h2>
      <input type="hidden" name="pointsBalance" value={balance} />
      <label className="mt-3 flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="usePoints"
          value="on"
          checked={checked}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-describedby="kiempunten-regel"
          className="mt-0.5 h-5 w-5 shrink-0 rounded accent-primary-700"
          data-testid="use-points"
        />
        <span className="font-medium">{label}</span>
      </label>
      <p id="kiempunten-regel" className="mt-2 text-sm text-slate-600">
        {t.rule}
      </p>
    </section>
  );
}
