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
 * On PostgreSQL the suite's handle is the shop's runtime role (DML only, ADR 056), as in production: code that
 * needs more than that fails here.
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
          await ensureDbRoles(process.env.TEST_DATABASE_URL!);
          database = await openDatabase({ url: withRole(made.url, DB_ROLES.runtime), migrationUrl: made.url });
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

/** The shop's two PostgreSQL roles, as README's "Database roles" and .ci/run make them. */
export const DB_ROLES = { owner: 'kiemkracht_owner', runtime: 'kiemkracht_shop' } as const;

/** Creates the roles when missing (the tests connect as a superuser), so `npm test` needs no .ci/run. */
export async function ensureDbRoles(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const role of Object.values(DB_ROLES)) {
      if ((await admin.query('select 1 from pg_roles where rolname = $1', [role])).rowCount) continue;
      // Another test worker may create it at the same moment.
      await admin.query(`create role ${role} login`).catch((e: { code?: string }) => {
        if (e.code !== '42710' && e.code !== '23505') throw e;
      });
    }
  } finally {
    await admin.end();
  }
}

/** The same database as another role (the local server trusts local connections: no password). */
export function withRole(url: string, role: string) {
  const u = new URL(url);
  u.username = role;
  u.password = '';
  return u.toString();
}

/**
 * A fresh, empty database owned by the owner role, as in production: its migrations run over `ownerUrl`,
 * the shop serves over `runtimeUrl`.
 */
export async function createRoleDatabase(adminUrl: string) {
  await ensureDbRoles(adminUrl);
  const made = await createTestDatabase(adminUrl);
  await adminWhileBusy(adminUrl, `alter database ${new URL(made.url).pathname.slice(1)} owner to ${DB_ROLES.owner}`, 0);
  return { ...made, ownerUrl: withRole(made.url, DB_ROLES.owner), runtimeUrl: withRole(made.url, DB_ROLES.runtime) };
}
