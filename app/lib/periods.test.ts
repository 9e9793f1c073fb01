import { describe, expect, it } from 'vitest';
import { shopPeriods, startOfShopDay } from './periods.ts';

describe('shop periods (Europe/Amsterdam)', () => {
  it('a day begins at local midnight, in winter and in summer time', () => {
    expect(startOfShopDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfShopDay('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // The day clocks go forward (29 March 2026) still begins at 00:00 winter time.
    expect(startOfShopDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('today follows the shop calendar, the week starts on Monday', () => {
    // Sunday 23:30 UTC on 22 November is already Monday 23 November in Amsterdam.
    const p = shopPeriods(new Date('2026-11-22T23:30:00Z'));
    expect(p.today.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(p.week.toISOString()).toBe('2026-11-22T23:00:00.000Z');
    const wed = shopPeriods(new Date('2026-11-25T12:00:00Z'));
    expect(wed.today.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(wed.week.toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });
});
