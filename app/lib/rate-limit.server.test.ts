import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { hitRateLimit, pruneRateLimits } from './rate-limit.server.ts';

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

    it('counts concurrent hits exactly once each', async () => {
      const now = new Date();
      const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(ctx().db, 'contact:5.6.7.8', 5, 60_000, now)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.map((r) => r.remaining).sort((a, b) => a - b)[0]).toBe(0);
    });
  },
  { seed: false },
);
