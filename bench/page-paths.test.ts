import { describe, expect, it } from 'vitest';
import { LISTING_PATHS, searchPathCount, listingPath, searchPath } from './page-paths.ts';

describe('paths that miss the page cache', () => {
  it('makes a different listing path for every index', () => {
    const paths = Array.from({ length: LISTING_PATHS }, (_, i) => listingPath(i));
    expect(new Set(paths).size).toBe(LISTING_PATHS);
    expect(LISTING_PATHS).toBeGreaterThan(100_000);
    expect(listingPath(0)).toBe('/product?thc-min=0&sorteer=populariteit');
  });

  it('makes a different search query for every index, with typos', () => {
    const paths = Array.from({ length: searchPathCount() }, (_, i) => searchPath(i));
    expect(new Set(paths).size).toBe(searchPathCount());
    expect(searchPathCount()).toBeGreaterThan(40_000);
    expect(paths).toContain('/product?q=amnsia');
    expect(paths).toContain('/product?q=amnesia+norhtern');
  });
});
