import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Database, openDatabase } from './client.server.ts';
import { seed } from './seed/index.ts';

/**
 * Runs the same suite on in-memory PGlite and, when TEST_DATABASE_URL is set,
 * on a fresh PostgreSQL database created for this suite and dropped after it.
 */
export function describeEachDatabase(name: string, suite: (ctx: () => Database) => void, opts: { seed?: boolean } = {}) {
  const drivers: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.TEST_DATABASE_URL) drivers.push('postgres');
  for (const driver of drivers) {
    describe(`${name} [${driver}]`, () => {
      let database: Database | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        if (driver === 'postgres') {
          const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
          drop = made.drop;
          database = await openDatabase({ url: made.url });
        } else {
          database = await openDatabase({});
        }
        if (opts.seed !== false) await seed(database.db);
      });
      afterAll(async () => {
        await database?.close();
        await drop?.();
      });
      suite(() => {
        if (!database) throw new Error('database not open yet');
        return database;
      });
    });
  }
}

export async function createTestDatabase(baseUrl: string) {
  const name = `kk_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pool.end() resolves before its sockets have closed; a forced drop would kill them mid-close and
    // raise an unhandled error, so wait until the database is free instead.
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== '55006' || attempt > 100) throw e;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}
