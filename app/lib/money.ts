import { dutchNumber } from './format.ts';

// Money is integer minor units plus an ISO currency code (ADR 0003); formatting is the only place it becomes text.
// The shop's currencies as Dutch Intl writes them ("US$ 19,95"), without building an Intl formatter (format.ts).
const SYMBOLS: Record<string, string> = { EUR: '€', GBP: '£', CHF: 'CHF', USD: 'US$', CAD: 'C$', AUD: 'AU$', NZD: 'NZ$' };

export function formatMoney(minor: number, currency: string): string {
  if (!Number.isInteger(minor)) throw new Error(`Bedrag moet in centen (geheel getal): ${minor}`);
  const symbol = SYMBOLS[currency];
  if (!symbol) return new Intl.NumberFormat('nl-NL', { style: 'currency', currency }).format(minor / 100);
  return `${symbol}\u00a0${dutchNumber(minor / 100, 2, 2)}`;
}

/** "14,90", "14.90", "€ 14,90" or "14" to minor units; null when it is not an amount with at most two decimals. */
export function parseEuroAmount(text: string): number | null {
  const m = /^(?:€\s*)?(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** The shop's currencies; prices are set per currency, not converted at checkout. */
export const CURRENCIES = ['EUR', 'GBP', 'CHF', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];

// Relative price level of each currency against the euro list (rounded shop rates, reviewed by staff).
export const LEVEL: Record<Currency, number> = { EUR: 1, GBP: 0.87, CHF: 0.97, USD: 1.1, CAD: 1.5, AUD: 1.68, NZD: 1.82 };
/**
 * A euro amount (cents) in every shop currency at the same rounded rates: whole euros give whole units (as
 * the seeded codes and promotions), other amounts are rounded to the cent. For coupon amounts and thresholds.
 */
export function inEveryCurrency(eurMinor: number): Record<Currency, number> {
  const whole = eurMinor % 100 === 0;
  return Object.fromEntries(CURRENCIES.map((c) => [c, whole ? Math.round((eurMinor / 100) * LEVEL[c]) * 100 : Math.round(eurMinor * LEVEL[c])])) as Record<Currency, number>;
}
