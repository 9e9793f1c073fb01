import { describe, expect, it } from 'vitest';
import { type PageResult, budgetMisses, pageRows } from './pages.ts';

const result = (over: { share: number; p99: number; unexpected?: number }, row = pageRows.find((r) => r.name === 'cart page')!): PageResult => ({
  ...row,
  load: { rps: 500, p50: 20, p99: over.p99, requests: 0, errors: 0, unexpected: over.unexpected ?? 0 },
  floor: 1000,
  share: over.share,
  sharesByRound: [over.share, over.share, over.share],
  cache: 'not cacheable',
  cpu: 2,
  floorCpu: 0.5,
});

describe('page budgets', () => {
  it('passes a row at its share and p99 budgets', () => {
    expect(budgetMisses([result({ share: 0.4, p99: 150 })])).toEqual([]);
  });

  it('fails a row under its share of the floor', () => {
    expect(budgetMisses([result({ share: 0.39, p99: 50 })])).toEqual(['visitor with a cart (3 lines), cart page (/besteloverzicht): 39% of the floor, budget ≥ 40%']);
  });

  it('fails a row whose p99 is over its budget, and one with unexpected answers', () => {
    const misses = budgetMisses([result({ share: 0.9, p99: 151 }), result({ share: 0.9, p99: 20, unexpected: 3 })]);
    expect(misses).toEqual(['visitor with a cart (3 lines), cart page (/besteloverzicht): p99 151 ms, budget ≤ 150 ms', 'visitor with a cart (3 lines), cart page (/besteloverzicht): 3 unexpected answers']);
  });

  it('fails a row whose measurement failed (no figures)', () => {
    expect(budgetMisses([result({ share: NaN, p99: NaN })])).toHaveLength(2);
  });

  it('holds cached rows to their share only, and every uncached row to p99 ≤ 150 ms', () => {
    const home = pageRows.find((r) => r.visitor === 'anonymous' && r.path === '/')!;
    expect(budgetMisses([result({ share: 1.2, p99: 400 }, home)])).toEqual([]);
    const uncached = pageRows.filter((r) => r.budget < 1 && r.p99 !== undefined).map((r) => r.name);
    expect(uncached).toEqual(['listing, new filters each request', 'search, new query each request', 'account', 'account orders', 'cart page', 'checkout', 'order status (signed link)']);
    expect(pageRows.filter((r) => r.p99 !== undefined).every((r) => r.p99 === 150)).toBe(true);
  });
});
