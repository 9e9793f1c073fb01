import { describe, expect, it } from 'vitest';
import { openDatabase } from '~/db/client.server.ts';
import { cached, invalidate } from './cache.server.ts';

describe('read cache', () => {
  it('serves a cached value until invalidated', async () => {
    const owner = {};
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached(owner, 'k', 60_000, load)).toBe(1);
    expect(await cached(owner, 'k', 60_000, load)).toBe(1);
    invalidate(owner, 'k');
    expect(await cached(owner, 'k', 60_000, load)).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const owner = {};
    await expect(cached(owner, 'k', 60_000, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cached(owner, 'k', 60_000, async () => 'ok')).toBe('ok');
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('broadcasts invalidations to other processes on PostgreSQL', async () => {
    const a = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    const b = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    try {
      let loads = 0;
      const load = async () => ++loads;
      await cached(a.db, 'catalogue', 60_000, load);
      invalidate(b.db, 'catalogue');
      await expect.poll(() => cached(a.db, 'catalogue', 60_000, load), { timeout: 5_000 }).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
