import { Link } from 'react-router';
import { loyaltyShop as t } from '~/i18n/nl/loyalty-shop.ts';
import { formatMoney } from '~/lib/money.ts';

export type LoyaltyCardView = { points: number; valueMinor: number; tier: { name: string; percent: number }; next: { name: string; toNextMinor: number } | null };

const pct = (n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 2 });

/** Balance, tier with its benefit and the way to the next tier (ADR 075). */
export function LoyaltyFacts({ view }: { view: LoyaltyCardView }) {
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="loyalty-facts">
      <p className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid="loyalty-points">
        {t.points(view.points)}
      </p>
      {view.points > 0 ? <p>{t.card.worth(formatMoney(view.valueMinor, 'EUR'))}</p> : null}
      <p className="font-medium text-slate-900" data-testid="loyalty-tier">
        {t.card.tier(view.tier.name, pct(view.tier.percent))}
      </p>
      <p>{view.next ? t.card.toNext(formatMoney(view.next.toNextMinor, 'EUR'), view.next.name) : t.card.top}</p>
    </div>
  );
}

/** The account overview's card: the facts and the way to the ledger. */
export function LoyaltyCard({ view }: { view: LoyaltyCardView }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="loyalty-title" data-testid="account-loyalty">
      <h2 id="loyalty-title" className="text-lg font-semibold text-slate-900">
        {t.card.heading}
      </h2>
      <div className="mt-3">
        <LoyaltyFacts view={view} />
      </div>
      <Link to="/account/punten" className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
        {t.card.view}
      </Link>
    </section>
  );
}
