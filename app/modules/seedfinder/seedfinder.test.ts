import { describe, expect, it } from 'vitest';
import { testProduct as product } from '~/test/test-product.ts';
import { hasAnswers, rankStrains, scoreStrain } from './seedfinder.ts';
import { parseAnswers } from './seedfinder.schemas.ts';

const easyAuto = product({
  name: 'Easy Auto',
  flowering: 'autoflower',
  difficulty: 'beginner',
  heightIndoor: 70,
  heightOutdoor: 90,
  climates: ['temperate', 'mountains', 'polar'],
  floweringDaysMin: 70,
  floweringDaysMax: 77,
  effects: ['vrolijk', 'ontspannend'],
  flavours: ['citrus', 'zoet'],
  thc: 160,
  yieldIndoor: 380,
  yieldOutdoor: 120,
  popularity: 40,
});
const kush = product({
  name: 'Kush',
  type: 'indica',
  difficulty: 'beginner',
  heightIndoor: 90,
  climates: ['temperate'],
  floweringDaysMin: 56,
  floweringDaysMax: 63,
  effects: ['ontspannend', 'slaperig'],
  flavours: ['aards', 'kruidig'],
  thc: 240,
  yieldIndoor: 550,
  popularity: 60,
});
const haze = product({
  name: 'Haze',
  type: 'sativa',
  difficulty: 'expert',
  heightIndoor: 190,
  heightOutdoor: 350,
  climates: ['tropical', 'mediterranean'],
  floweringDaysMin: 77,
  floweringDaysMax: 91,
  effects: ['energiek', 'creatief'],
  flavours: ['citrus', 'pijnboom'],
  thc: 220,
  yieldOutdoor: 900,
  popularity: 70,
});
const relief = product({
  name: 'CBD Relief',
  difficulty: 'beginner',
  thc: 50,
  cbd: 120,
  effects: ['kalmerend'],
  flavours: ['bessen'],
  ratingAvg: 47,
  popularity: 30,
});
const popular = product({ name: 'Populair', popularity: 99 });
const all = [easyAuto, kush, haze, relief, popular];
const names = (a: Parameters<typeof rankStrains>[1], limit?: number) => rankStrains(all, a, limit).map((r) => r.product.name);

describe('rankStrains', () => {
  it('puts the best match first for several profiles', () => {
    expect(names({ experience: 'beginner', place: 'indoor', space: 'small', effect: 'ontspannend', cannabinoid: 'high-thc' })[0]).toBe('Kush');
    expect(names({ experience: 'beginner', patience: 'fast', climate: 'polar', effect: 'vrolijk' })[0]).toBe('Easy Auto');
    expect(names({ experience: 'expert', place: 'outdoor', climate: 'tropical', effect: 'energiek', yieldPriority: 'high', patience: 'patient' })[0]).toBe(
      'Haze',
    );
    expect(names({ cannabinoid: 'high-cbd', effect: 'kalmerend' })[0]).toBe('CBD Relief');
  });

  it('says in Dutch why a strain matched', () => {
    const [best] = rankStrains(all, {
      experience: 'beginner',
      place: 'indoor',
      space: 'small',
      climate: 'temperate',
      flavour: 'aards',
      patience: 'normal',
      cannabinoid: 'high-thc',
    });
    expect(best?.product.name).toBe('Kush');
    expect(best?.reasons).toEqual([
      'Geschikt voor beginners',
      'Voelt zich thuis in een gematigd klimaat',
      'Blijft compact: ongeveer 90 cm binnen',
      'Smaak: aards',
      'Bloeit in ongeveer 56–63 dagen',
      'Hoog THC: 24%',
    ]);
    expect(scoreStrain(relief, { cannabinoid: 'high-cbd' }).reasons).toEqual(['Hoog CBD: 12%']);
    expect(scoreStrain(relief, { cannabinoid: 'balanced' }).reasons).toEqual(['Mild: 5% THC en 12% CBD']);
    expect(scoreStrain(product({ thc: 75, cbd: 80 }), { cannabinoid: 'balanced' })).toEqual({ score: 4, reasons: ['In balans: 7,5% THC en 8% CBD'] });
    expect(scoreStrain(easyAuto, { patience: 'fast' }).reasons).toEqual(['Autoflower: oogstklaar in 70–77 dagen vanaf zaad']);
    expect(scoreStrain(haze, { yieldPriority: 'high', place: 'outdoor' }).reasons).toContain('Hoge opbrengst: ongeveer 900 g per plant buiten');
    expect(scoreStrain(relief, { yieldPriority: 'low' }).reasons).toEqual(['Hoog gewaardeerd: 4,7 van 5 sterren']);
    // A close flavour word in the catalogue counts, and the reason uses the strain's own word.
    expect(scoreStrain(product({ flavours: ['zoet', 'citroen'] }), { flavour: 'citrus' })).toEqual({ score: 2, reasons: ['Smaak: citroen'] });
  });

  it('penalises hard mismatches without giving a reason for them', () => {
    const beginner = scoreStrain(haze, { experience: 'beginner' });
    expect(beginner.score).toBeLessThan(0);
    expect(beginner.reasons).toEqual([]);
    // Outdoors in a polar climate a photoperiod strain will not finish; an autoflower will.
    expect(scoreStrain(kush, { climate: 'polar', place: 'outdoor' }).score).toBeLessThan(0);
    expect(scoreStrain(easyAuto, { climate: 'polar', place: 'outdoor' }).reasons).toContain('Autoflower: rijpt ook in een korte zomer');
    // Indoors the climate hardly matters, so no penalty there.
    expect(scoreStrain(kush, { climate: 'polar', place: 'indoor' })).toEqual({ score: 1, reasons: ['Handzaam in een kweektent: ongeveer 90 cm'] });
    expect(scoreStrain(haze, { space: 'small' }).score).toBeLessThan(0);
    expect(scoreStrain(haze, { patience: 'fast' }).score).toBeLessThan(0);
    expect(scoreStrain(kush, { cannabinoid: 'high-cbd' }).score).toBeLessThan(0);
    expect(names({ experience: 'beginner' }).at(-1)).toBe('Haze');
  });

  it('ignores indoor height for an outdoor grower', () => {
    expect(scoreStrain(haze, { space: 'small', place: 'outdoor' }).score).toBe(0);
  });

  it('ranks an unanswered quiz by popularity, then by name', () => {
    const twin = product({ name: 'Aardbei', popularity: 99 });
    expect(rankStrains([...all, twin], {}).map((r) => r.product.name)).toEqual(['Aardbei', 'Populair', 'Haze', 'Kush', 'Easy Auto', 'CBD Relief']);
    expect(names({}, 2)).toEqual(['Populair', 'Haze']);
    expect(rankStrains(all, {}).every((r) => r.score === 0 && r.reasons.length === 0)).toBe(true);
  });
});

describe('parseAnswers', () => {
  it('keeps known answers and drops junk without throwing', () => {
    const params = new URLSearchParams('experience=guru&effect=Ontspannend&place=&flavour=tropisch+fruit&space=small&space=large&foo=bar&cannabinoid=high-cbd');
    expect(parseAnswers(params)).toEqual({ effect: 'ontspannend', flavour: 'tropisch fruit', space: 'small', cannabinoid: 'high-cbd' });
    expect(parseAnswers(new URLSearchParams('experience=%00%FF&patience[]=fast'))).toEqual({});
    expect(hasAnswers(parseAnswers(new URLSearchParams('')))).toBe(false);
    expect(hasAnswers(parseAnswers(new URLSearchParams('yieldPriority=high')))).toBe(true);
  });
});
