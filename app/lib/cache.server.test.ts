import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { LISTENER_NAME, openDatabase } from '~/db/client.server.ts';
import { createTestDatabase } from '~/db/test-db.ts';
import { cached, invalidate, MAX_ENTRIES } from './cache.server.ts';

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
    // No wait: the cache's own handler on the failed load ran before this test saw the rejection.
    expect(await cached(owner, 'k', 60_000, async () => 'ok')).toBe('ok');
  });

  it('keeps at most MAX_ENTRIES: the least recently used go first', async () => {
    const owner = {};
    let loads = 0;
    const load = async () => ++loads;
    await cached(owner, 'search:first', 60_000, load);
    for (let i = 0; i < MAX_ENTRIES + 10; i++) await cached(owner, `search:${i}`, 60_000, async () => i);
    const before = loads;
    await cached(owner, 'search:first', 60_000, load);
    expect(loads).toBe(before + 1);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('broadcasts invalidations to other processes on PostgreSQL', async () => {
    const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const a = await openDatabase({ url: made.url });
    const b = await openDatabase({ url: made.url });
    try {
      let loads = 0;
      const load = async () => ++loads;
      await cached(a.db, 'catalogue', 60_000, load);
      invalidate(b.db, 'catalogue');
      await expect.poll(() => cached(a.db, 'catalogue', 60_000, load), { timeout: 5_000 }).toBe(2);
    } finally {
      await a.close();
      await b.close();
      await made.drop();
    }
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)('a dropped listener reconnects, drops the whole cache, and hears broadcasts again', async () => {
    const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    const a = await openDatabase({ url: made.url });
    const b = await openDatabase({ url: made.url });
    const admin = new pg.Client({ connectionString: made.url });
    await admin.connect();
    try {
      let loads = 0;
      const load = async () => ++loads;
      await cached(a.db, 'catalogue', 60_000, load);
      // Kill every listener of this database; each process must reconnect on its own.
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME]);
      // Notifications may have been missed while it was away: the reconnect empties the cache.
      await expect.poll(() => cached(a.db, 'catalogue', 60_000, load), { timeout: 10_000 }).toBe(2);
      await expect
        .poll(async () => (await admin.query('select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME])).rows[0].n, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      invalidate(b.db, 'catalogue');
      await expect.poll(() => cached(a.db, 'catalogue', 60_000, load), { timeout: 5_000 }).toBe(3);
    } finally {
      await admin.end();
      await a.close();
      await b.close();
      await made.drop();
    }
  });
});
