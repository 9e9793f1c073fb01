import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, serverExecArgv } from '../../scripts/server-flags.mjs';

/** The staff API token of the servers the suite starts (STAFF_API_TOKENS), for `npm run order`. */
export const STAFF_TOKEN = 'e2e-staff-token-0123456789abcdef-0123456789';
export const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef';
/** The shared server's webhook signing key, so a suite can send the sandbox provider's events itself (a late payment). */
export const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789abcdef-0123456789';

/** The compiled production server (`npm run build`), as `npm start` runs it. */
export const SERVER_ENTRY = 'build/runtime/index.js';

export type RunningServer = { url: string; dataDir: string; child: ChildProcess; stop: () => Promise<number | null> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * A data directory whose embedded database the global setup migrated and seeded once: a server on the embedded
 * database starts from a copy of it instead of migrating and seeding its own (seconds of CPU per server).
 */
export const SEEDED_DATA_DIR = 'E2E_SEEDED_DATA_DIR';

/** A new data directory: a copy of the seeded one when the server will use the embedded database in it. */
function newDataDir(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-e2e-'));
  const seeded = process.env[SEEDED_DATA_DIR];
  if (seeded && !env.DATA_DIR && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) fs.cpSync(seeded, dir, { recursive: true });
  return dir;
}

/** Starts the built server (production mode) on a fresh embedded database, or on DATABASE_URL when given. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = newDataDir(env);
  // The daily backup job (its first check a minute after start) writes into the data directory, not the repository.
  const child = spawn(process.execPath, [...serverExecArgv(1), SERVER_ENTRY], {
    env: { ...process.env, ...SERVER_ENV, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups'), LOG_LEVEL: 'warn', STAFF_API_TOKENS: STAFF_TOKEN, METRICS_TOKEN, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  // A fresh database is migrated and seeded before /healthz answers: seconds on a quiet machine, but CI shares its
  // two cores with other work, so the harness waits long; a server that never comes up still fails here.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { url, dataDir, child, stop };
}

/** `npm start`'s supervisor on the built server (SKIP_BUILD=1), its output kept; the embedded database unless DATABASE_URL is given. */
export function startSupervisor(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-sup-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, SKIP_BUILD: '1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, dataDir, exited, output: () => output };
}
