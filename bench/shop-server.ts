// The shop as it is deployed: `node scripts/start.mjs` (the supervisor with WEB_CONCURRENCY workers) on the
// existing build (SKIP_BUILD=1: the bench never rebuilds), behind a proxy on this machine (TRUST_PROXY=loopback,
// so the bench's X-Forwarded-For is the client address the rate limits see), and a fresh database per run.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/e2e/server.ts';

export type Shop = { url: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> };

export async function startShop(opts: { workers: number; dataDir?: string; databaseUrl?: string }): Promise<Shop> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kk-bench-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      WEB_CONCURRENCY: String(opts.workers),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Each worker logs one line when it listens; warnings and errors are passed on.
  let listening = 0;
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (line.includes('Kiemkracht draait op')) listening++;
      else if (/"level":(4|5|6)0/.test(line)) console.error(line);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; listening < opts.workers; ) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the shop's ${opts.workers} worker(s) did not start within 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const exited = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  // A data folder made here goes with the shop; one passed in belongs to the caller.
  const stop = async () => {
    await exited();
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, child, stop };
}

/** A fresh PostgreSQL database next to `adminUrl`'s (kk_bench_<random>), dropped by `drop`. */
export async function createDatabase(adminUrl: string) {
  const name = `kk_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // Not `with (force)`: pool.end() resolves before its sockets have closed, and killing them mid-close makes the
    // closing side log an outage. Wait while PostgreSQL says the database is in use (55006) instead.
    drop: async () => {
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.query(`drop database if exists ${name}`);
            return;
          } catch (e) {
            if ((e as { code?: string }).code !== '55006' || attempt >= 100) throw e;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}

/** Where the PostgreSQL runs create their databases (the machines' server, ARCHITECTURE.md). */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
