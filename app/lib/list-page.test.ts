import { describe, expect, it } from 'vitest';
import { listPage, pageCount } from './list-page.ts';

describe('listPage', () => {
  it('reads a whole page number from 1 to 10,000 and falls back to 1', () => {
    const page = (query: string) => listPage(new URLSearchParams(query));
    expect(page('')).toBe(1);
    expect(page('pagina=3')).toBe(3);
    expect(page('pagina=2.7')).toBe(2);
    expect(page('pagina=0')).toBe(1);
    expect(page('pagina=-4')).toBe(1);
    expect(page('pagina=abc')).toBe(1);
    expect(page('pagina=99999999')).toBe(10_000);
  });
});

describe('pageCount', () => {
  it('rounds up and keeps one page for an empty list', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
