import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { loyaltySettingsSchema, pointsAdjustSchema } from './loyalty.schemas.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const key = '0d9b8a54-4b6b-4f6e-9a3c-2c1f5e0c7b11';
const settings = { pointsPerEuro: '1', pointsPerEuroOff: '100', reviewPoints: '25', tier0Name: 'Brons', tier0Bonus: '0', tier1Name: 'Zilver', tier1From: '250', tier1Bonus: '25', tier2Name: 'Goud', tier2From: '750', tier2Bonus: '50' };

describe('Kiempunten forms', () => {
  it('the adjustment takes signed whole points and a reason', () => {
    const ok = parseWithZod(form({ intent: 'points', key, points: '−50', shown: '3', reason: 'excuus' }), { schema: pointsAdjustSchema });
    expect(ok.status === 'success' && ok.value).toMatchObject({ points: -50, shown: 3, reason: 'excuus' });
    for (const points of ['0', '1,5', 'abc', '', '12345678']) {
      const bad = parseWithZod(form({ intent: 'points', key, points, shown: '0', reason: 'x' }), { schema: pointsAdjustSchema });
      expect(bad.status, points).toBe('error');
      expect(bad.reply().error?.points?.[0]).toMatch(/heel aantal punten/);
    }
    const noReason = parseWithZod(form({ intent: 'points', key, points: '5', shown: '0', reason: ' ' }), { schema: pointsAdjustSchema });
    expect(noReason.reply().error?.reason?.[0]).toMatch(/reden/);
  });

  it('the settings become cents and tiers, each tier above the one before', () => {
    const ok = parseWithZod(form(settings), { schema: loyaltySettingsSchema });
    expect(ok.status === 'success' && ok.value).toEqual({
      pointsPerEuro: 1,
      pointsPerEuroOff: 100,
      reviewPoints: 25,
      tiers: [
        { name: 'Brons', minSpendMinor: 0, bonusPct: 0 },
        { name: 'Zilver', minSpendMinor: 25_000, bonusPct: 25 },
        { name: 'Goud', minSpendMinor: 75_000, bonusPct: 50 },
      ],
    });
    const reversed = parseWithZod(form({ ...settings, tier2From: '200' }), { schema: loyaltySettingsSchema });
    expect(reversed.reply().error?.tier2From?.[0]).toMatch(/hoger dan het niveau ervoor/);
    const bad = parseWithZod(form({ ...settings, pointsPerEuroOff: '0', tier1Bonus: '-1', tier0Name: '' }), { schema: loyaltySettingsSchema });
    expect(Object.keys(bad.reply().error ?? {}).sort()).toEqual(['pointsPerEuroOff', 'tier0Name', 'tier1Bonus']);
  });
});
