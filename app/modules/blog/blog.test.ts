import { describe, expect, it } from 'vitest';
import { blogHref, formatDate, isoDay, pageWindow, paragraphs, parseBlogQuery, updatedLater } from './blog.ts';

describe('parseBlogQuery', () => {
  const parse = (q: string) => parseBlogQuery(new URLSearchParams(q));
  it('reads the category and page', () => {
    expect(parse('')).toEqual({ category: null, page: 1 });
    expect(parse('categorie=genetica&pagina=2')).toEqual({ category: 'genetica', page: 2 });
    expect(parse('categorie=')).toEqual({ category: null, page: 1 });
  });
  it.each(['pagina=0', 'pagina=01', 'pagina=-1', 'pagina=2x', 'pagina=', 'pagina=123456', 'categorie=Genetica', 'categorie=../x', 'categorie=a%20b'])(
    'refuses %s',
    (q) => {
      expect(parse(q)).toBeNull();
    },
  );
});

describe('pageWindow', () => {
  it('puts the featured post and a full grid on page 1, then six per page', () => {
    expect(pageWindow(8, 1, true)).toEqual({ offset: 0, limit: 7, page: 1, pageCount: 2, featured: true });
    expect(pageWindow(8, 2, true)).toEqual({ offset: 7, limit: 6, page: 2, pageCount: 2, featured: true });
    expect(pageWindow(7, 1, true)?.pageCount).toBe(1);
    expect(pageWindow(20, 4, true)).toEqual({ offset: 19, limit: 6, page: 4, pageCount: 4, featured: true });
  });
  it('pages a filtered listing six at a time', () => {
    expect(pageWindow(6, 1, false)).toEqual({ offset: 0, limit: 6, page: 1, pageCount: 1, featured: false });
    expect(pageWindow(13, 3, false)).toEqual({ offset: 12, limit: 6, page: 3, pageCount: 3, featured: false });
  });
  it('has a page 1 when empty and no page past the end', () => {
    expect(pageWindow(0, 1, false)?.pageCount).toBe(1);
    expect(pageWindow(0, 2, false)).toBeNull();
    expect(pageWindow(8, 3, true)).toBeNull();
    expect(pageWindow(8, 0, true)).toBeNull();
  });
});

describe('blogHref', () => {
  it('keeps the category and leaves page 1 out', () => {
    expect(blogHref({ category: null, page: 1 })).toBe('/blog');
    expect(blogHref({ category: 'genetica', page: 1 })).toBe('/blog?categorie=genetica');
    expect(blogHref({ category: 'genetica', page: 3 })).toBe('/blog?categorie=genetica&pagina=3');
    expect(blogHref({ category: null, page: 2 }, '/auteurs/sanne-de-vries')).toBe('/auteurs/sanne-de-vries?pagina=2');
  });
});

describe('dates', () => {
  it('formats in Dutch, in Amsterdam time', () => {
    expect(formatDate('2026-03-14T09:00:00Z')).toBe('14 maart 2026');
    // 23:30 UTC on 31 December is already New Year in Amsterdam.
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('1 januari 2026');
    expect(isoDay('2025-12-31T23:30:00Z')).toBe('2026-01-01');
  });
  it('shows an update only when it is on a later day', () => {
    expect(updatedLater('2026-03-14T08:00:00Z', '2026-03-14T20:00:00Z')).toBe(false);
    expect(updatedLater('2026-03-14T08:00:00Z', '2026-05-02T10:00:00Z')).toBe(true);
  });
});

describe('paragraphs', () => {
  it('splits on blank lines and folds whitespace', () => {
    expect(paragraphs('Een\nregel.\n\n  Twee. \n\n\n')).toEqual(['Een regel.', 'Twee.']);
  });
});
