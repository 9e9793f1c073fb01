import { describe, expect, it } from 'vitest';
import { basePricePerSeed, charmPrice, CURRENCIES, inEveryCurrency, PACK_SIZES, packPrice } from './pack-pricing.ts';

describe('pack pricing', () => {
  it('ends prices on ,95 and never rounds down', () => {
    expect(charmPrice(2312)).toBe(2395);
    expect(charmPrice(2395)).toBe(2395);
    expect(charmPrice(2396)).toBe(2495);
    expect(charmPrice(0)).toBe(95);
  });

  it('gives integer prices that rise with pack size while the price per seed falls', () => {
    const base = basePricePerSeed({ sex: 'feminized', flowering: 'photoperiod', popularity: 80, thc: 220 });
    for (const c of CURRENCIES) {
      const prices = PACK_SIZES.map((n) => packPrice(base, n, c));
      prices.forEach((p) => expect(Number.isInteger(p)).toBe(true));
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      const perSeed = PACK_SIZES.map((n, i) => prices[i]! / n);
      expect(perSeed[3]!).toBeLessThan(perSeed[0]!);
    }
  });

  it('prices regular seeds below feminized and autoflowers above photoperiods', () => {
    const fem = basePricePerSeed({ sex: 'feminized', flowering: 'photoperiod', popularity: 50, thc: 200 });
    expect(basePricePerSeed({ sex: 'regular', flowering: 'photoperiod', popularity: 50, thc: 200 })).toBeLessThan(fem);
    expect(basePricePerSeed({ sex: 'feminized', flowering: 'autoflower', popularity: 50, thc: 200 })).toBeGreaterThan(fem);
  });

  it('a euro amount in every currency: whole euros stay whole units, other amounts are rounded to the cent', () => {
    expect(inEveryCurrency(500)).toEqual({ EUR: 500, GBP: 400, CHF: 500, USD: 600, CAD: 800, AUD: 800, NZD: 900 });
    expect(inEveryCurrency(750)).toEqual({ EUR: 750, GBP: 653, CHF: 728, USD: 825, CAD: 1125, AUD: 1260, NZD: 1365 });
    expect(Object.keys(inEveryCurrency(100))).toEqual([...CURRENCIES]);
  });
});
