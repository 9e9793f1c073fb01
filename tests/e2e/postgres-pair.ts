import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

export type PostgresPair = { url: string; a: RunningServer; b: RunningServer; sql: pg.Client };

/**
 * For a describe block that proves something across two shop processes on one PostgreSQL database: a fresh
 * database (`<prefix>_<pid>_<time>`), two servers on it and a client for checking rows, started before the block's
 * tests and stopped and dropped after. Read the fields inside a test, once they are set. Without
 * TEST_DATABASE_URL the block is skipped and nothing connects.
 */
export function postgresPair(prefix: string): PostgresPair {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://skipped@127.0.0.1/skipped';
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pair = { url: url.toString() } as PostgresPair;
  let admin: pg.Client | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    [pair.a, pair.b] = await Promise.all([startServer({ DATABASE_URL: pair.url }), startServer({ DATABASE_URL: pair.url })]);
    pair.sql = new pg.Client({ connectionString: pair.url });
    await pair.sql.connect();
  }, 120_000);

  afterAll(async () => {
    await pair.sql?.end();
    await pair.a?.stop();
    await pair.b?.stop();
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin?.end();
  });
  return pair;
}
