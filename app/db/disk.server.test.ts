// A full disk or a read-only data folder on the embedded database: writes fail with a
// storage error the server answers with its 503 page, reads keep working, nothing is corrupted, and the
// database opens cleanly afterwards. Runs on a size-limited tmpfs, which needs root (as on CI); skipped otherwise.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageError } from '~/lib/db-outage.ts';
import { lockDataDir, openDatabase, queryRows } from './client.server.ts';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-disk-'));
const canMount = (() => {
  try {
    execSync(`mount -t tmpfs -o size=200m tmpfs ${mountPoint}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(canMount)('embedded database on a full or read-only disk', () => {
  const dataDir = path.join(mountPoint, 'data');
  const filler = path.join(mountPoint, 'filler');
  afterAll(() => {
    execSync(`umount ${mountPoint}`, { stdio: 'ignore' });
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  beforeAll(async () => {
    const d = await openDatabase({ dataDir });
    await d.close();
  });

  it('a write on a full disk fails as a storage error; reads go on; after freeing space it works and reopens cleanly', async () => {
    const d = await openDatabase({ dataDir });
    try {
      await d.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('voor', 1, now())`);
      execSync(`dd if=/dev/zero of=${filler} bs=1M 2>/dev/null || true`);
      let failure: unknown = null;
      try {
        for (let i = 0; i < 50; i++) await d.db.execute(sql`insert into rate_limits (key, count, reset_at) select 'vol' || g || ${String(i)}, 1, now() from generate_series(1, 20000) g`);
      } catch (e) {
        failure = e;
      }
      expect(failure, 'a write on a full disk fails').not.toBeNull();
      expect(isStorageError(failure)).toBe(true);
      expect(await queryRows<{ key: string }>(d.db, sql`select key from rate_limits where key = 'voor'`)).toEqual([{ key: 'voor' }]);
      fs.rmSync(filler);
      await d.db.execute(sql`insert into rate_limits (key, count, reset_at) values ('na', 1, now())`);
    } finally {
      fs.rmSync(filler, { force: true });
      await d.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ key: string }>(again.db, sql`select key from rate_limits where key in ('voor', 'na') order by key`);
      expect(rows.map((r) => r.key)).toEqual(['na', 'voor']);
      expect(await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from rate_limits where key like 'vol%'`)).toEqual([{ n: 0 }]);
    } finally {
      await again.close();
    }
  });

  it('a read-only data folder gives a clear Dutch start-up error and leaves the database alone', async () => {
    execSync(`mount -o remount,ro ${mountPoint}`);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(/niet beschrijfbaar \(EROFS\)/);
    } finally {
      execSync(`mount -o remount,rw ${mountPoint}`);
    }
    const d = await openDatabase({ dataDir });
    await d.close();
  });
});
