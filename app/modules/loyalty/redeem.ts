// Redeeming Kiempunten (ADR 075), the part the checkout page runs too: what points pay and how many an amount
// takes. No imports, so the checkout's JavaScript carries only these lines; `levelPct` is the order currency's
// price level in whole percent of the euro (LEVEL_PCT).

/** What `points` pay in the order's currency, in minor units, rounded down. */
export function redeemValueMinor(points: number, levelPct: number, pointsPerEuroOff: number): number {
  return Math.floor((Math.max(0, points) * levelPct) / pointsPerEuroOff);
}

/** The points pay what is left up to their value; the points taken are the fewest that pay it (never more than the balance). */
export function redeemPoints(balance: number, totalMinor: number, levelPct: number, pointsPerEuroOff: number): { points: number; minor: number } {
  const minor = Math.max(0, Math.min(redeemValueMinor(balance, levelPct, pointsPerEuroOff), totalMinor));
  if (minor === 0) return { points: 0, minor: 0 };
  return { points: Math.min(balance, Math.ceil((minor * pointsPerEuroOff) / levelPct)), minor };
}
