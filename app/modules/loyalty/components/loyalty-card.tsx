import { Link } from 'react-router';

/** The card's sentences, made by the loader (loyaltySummary), so the page carries no loyalty texts of its own. */
export type LoyaltyCardView = { heading: string; link: string; points: string; lines: string[] };

/** Balance, its value, the tier with its benefit and the way to the next tier (ADR 075). */
export function LoyaltyFacts({ view }: { view: LoyaltyCardView }) {
  return (
    <div className="space-y-1 text-sm text-slate-700" data-testid="loyalty-facts">
      <p className="text-2xl font-extrabold text-slate-900 tabular-nums" data-testid="loyalty-points">
        {view.points}
      </p>
      {view.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The account overview's card: the facts and the way to the ledger. */
export function LoyaltyCard({ view }: { view: LoyaltyCardView }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="loyalty-title" data-testid="account-loyalty">
      <h2 id="loyalty-title" className="text-lg font-semibold text-slate-900">
        {view.heading}
      </h2>
      <div className="mt-3">
        <LoyaltyFacts view={view} />
      </div>
      <Link to="/account/punten" className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
        {view.link}
      </Link>
    </section>
  );
}
