import { CURRENCIES, type Currency, inEveryCurrency, LEVEL } from '~/lib/money.ts';

// The shop's price list per currency. Prices are set per currency (not converted at checkout);
// this function only produces the seeded list. All amounts are integer minor units.

export const PACK_SIZES = [1, 3, 5, 10] as const;

export { CURRENCIES, type Currency, inEveryCurrency };

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
