import { describe, expect, it } from 'vitest';
import { genotypeFor, growSettingsFor, strainSeeds } from './strains.ts';

const PF = { flowering: 'photoperiod', sex: 'feminized' } as const;

describe('genotype (SPEC §3), derived from what the catalogue knows', () => {
  it.each([
    [{ breeder: 'Landrace Archief', identity: PF, lineage: ['Thaise landrace'] }, 'landrace'],
    [{ breeder: 'X', identity: { flowering: 'autoflower', sex: 'feminized' } as const, lineage: ['A', 'ruderalis'] }, 'auto_hybrid'],
    [{ breeder: 'X', identity: { flowering: 'photoperiod', sex: 'regular' } as const, lineage: ['A', 'B', 'C'] }, 'ibl'],
    [{ breeder: 'X', identity: PF, lineage: ['A', 'B', 'C'] }, 'polyhybrid'],
    [{ breeder: 'X', identity: PF, lineage: ['A', 'B'] }, 'f1_hybrid'],
  ] as const)('%o is %s', (strain, genotype) => {
    expect(genotypeFor(strain as unknown as Parameters<typeof genotypeFor>[0])).toBe(genotype);
  });
});

describe('grower profile settings', () => {
  it('a compact, quick strain for a temperate climate grows indoors and outdoors', () => {
    expect(growSettingsFor({ identity: PF, heightIndoor: 90, climates: ['temperate'], floweringDays: [49, 56] })).toEqual(['indoor', 'outdoor']);
  });
  it('a tall, slow tropical sativa needs a greenhouse', () => {
    expect(growSettingsFor({ identity: PF, heightIndoor: 220, climates: ['tropical'], floweringDays: [84, 98] })).toEqual(['greenhouse']);
  });
  it('an autoflower grows indoors and outdoors', () => {
    expect(growSettingsFor({ identity: { flowering: 'autoflower', sex: 'feminized' }, heightIndoor: 80, climates: ['tropical'], floweringDays: [70, 77] })).toEqual(['indoor', 'outdoor']);
  });
  it('every strain of the catalogue has a genotype and at least one setting; every genotype occurs', () => {
    for (const s of strainSeeds) expect(s.growSettings.length, s.slug).toBeGreaterThan(0);
    expect(new Set(strainSeeds.map((s) => s.genotype))).toEqual(new Set(['landrace', 'ibl', 'f1_hybrid', 'polyhybrid', 'auto_hybrid']));
  });
});
