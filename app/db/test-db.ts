import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { type Database, openDatabase } from './client.server.ts';
import { seed } from './seed/index.ts';

/**
 * Runs the same suite on in-memory PGlite and, when TEST_DATABASE_URL is set,
 * on a fresh PostgreSQL database created for this suite and dropped after it.
 * Both start as a copy of a database migrated (and seeded) once by test-templates.global.ts.
 */
export function describeEachDatabase(name: string, suite: (ctx: () => Database) => void, opts: { seed?: boolean } = {}) {
  const drivers: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.TEST_DATABASE_URL) drivers.push('postgres');
  for (const driver of drivers) {
    describe(`${name} [${driver}]`, () => {
      let database: Database | undefined;
      let drop: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const kind = opts.seed === false ? 'bare' : 'seeded';
        const templates = inject('dbTemplates');
        if (driver === 'postgres') {
          const made = await createTestDatabase(process.env.TEST_DATABASE_URL!, templates?.postgres?.[kind]);
          drop = made.drop;
          database = await openDatabase({ url: made.url });
        } else {
          const template = templates ? new Blob([fs.readFileSync(templates.pglite[kind])]) : undefined;
          database = await openDatabase({ template });
        }
        if (opts.seed !== false && !templates) await seed(database.db);
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

/**
 * Runs one admin statement, again while PostgreSQL answers 55006 (object in use): a template copied by
 * another suite at the very same moment, or a database whose closing connections are not gone yet.
 */
async function adminWhileBusy(baseUrl: string, statement: string, attempts: number) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await admin.query(statement);
      } catch (e) {
        if ((e as { code?: string }).code !== '55006' || attempt >= attempts) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function createTestDatabase(baseUrl: string, template?: string) {
  const name = `kk_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminWhileBusy(baseUrl, `create database ${name}${template ? ` template ${template}` : ''}`, 50);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pool.end() resolves before its sockets have closed; a forced drop would kill them mid-close and
    // raise an unhandled error, so wait until the database is free instead.
    drop: async () => void (await adminWhileBusy(baseUrl, `drop database if exists ${name}`, 100)),
  };
}
