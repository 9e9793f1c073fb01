import { describe, expect, it } from 'vitest';
import { addToChoice, addToCompareHref, compareHref, compareRows, MAX_COMPARE, parseSlugs, resolveChoice } from './compare.ts';

describe('parseSlugs', () => {
  it('keeps slugs in order, lower-cased, without duplicates or empty parts', () => {
    expect(parseSlugs(' Gorilla-Glue ,,amnesia-haze,gorilla-glue')).toEqual({ slugs: ['gorilla-glue', 'amnesia-haze'], malformed: [] });
  });
  it('sets apart what cannot be a slug, cut when long', () => {
    const long = 'x'.repeat(60) + '!';
    const r = parseSlugs(`../etc,<b>,a--b,${long},ok`);
    expect(r.slugs).toEqual(['ok']);
    expect(r.malformed).toEqual(['../etc', '<b>', 'a--b', `${'x'.repeat(40)}…`]);
  });
  it('reads nothing from null', () => expect(parseSlugs(null)).toEqual({ slugs: [], malformed: [] }));
});

describe('resolveChoice', () => {
  const known = (s: string) => ['a', 'b', 'c', 'd', 'e'].includes(s);
  it('keeps the known strains and reports the unknown ones', () => {
    expect(resolveChoice('a,zz,b,%%', known)).toEqual({ slugs: ['a', 'b'], ignored: ['%%', 'zz'], overflow: [] });
  });
  it(`keeps at most ${MAX_COMPARE} and reports the rest`, () => {
    expect(resolveChoice('a,b,c,d,e', known)).toEqual({ slugs: ['a', 'b', 'c', 'd'], ignored: [], overflow: ['e'] });
  });
});

describe('addToChoice', () => {
  it('adds a new strain at the end, once', () => {
    expect(addToChoice(['a'], 'b')).toEqual({ slugs: ['a', 'b'], refused: null });
    expect(addToChoice(['a', 'b'], 'a')).toEqual({ slugs: ['a', 'b'], refused: null });
  });
  it('refuses a fifth and keeps the choice', () => {
    expect(addToChoice(['a', 'b', 'c', 'd'], 'e')).toEqual({ slugs: ['a', 'b', 'c', 'd'], refused: 'e' });
  });
  it('ignores a malformed slug', () => expect(addToChoice(['a'], '<x>')).toEqual({ slugs: ['a'], refused: null }));
});

describe('addresses', () => {
  it('builds the shareable and the add links', () => {
    expect(compareHref(['a', 'b'])).toBe('/vergelijken?soorten=a,b');
    expect(compareHref(['a'], 'e')).toBe('/vergelijken?soorten=a&niet-toegevoegd=e');
    expect(addToCompareHref('white-widow')).toBe('/vergelijken?toevoegen=white-widow');
  });
});

describe('compareRows', () => {
  it('marks a row as differing only when the values differ', () => {
    const rows = compareRows([
      [['THC', '20%'], ['Type', 'Indica']],
      [['THC', '20%'], ['Type', 'Sativa']],
    ]);
    expect(rows).toEqual([
      { label: 'THC', values: ['20%', '20%'], differs: false },
      { label: 'Type', values: ['Indica', 'Sativa'], differs: true },
    ]);
  });
  it('never marks a single strain as differing', () => {
    expect(compareRows([[['THC', '20%']]])[0]!.differs).toBe(false);
  });
});
