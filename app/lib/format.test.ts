import { describe, expect, it } from 'vitest';
import { clockTime, longDate, oneDecimalNumber, shopDay, shortNumber, tenthsPercent, weekdayDate, wholeNumber } from './format.ts';

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
});
