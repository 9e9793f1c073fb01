// Vitest global setup for the integration suites: migrate and seed once, then every suite starts from a copy
// (PostgreSQL: `create database … template`, PGlite: a dump loaded into a new instance) instead of migrating
// and seeding anew, which cost about 7 s a suite on PGlite and 2 s on PostgreSQL.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from './client.server.ts';
import { seed } from './seed/index.ts';

export type DbTemplates = {
  pglite: { bare: string; seeded: string };
  postgres?: { bare: string; seeded: string };
};

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-db-templates-'));
  const pglite = { bare: path.join(dir, 'bare.tar'), seeded: path.join(dir, 'seeded.tar') };
  const local = await openDatabase({});
  const client = (local.db as unknown as { $client: PGlite }).$client;
  fs.writeFileSync(pglite.bare, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await seed(local.db);
  fs.writeFileSync(pglite.seeded, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await local.close();

  const base = process.env.TEST_DATABASE_URL;
  let postgres: DbTemplates['postgres'];
  if (base) {
    const prefix = `kk_tpl_${crypto.randomBytes(4).toString('hex')}`;
    postgres = { bare: `${prefix}_bare`, seeded: `${prefix}_seeded` };
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      for (const [kind, name] of Object.entries(postgres)) {
        await admin.query(`create database ${name}`);
        const url = new URL(base);
        url.pathname = `/${name}`;
        const db = await openDatabase({ url: url.toString() });
        if (kind === 'seeded') await seed(db.db);
        await db.close();
      }
    } finally {
      await admin.end();
    }
  }
  project.provide('dbTemplates', { pglite, postgres });

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!base || !postgres) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    for (const name of Object.values(postgres)) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  };
}
