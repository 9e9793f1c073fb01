import { describe, expect, it } from 'vitest';
import { DEFAULT_LOYALTY, earnBaseMinor, loyaltySettingsOf, percentBack, pointsEarned, pointsToReverse, pointsToUse, pointsValueMinor, tierFor, toEuroMinor } from './loyalty.ts';

const d = DEFAULT_LOYALTY;
const [brons, zilver, goud] = d.tiers as [typeof d.tiers[0], typeof d.tiers[0], typeof d.tiers[0]];

describe('Kiempunten rules', () => {
  it('earns per whole euro of the money part at the tier rate, rounded down', () => {
    expect(pointsEarned(4999, 'EUR', d, brons)).toBe(49);
    expect(pointsEarned(4999, 'EUR', d, zilver)).toBe(61); // 49 × 1.25 = 61.25
    expect(pointsEarned(4999, 'EUR', d, goud)).toBe(73); // 49 × 1.5 = 73.5
    expect(pointsEarned(99, 'EUR', d, goud)).toBe(0);
  });

  it('converts other currencies at the shop price levels, so 1 euro of value earns the same', () => {
    expect(toEuroMinor(15_000, 'CAD')).toBe(10_000);
    expect(pointsEarned(15_000, 'CAD', d, brons)).toBe(100);
    expect(pointsEarned(8_700, 'GBP', d, brons)).toBe(100);
  });

  it('the money part leaves out shipping, points, credit and refunds, never below 0', () => {
    const order = { subtotalMinor: 5000, discountMinor: 500, pointsMinor: 1000, creditMinor: 500 };
    expect(earnBaseMinor(order, 0)).toBe(3000);
    expect(earnBaseMinor(order, 1000)).toBe(2000);
    expect(earnBaseMinor(order, 9000)).toBe(0);
  });

  it('100 points pay 1 euro; in another currency the value follows the price level, rounded down', () => {
    expect(pointsValueMinor(250, 'EUR', d)).toBe(250);
    expect(pointsValueMinor(250, 'CAD', d)).toBe(375);
    expect(pointsValueMinor(3, 'GBP', d)).toBe(2); // 3 × 0.87 = 2.61
  });

  it('redeems only what the order needs, with the fewest points, never more than the balance', () => {
    expect(pointsToUse(250, 5000, 'EUR', d)).toEqual({ points: 250, minor: 250 });
    expect(pointsToUse(9000, 5000, 'EUR', d)).toEqual({ points: 5000, minor: 5000 });
    expect(pointsToUse(9000, 3000, 'GBP', d)).toEqual({ points: 3449, minor: 3000 }); // ceil(3000 / 0.87)
    expect(pointsToUse(0, 3000, 'EUR', d)).toEqual({ points: 0, minor: 0 });
    for (const balance of [1, 2, 7, 115, 999])
      for (const c of ['GBP', 'CAD', 'NZD', 'CHF']) {
        const r = pointsToUse(balance, 100_000, c, d);
        expect(r.points).toBeLessThanOrEqual(balance);
        expect(pointsValueMinor(r.points, c, d)).toBeGreaterThanOrEqual(r.minor);
      }
  });

  it('a refund takes back points in proportion to the goods’ money refunded, rounded up, minus what was taken before', () => {
    // € 100 of goods (and, say, € 6,95 shipping paid on top): refunds count against the goods first.
    const goods = (refundedMinor: number, refundedAtEarnMinor = 0) => ({ goodsMinor: 10_000, refundedAtEarnMinor, refundedMinor });
    expect(pointsToReverse(100, 0, goods(2500))).toBe(25);
    expect(pointsToReverse(100, 25, goods(5000))).toBe(25);
    expect(pointsToReverse(101, 0, goods(3333))).toBe(34);
    // All the goods back: all the points; the shipping on top takes nothing more.
    expect(pointsToReverse(100, 0, goods(10_000))).toBe(100);
    expect(pointsToReverse(100, 100, goods(10_695))).toBe(0);
    expect(pointsToReverse(100, 80, goods(20_000))).toBe(20);
    expect(pointsToReverse(0, 0, goods(100))).toBe(0);
    // € 20 went back before the order shipped: it earned on € 80, and € 40 of that back is half.
    expect(pointsToReverse(80, 0, goods(6000, 2000))).toBe(40);
    expect(pointsToReverse(80, 0, goods(10_000, 2000))).toBe(80);
    // Nothing of the goods' money was left to earn on: nothing to take.
    expect(pointsToReverse(5, 0, goods(12_000, 10_000))).toBe(0);
  });

  it('the tier follows the spend of 12 months, with the way to the next', () => {
    expect(tierFor(d, 0)).toMatchObject({ tier: brons, next: zilver, toNextMinor: 25_000 });
    expect(tierFor(d, 25_000)).toMatchObject({ tier: zilver, next: goud, toNextMinor: 50_000 });
    expect(tierFor(d, 1_000_000)).toMatchObject({ tier: goud, next: null, toNextMinor: 0 });
    expect(percentBack(d, brons)).toBe(1);
    expect(percentBack(d, zilver)).toBe(1.25);
    expect(percentBack(d, goud)).toBe(1.5);
  });

  it('stored settings are read defensively', () => {
    expect(loyaltySettingsOf(null)).toEqual(d);
    expect(loyaltySettingsOf({ pointsPerEuro: 2, pointsPerEuroOff: 0, tiers: [{ name: 'A' }] })).toEqual({ ...d, pointsPerEuro: 2 });
    const unordered = { tiers: [brons, { ...zilver, minSpendMinor: 80_000 }, goud] };
    expect(loyaltySettingsOf(unordered).tiers).toEqual(d.tiers);
  });
});
