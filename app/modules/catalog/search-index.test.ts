import { describe, expect, it } from 'vitest';
import { buildSearchIndex, parseTsQuery, parseTsVector, searchIndex, trigrams, tsMatches } from './search-index.ts';

describe('search index', () => {
  it("makes pg_trgm's trigrams: words of letters and digits, lower case, padded", () => {
    expect(trigrams('Ab, c')).toEqual(['  a', ' ab', 'ab ', '  c', ' c ']);
  });

  it('evaluates websearch queries on a tsvector, phrases by position', () => {
    const v = parseTsVector(`'blue':1 'dream':2 'kush':5`)!;
    const q = (t: string) => parseTsQuery(t) as Exclude<ReturnType<typeof parseTsQuery>, null | 'empty'>;
    expect(tsMatches(q(`'blue' <-> 'dream'`), v)).toBe(true);
    expect(tsMatches(q(`'dream' <-> 'blue'`), v)).toBe(false);
    expect(tsMatches(q(`'blue' & !'haze'`), v)).toBe(true);
    expect(tsMatches(q(`'haze' | 'kush'`), v)).toBe(true);
    expect(tsMatches(q(`'blue' <2> 'kush'`), v)).toBe(false);
  });

  it('leaves to the database what it does not evaluate', () => {
    expect(parseTsQuery('')).toBe('empty');
    expect(parseTsQuery(`'blu':*`)).toBeNull();
    expect(parseTsQuery(`'a' <-> !'b'`)).toBeNull();
    expect(parseTsVector(`'a':1A`)).toBeNull();
  });

  it('finds by a typo in the name, best match first, at most 60', () => {
    const index = buildSearchIndex([
      { id: 1, name: 'Amnesia Haze', searchDocument: 'Amnesia Haze Haze citroen', searchVector: `'amnesia':1 'haze':2,3 'citroen':4` },
      { id: 2, name: 'Northern Lights', searchDocument: 'Northern Lights Afghani aards', searchVector: `'northern':1 'light':2 'afghani':3 'aard':4` },
    ])!;
    expect(searchIndex(index, 'amnsia', 'empty')).toEqual([1]);
    expect(searchIndex(index, 'qqqxxzzv', 'empty')).toEqual([]);
  });

  it('keeps a strain the full text finds though its name and document share no trigram with the words', () => {
    const index = buildSearchIndex([
      { id: 1, name: 'Qq', searchDocument: 'Qq', searchVector: `'abc':1` },
      { id: 2, name: 'Zzz', searchDocument: 'Zzz', searchVector: `'zzz':1` },
    ])!;
    expect(searchIndex(index, 'xyw', parseTsQuery(`'abc'`) as Exclude<ReturnType<typeof parseTsQuery>, null>)).toEqual([1]);
    // The query's marks are cleared after it: the next query does not share the previous one's trigrams.
    expect(searchIndex(index, 'zzz', 'empty')).toEqual([2]);
    expect(searchIndex(index, 'qqq', 'empty')).toEqual([1]);
  });
});
