// The shop's price list per currency. Prices are set per currency (not converted at checkout);
// this function only produces the seeded list. All amounts are integer minor units.

export const PACK_SIZES = [1, 3, 5, 10] as const;
export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];

// Relative price level of each currency against the euro list (rounded shop rates, reviewed by staff).
const LEVEL: Record<Currency, number> = { EUR: 1, GBP: 0.87, CHF: 0.97, USD: 1.1, CAD: 1.5, AUD: 1.68, NZD: 1.82 };
/**
 * A euro amount (cents) in every shop currency at the same rounded rates: whole euros give whole units (as
 * the seeded codes and promotions), other amounts are rounded to the cent. For coupon amounts and thresholds.
 */
export function inEveryCurrency(eurMinor: number): Record<Currency, number> {
  const whole = eurMinor % 100 === 0;
  return Object.fromEntries(CURRENCIES.map((c) => [c, whole ? Math.round((eurMinor / 100) * LEVEL[c]) * 100 : Math.round(eurMinor * LEVEL[c])])) as Record<Currency, number>;
}

// Bigger packs are cheaper per seed.
const PACK_FACTOR: Record<number, number> = { 1: 1, 3: 0.9, 5: 0.84, 10: 0.75 };

/** Rounds up to a price ending in ,95 (e.g. 2312 -> 2395; 2396 -> 2495). */
export function charmPrice(minor: number): number {
  const euros = Math.ceil((minor + 5) / 100);
  return Math.max(95, euros * 100 - 5);
}

export function packPrice(eurPerSeedMinor: number, seeds: number, currency: Currency): number {
  const factor = PACK_FACTOR[seeds] ?? 0.75;
  return charmPrice(Math.round(eurPerSeedMinor * seeds * factor * LEVEL[currency]));
}

/** Euro list price per single seed from a strain's traits, in cents. */
export function basePricePerSeed(s: { sex: 'feminized' | 'regular'; flowering: 'photoperiod' | 'autoflower'; popularity: number; thc: number }): number {
  let cents = 600 + Math.round(s.popularity * 2.5) + Math.max(0, s.thc - 180) * 3;
  if (s.flowering === 'autoflower') cents += 100;
  if (s.sex === 'regular') cents = Math.round(cents * 0.6);
  return cents;
}
