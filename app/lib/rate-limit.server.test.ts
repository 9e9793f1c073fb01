import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { clearRateLimit, forgiveRateLimit, hitRateLimit, pruneRateLimits } from './rate-limit.server.ts';

describeEachDatabase(
  'database rate limiter',
  (ctx) => {
    it('allows `limit` hits per window, then refuses until the window resets', async () => {
      const t0 = new Date('2026-01-01T10:00:00Z');
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await hitRateLimit(ctx().db, 'login:1.2.3.4', 3, 60_000, t0));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      const later = new Date(t0.getTime() + 60_001);
      expect((await hitRateLimit(ctx().db, 'login:1.2.3.4', 3, 60_000, later)).allowed).toBe(true);
      await pruneRateLimits(ctx().db, new Date(later.getTime() + 120_000));
    });

    it('a forgiven hit no longer counts; forgiving never goes below zero or revives an expired window', async () => {
      const t0 = new Date('2026-01-01T10:00:00Z');
      for (let i = 0; i < 3; i++) {
        expect((await hitRateLimit(ctx().db, 'login:ok', 3, 60_000, t0)).allowed).toBe(true);
        await forgiveRateLimit(ctx().db, 'login:ok', t0);
      }
      // Three successes used nothing: three failures still fit, the fourth is refused.
      const failures = [];
      for (let i = 0; i < 4; i++) failures.push((await hitRateLimit(ctx().db, 'login:ok', 3, 60_000, t0)).allowed);
      expect(failures).toEqual([true, true, true, false]);
      await forgiveRateLimit(ctx().db, 'login:never-hit', t0);
      expect((await hitRateLimit(ctx().db, 'login:never-hit', 1, 60_000, t0)).allowed).toBe(true);
      const later = new Date(t0.getTime() + 60_001);
      await forgiveRateLimit(ctx().db, 'login:ok', later);
      expect((await hitRateLimit(ctx().db, 'login:ok', 3, 60_000, later)).remaining).toBe(2);
    });

    it('a cleared key starts a fresh window', async () => {
      const t0 = new Date('2026-01-01T10:00:00Z');
      for (let i = 0; i < 3; i++) await hitRateLimit(ctx().db, 'login:clear', 3, 60_000, t0);
      expect((await hitRateLimit(ctx().db, 'login:clear', 3, 60_000, t0)).allowed).toBe(false);
      await clearRateLimit(ctx().db, 'login:clear');
      expect((await hitRateLimit(ctx().db, 'login:clear', 3, 60_000, t0)).remaining).toBe(2);
    });

    it('counts concurrent hits exactly once each', async () => {
      const now = new Date();
      const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(ctx().db, 'contact:5.6.7.8', 5, 60_000, now)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.map((r) => r.remaining).sort((a, b) => a - b)[0]).toBe(0);
    });
  },
  { seed: false },
);
