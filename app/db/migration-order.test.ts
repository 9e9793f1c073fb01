import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator runs only the migrations whose journal time is later than the last one a database recorded.
// A migration whose time is earlier than its predecessor's is skipped on every database that already had the
// predecessor: a shop upgrading from the release before would silently miss its tables.
describe('the migration journal', () => {
  const journal = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };

  it('lists every migration file once, in order', () => {
    const files = fs.readdirSync(path.join(import.meta.dirname, '../../drizzle')).filter((f) => f.endsWith('.sql')).sort();
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });

  it('gives each migration a later time than the one before, so an upgraded database runs it', () => {
    // drizzle-kit writes the clock's time; the journal uses 1800000000000 + number × 1000 (README, db:generate).
    for (const [i, e] of journal.entries.entries()) if (i > 0) expect(e.when, `${e.tag}: set its when to ${1800000000000 + e.idx * 1000}`).toBeGreaterThan(journal.entries[i - 1]!.when);
  });
});

describe('upgrading a database', () => {
  it('a database migrated by an older release gets every later migration on the next start', async () => {
    const folder = path.join(import.meta.dirname, '../../drizzle');
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    // The release before: the same folder with its last two migrations not yet written.
    const older = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'kk-migrations-'));
    try {
      fs.mkdirSync(path.join(older, 'meta'));
      const kept = journal.entries.slice(0, -2);
      fs.writeFileSync(path.join(older, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
      for (const e of kept) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(older, `${e.tag}.sql`));
      const client = new PGlite({ extensions: { pg_trgm } });
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: older });
      await migrate(db, { migrationsFolder: folder });
      const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      await client.close();
    } finally {
      fs.rmSync(older, { recursive: true, force: true });
    }
  }, 60_000);
});
