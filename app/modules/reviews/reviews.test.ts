import { describe, expect, it } from 'vitest';
import { parseWithZod } from '@conform-to/zod/v4';
import { reviewSeeds, reviewCountFor } from '~/db/seed/reviews.ts';
import { strainSeeds } from '~/db/seed/strains.ts';
import { parseHelpfulForm, reviewFormSchema } from './reviews.schemas.ts';
import { authorDisplayName, formatReviewDate, pageCount, pageWindow, parseReviewQuery, reviewQueryHref, summarise, voterKey } from './reviews.ts';

const q = (s: string) => parseReviewQuery(new URLSearchParams(s));

describe('parseReviewQuery', () => {
  it('defaults to the newest reviews of every strain, page 1', () => {
    expect(q('')).toEqual({ product: null, stars: [], verified: false, type: null, sort: 'nieuwste', page: 1 });
  });
  it('reads every parameter', () => {
    expect(q('product=northern-lights&sterren=4&sterren=5&geverifieerd=1&type=indica&sorteer=nuttigst&pagina=3')).toEqual({
      product: 'northern-lights',
      stars: [5, 4],
      verified: true,
      type: 'indica',
      sort: 'nuttigst',
      page: 3,
    });
    expect(q('sterren=1,3,3').stars).toEqual([3, 1]);
  });
  it('drops malformed values instead of failing', () => {
    expect(q('product=../etc&sterren=6&sterren=x&geverifieerd=nee&type=ruderalis&sorteer=random&pagina=0')).toEqual(q(''));
    expect(q('pagina=-2').page).toBe(1);
    expect(q('pagina=1e3').page).toBe(1);
    expect(q(`product=${'a'.repeat(101)}`).product).toBeNull();
  });
  it('round-trips through reviewQueryHref, leaving defaults out', () => {
    const query = q('sterren=5&sorteer=laagste&pagina=2&geverifieerd=1&product=skunk-1&type=hybrid');
    expect(reviewQueryHref(query)).toBe('/beoordelingen?product=skunk-1&sterren=5&geverifieerd=1&type=hybrid&sorteer=laagste&pagina=2');
    expect(parseReviewQuery(new URLSearchParams(reviewQueryHref(query).split('?')[1]))).toEqual(query);
    expect(reviewQueryHref(q('sorteer=nieuwste&pagina=1'))).toBe('/beoordelingen');
  });
});

describe('authorDisplayName', () => {
  it.each([
    ['Sanne de Vries', 'Sanne V.'],
    ['jan van der berg', 'Jan B.'],
    ['Priya', 'Priya'],
    ['  Mehmet   Yilmaz ', 'Mehmet Y.'],
    ['Els van de', 'Els D.'],
    ['', 'Klant'],
  ])('%s → %s', (name, shown) => expect(authorDisplayName(name)).toBe(shown));
});

describe('summarise', () => {
  it('counts, averages (× 10) and gives percentages per star, 5 first', () => {
    const s = summarise({ 5: 6, 4: 2, 3: 1, 1: 1 });
    expect(s.count).toBe(10);
    expect(s.avg10).toBe(42);
    expect(s.positive).toBe(80);
    expect(s.distribution).toEqual([
      { stars: 5, count: 6, percent: 60 },
      { stars: 4, count: 2, percent: 20 },
      { stars: 3, count: 1, percent: 10 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 1, percent: 10 },
    ]);
  });
  it('is all zeros without reviews', () => {
    expect(summarise({})).toMatchObject({ count: 0, avg10: 0, positive: 0 });
  });
});

describe('small helpers', () => {
  it('formats dates in Dutch', () => expect(formatReviewDate('2026-03-12T10:00:00Z')).toBe('12 maart 2026'));
  it('has at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
  it('windows the page numbers', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 25)).toEqual([1, 'gap', 5, 6, 7, 'gap', 25]);
    expect(pageWindow(25, 25)).toEqual([1, 'gap', 24, 25]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keys a vote by user, else by a well-formed visitor id', () => {
    expect(voterKey(7, 'abcdefghijklmnopqrstuv')).toBe('u:7');
    expect(voterKey(null, 'abcdefghijklmnopqrstuv')).toBe('v:abcdefghijklmnopqrstuv');
    expect(voterKey(null, 'short')).toBeNull();
    expect(voterKey(null, 'x'.repeat(22) + ';drop')).toBeNull();
    expect(voterKey(undefined, undefined)).toBeNull();
  });
});

describe('review form schema', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return parseWithZod(f, { schema: reviewFormSchema });
  };
  const errors = (fields: Record<string, string>) => {
    const s = form(fields);
    return s.status === 'error' ? s.error : undefined;
  };
  it('accepts a review and tidies its text', () => {
    const s = form({ rating: '4', title: '  Mooie   zaden ', body: 'Snel geleverd,\r\n\r\n\r\n\r\nnetjes verpakt   en de zaden zien er gaaf uit.' });
    expect(s.status).toBe('success');
    expect(s.status === 'success' && s.value).toEqual({
      rating: 4,
      title: 'Mooie zaden',
      body: 'Snel geleverd,\n\nnetjes verpakt en de zaden zien er gaaf uit.',
    });
  });
  it('gives a Dutch message per field', () => {
    expect(errors({ rating: '', title: '', body: '' })).toEqual({
      rating: ['Kies een aantal sterren.'],
      title: ['Titel is verplicht.'],
      body: ['Beoordeling is verplicht.'],
    });
    expect(errors({ rating: '9', title: 'Ok', body: 'Te kort.' })).toEqual({
      rating: ['Kies een aantal sterren.'],
      title: ['Gebruik minimaal 3 tekens voor de titel.'],
      body: ['Schrijf minimaal 30 tekens, zodat anderen er iets aan hebben.'],
    });
    expect(errors({ rating: '5', title: 'x'.repeat(81), body: 'y'.repeat(2001) })).toEqual({
      title: ['Gebruik maximaal 80 tekens voor de titel.'],
      body: ['Gebruik maximaal 2000 tekens.'],
    });
  });
  it('reads a helpful vote’s review id and refuses tampered ones', () => {
    const f = (v?: string) => {
      const d = new FormData();
      if (v !== undefined) d.append('reviewId', v);
      return parseHelpfulForm(d);
    };
    expect(f('12')).toBe(12);
    expect(f('0')).toBeNull();
    expect(f('abc')).toBeNull();
    expect(f('99999999999')).toBeNull();
    expect(f()).toBeNull();
  });
});

describe('demo reviews', () => {
  const seeds = reviewSeeds(strainSeeds);
  it('are deterministic', () => expect(reviewSeeds(strainSeeds)).toEqual(seeds));
  it('cover most strains, several for popular ones, with unique keys', () => {
    const per = new Map<string, number>();
    for (const r of seeds) per.set(r.slug, (per.get(r.slug) ?? 0) + 1);
    expect(per.size).toBeGreaterThan(strainSeeds.length * 0.6);
    expect(per.get('northern-lights')).toBe(reviewCountFor({ popularity: 98 }));
    expect(per.get('northern-lights')).toBeGreaterThanOrEqual(10);
    expect(new Set(seeds.map((r) => r.seedKey)).size).toBe(seeds.length);
  });
  it('are real text: no placeholders left, no repeated text or author within a strain', () => {
    for (const r of seeds) {
      expect(`${r.title} ${r.body} ${r.originalBody ?? ''}`).not.toMatch(/[{}]|lorem|undefined/i);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
    }
    const bySlug = new Map<string, typeof seeds>();
    for (const r of seeds) bySlug.set(r.slug, [...(bySlug.get(r.slug) ?? []), r]);
    for (const list of bySlug.values()) {
      expect(new Set(list.map((r) => r.body)).size).toBe(list.length);
      expect(new Set(list.map((r) => r.authorName)).size).toBe(list.length);
    }
  });
  it('mix translated (original kept), verified and critical reviews', () => {
    const translated = seeds.filter((r) => r.language !== 'nl');
    expect(translated.length).toBeGreaterThan(10);
    expect(translated.every((r) => r.originalBody && r.originalTitle && r.originalBody !== r.body)).toBe(true);
    expect(new Set(translated.map((r) => r.language))).toEqual(new Set(['en', 'de']));
    expect(seeds.filter((r) => r.language === 'nl').every((r) => r.originalBody === null)).toBe(true);
    const verified = seeds.filter((r) => r.verified).length / seeds.length;
    expect(verified).toBeGreaterThan(0.4);
    expect(verified).toBeLessThan(0.9);
    expect(seeds.some((r) => r.rating <= 2)).toBe(true);
    expect(seeds.every((r) => r.createdAt.getTime() < Date.UTC(2026, 10, 21))).toBe(true);
  });
});
