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
