import { describe, expect, it } from 'vitest';
import { cpuSlowdown, longTasksAfterPaint, misses } from './lighthouse.ts';

describe('cpuSlowdown', () => {
  it("follows Lighthouse's calculator: 4x at an index of 1,533 (its default host), 3x at 1,300, 2x at 800, 1x at 150", () => {
    expect(cpuSlowdown(1533)).toBeCloseTo(4, 2);
    expect(cpuSlowdown(1300)).toBe(3);
    expect(cpuSlowdown(800)).toBe(2);
    expect(cpuSlowdown(150)).toBe(1);
    expect(cpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(cpuSlowdown(1050)).toBeCloseTo(2.5, 2);
  });

  it('refuses a machine too slow to emulate the phone', () => {
    expect(() => cpuSlowdown(149)).toThrow(/too slow/);
  });
});

describe('longTasksAfterPaint', () => {
  const thread = { name: 'thread_name', ph: 'M', pid: 1, tid: 7, ts: 0, args: { name: 'CrRendererMain' } };
  const task = (ts: number, dur: number, tdur: number, tid = 7) => ({ name: 'RunTask', ph: 'X', pid: 1, tid, ts, dur, tdur });

  it("sums the page's main-thread tasks of 10 ms or more after its first paint: wall and thread time", () => {
    const events = [
      thread,
      { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 7, ts: 1_000_000 },
      task(500_000, 40_000, 30_000), // before the first paint
      task(1_100_000, 26_000, 600), // waited: 26 ms of wall, 0.6 ms run
      task(1_200_000, 12_000, 11_000),
      task(1_300_000, 9_000, 9_000), // under 10 ms: Lantern drops it
      task(1_400_000, 50_000, 50_000, 8), // another thread
    ];
    expect(longTasksAfterPaint(events)).toEqual({ wall: 38, thread: 11.6 });
  });

  it('has no figure without a first paint', () => {
    expect(longTasksAfterPaint([thread, task(0, 20_000, 20_000)]).wall).toBeNaN();
  });
});

describe('misses', () => {
  const front = { name: 'front', label: 'through the front', performance: 95, lcp: 2000 } as const;
  const straight = { name: 'straight', label: 'straight', performance: 90, lcp: 2500 } as const;
  const row = { page: '/', mode: front, performance: 95, lcp: 2000, cls: 0, accessibility: 100, bestPractices: 100, seo: 100, failed: [] as string[] };

  it('reads the budgets of ARCHITECTURE.md per mode: ≥ 95 and LCP ≤ 2.0 s through the front, ≥ 90 and ≤ 2.5 s straight', () => {
    expect(misses(row)).toEqual([]);
    expect(misses({ ...row, performance: 94 })).toEqual(['performance 94 < 95']);
    expect(misses({ ...row, performance: 94, mode: straight })).toEqual([]);
    expect(misses({ ...row, lcp: 2010 })).toEqual(['LCP 2.01 s > 2.0 s']);
    expect(misses({ ...row, lcp: 2010, mode: straight })).toEqual([]);
    expect(misses({ ...row, lcp: 2510, performance: 89, mode: straight })).toEqual(['performance 89 < 90', 'LCP 2.51 s > 2.5 s']);
  });

  it('wants 100 for accessibility, best practices and SEO, CLS ≤ 0.02, and lets only the cart miss is-crawlable', () => {
    expect(misses({ ...row, accessibility: 98, cls: 0.03 })).toEqual(['accessibility 98 < 100', 'CLS 0.030 > 0.02']);
    expect(misses({ ...row, cls: 0.02 })).toEqual([]);
    expect(misses({ ...row, seo: 60, failed: ['seo: is-crawlable'] })).toEqual(['seo 60 < 100 (seo: is-crawlable)']);
    expect(misses({ ...row, page: '/besteloverzicht', seo: 60, failed: ['seo: is-crawlable'] })).toEqual([]);
  });
});
