import { describe, expect, it } from 'vitest';
import { clockTime, dutchNumber, longDate, oneDecimalNumber, shopDay, shortNumber, tenthsPercent, weekdayDate, wholeNumber } from './format.ts';

describe('Dutch formatting', () => {
  // 23:30 UTC on 13 March is already 14 March in Amsterdam.
  const late = '2026-03-13T23:30:00Z';
  it('dates in the shop time zone', () => {
    expect(longDate(late)).toBe('14 maart 2026');
    expect(shopDay(late)).toBe('2026-03-14');
    expect(shopDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(weekdayDate('2026-11-24T13:05:00Z')).toBe('dinsdag 24 november');
    expect(clockTime('2026-11-24T13:05:00Z')).toBe('14:05');
  });
  it('numbers with a decimal comma and a thousands dot', () => {
    expect(oneDecimalNumber(4)).toBe('4,0');
    expect(shortNumber(4)).toBe('4');
    expect(shortNumber(4.25)).toBe('4,3');
    expect(wholeNumber(12345)).toBe('12.345');
    expect(tenthsPercent(225)).toBe('22,5%');
    expect(tenthsPercent(10)).toBe('1%');
  });
  it('numbers are what Dutch Intl writes, for any value and precision', () => {
    const samples = [0, -0, 0.05, 0.5, 0.95, 1, 1.005, 1.05, 1.25, 1.35, 2.5, 4.35, 9.95, 9.96, 99.95, 999.5, 999.95, 1234.5, 12345.678, 1e6, 123456789.5];
    // Shortest-form rounding edges and random values, positive and negative.
    for (let i = 0; i < 500; i++) samples.push(Math.round(Math.random() * 1e7) / 10 ** (i % 5), Math.random() * 10 ** (i % 9));
    for (const [min, max] of [[0, 0], [0, 1], [1, 1], [0, 2], [2, 2]] as const) {
      const intl = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: min, maximumFractionDigits: max });
      for (const n of samples) for (const v of [n, -n]) expect(dutchNumber(v, min, max), `${v} (${min}–${max})`).toBe(intl.format(v));
    }
  });
});
