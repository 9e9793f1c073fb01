import { describe, expect, it } from 'vitest';
import { testProduct as product } from '~/test/test-product.ts';
import { emptyGrowerProfile, type GrowerProfile, hasGrowerProfile, profileLabels } from './grower-profile.ts';
import { profileAnswers, recommendStrains } from '~/flows/recommend-strains.ts';

const profile = (over: Partial<GrowerProfile>): GrowerProfile => ({ ...emptyGrowerProfile(), ...over });
const YEAR = 2026;

describe('hasGrowerProfile', () => {
  it('is false only when nothing is told', () => {
    expect(hasGrowerProfile(emptyGrowerProfile())).toBe(false);
    expect(hasGrowerProfile(profile({ growingSince: 2020 }))).toBe(true);
    expect(hasGrowerProfile(profile({ favouriteIds: [3] }))).toBe(true);
  });
});

describe('profileLabels', () => {
  it('uses the catalogue words for flowering and type', () => {
    expect(profileLabels.floweringPreference('photoperiod')).toBe('Fotoperiode');
    expect(profileLabels.favouriteType('mostly_indica')).toBe('Overwegend indica');
    expect(profileLabels.cultivationMethod('hydroponics')).toBe('Hydrocultuur');
  });
});

describe('profileAnswers: the profile as seedfinder answers', () => {
  it('years of growing become the experience', () => {
    expect(profileAnswers(profile({ growingSince: 2026 }), [], YEAR)).toEqual({ experience: 'beginner' });
    expect(profileAnswers(profile({ growingSince: 2025 }), [], YEAR)).toEqual({ experience: 'beginner' });
    expect(profileAnswers(profile({ growingSince: 2024 }), [], YEAR)).toEqual({ experience: 'some' });
    expect(profileAnswers(profile({ growingSince: 2021 }), [], YEAR)).toEqual({ experience: 'expert' });
  });

  it('the method becomes the place: a greenhouse is outdoors, hydroponics indoors', () => {
    const place = (m: GrowerProfile['cultivationMethod']) => profileAnswers(profile({ cultivationMethod: m }), [], YEAR).place;
    expect([place('indoor'), place('hydroponics'), place('outdoor'), place('greenhouse'), place(null)]).toEqual([
      'indoor',
      'indoor',
      'outdoor',
      'outdoor',
      undefined,
    ]);
  });

  it('the favourites give the effect and flavour they share most (earlier positions weigh more), only quiz values', () => {
    const a = product({ effects: ['ontspannend', 'vrolijk'], flavours: ['citroen', 'aards'] });
    const b = product({ effects: ['vrolijk', 'ontspannend'], flavours: ['aards'] });
    const c = product({ effects: ['ontspannend'], flavours: ['aards', 'zoet'] });
    expect(profileAnswers(profile({}), [a, b, c], YEAR)).toEqual({ effect: 'ontspannend', flavour: 'aards' });
    // 'citroen' is not a quiz flavour: it is left out rather than guessed.
    expect(profileAnswers(profile({}), [product({ effects: [], flavours: ['citroen'] })], YEAR)).toEqual({});
  });
});

describe('recommendStrains', () => {
  const fav = product({ name: 'Favoriet', slug: 'favoriet', type: 'indica', relatedSlugs: ['familie'] });
  const family = product({ name: 'Familie', slug: 'familie', type: 'sativa', popularity: 10 });
  const indicaAuto = product({ name: 'Indica Auto', type: 'indica', flowering: 'autoflower', floweringDaysMin: 70, floweringDaysMax: 80, popularity: 20 });
  const indicaPhoto = product({ name: 'Indica Foto', type: 'indica', popularity: 90 });
  const sativaAuto = product({ name: 'Sativa Auto', type: 'sativa', flowering: 'autoflower', popularity: 30 });
  const hybridAuto = product({ name: 'Hybride Auto', type: 'mostly_indica', flowering: 'autoflower', popularity: 40 });
  const soldOut = product({ name: 'Uitverkocht', type: 'indica', flowering: 'autoflower', popularity: 99 });
  const all = [fav, family, indicaAuto, indicaPhoto, sativaAuto, hybridAuto, soldOut];

  it('leaves out the favourites and what `include` refuses, and returns four by default', () => {
    const recs = recommendStrains(all, profile({ favouriteIds: [fav.id], favouriteType: 'indica' }), { year: YEAR, include: (p) => p !== soldOut });
    expect(recs).toHaveLength(4);
    expect(recs.map((r) => r.product.name)).not.toContain('Favoriet');
    expect(recs.map((r) => r.product.name)).not.toContain('Uitverkocht');
  });

  it('favourite type and flowering preference decide the order, each with its reason', () => {
    const recs = recommendStrains(all, profile({ favouriteType: 'indica', floweringPreference: 'autoflower' }), { year: YEAR, limit: 3 });
    expect(recs.map((r) => [r.product.name, r.reason])).toEqual([
      // exact type + auto: the type is the more personal reason
      ['Uitverkocht', 'Indica, je favoriete type'],
      ['Indica Auto', 'Indica, je favoriete type'],
      // neighbouring type + auto
      ['Hybride Auto', 'Autoflower: oogstklaar in 60–67 dagen vanaf zaad'],
    ]);
    // A photoperiod strain of the favourite type loses to autoflowers of other types for an autoflower grower.
    const order = recommendStrains(all, profile({ favouriteType: 'indica', floweringPreference: 'autoflower' }), { year: YEAR, limit: 10 }).map(
      (r) => r.product.name,
    );
    expect(order.indexOf('Sativa Auto')).toBeLessThan(order.indexOf('Indica Foto'));
  });

  it('a strain related to a favourite says so', () => {
    const [first] = recommendStrains(all, profile({ favouriteIds: [fav.id] }), { year: YEAR, limit: 1 });
    expect(first).toMatchObject({ product: { name: 'Familie' }, reason: 'Verwant aan je favoriet Favoriet' });
  });

  it('uses the seedfinder scoring: a beginner gets easy strains with the seedfinder reason', () => {
    const easy = product({ name: 'Makkelijk', difficulty: 'beginner', popularity: 1 });
    const hard = product({ name: 'Moeilijk', difficulty: 'expert', popularity: 100 });
    const recs = recommendStrains([easy, hard], profile({ growingSince: 2026 }), { year: YEAR });
    expect(recs.map((r) => [r.product.name, r.reason])).toEqual([
      ['Makkelijk', 'Geschikt voor beginners'],
      ['Moeilijk', 'Populair bij andere kwekers'],
    ]);
  });

  it('ties go to popularity, then the name', () => {
    const a = product({ name: 'Bravo', popularity: 5 });
    const b = product({ name: 'Alfa', popularity: 5 });
    const c = product({ name: 'Charlie', popularity: 9 });
    expect(recommendStrains([a, b, c], profile({ cultivationMethod: 'greenhouse' }), { year: YEAR }).map((r) => r.product.name)).toEqual([
      'Charlie',
      'Alfa',
      'Bravo',
    ]);
  });
});
