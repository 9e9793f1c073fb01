// `npm start`: build the app and the server (skip with SKIP_BUILD=1), then serve the build in production mode
// under a supervisor.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ENV, serverExecArgv } from './server-flags.mjs';

// Fail before building when another process owns the embedded database: rebuilding would
// replace the asset files that the running server's visitors still load. The server re-checks.
if (!process.env.DATABASE_URL) {
  const lock = path.resolve(process.env.DATA_DIR || './data', 'pglite.lock');
  const owner = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8')) : 0;
  let alive = false;
  try {
    alive = owner > 0 && process.kill(owner, 0);
  } catch {
    /* not running */
  }
  if (alive) {
    console.error(`De database in ${path.dirname(lock)} is al in gebruik door proces ${owner}. Stop dat proces of kies een andere DATA_DIR.`);
    process.exit(1);
  }
}

if (process.env.SKIP_BUILD !== '1') {
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The supervisor: runs WEB_CONCURRENCY workers (one on the embedded database, which only one process may
// open) sharing the port, and restarts a worker that dies unexpectedly, with backoff, so a crash costs
// seconds rather than the shop. Exit code 78 means "cannot start as configured": not restarted.
// SIGTERM/SIGINT are passed on; each worker shuts down gracefully and the supervisor exits with them.
const CONFIG_ERROR = 78;
const wanted = Math.max(1, Number(process.env.WEB_CONCURRENCY || 1) || 1);
if (wanted > 1 && !process.env.DATABASE_URL) {
  console.error('WEB_CONCURRENCY groter dan 1 kan alleen met PostgreSQL (DATABASE_URL): de ingebouwde database is voor één proces.');
  process.exit(CONFIG_ERROR);
}
const log = (level, msg, fields = {}) => console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...fields }));

// Workers run the compiled server (build/runtime, see vite.server.config.ts): no TypeScript loader in production.
cluster.setupPrimary({ exec: path.resolve('build/runtime/index.js'), execArgv: serverExecArgv(wanted) });
let stopping = false;
let exitCode = 0;
const backoff = new Map(); // slot -> { delay, startedAt }

function fork(slot) {
  const worker = cluster.fork({ ...SERVER_ENV, NODE_ENV: 'production', WORKER_SLOT: String(slot) });
  const state = backoff.get(slot) ?? { delay: 1000 };
  state.startedAt = Date.now();
  backoff.set(slot, state);
  worker.on('exit', (code, signal) => {
    if (stopping) {
      if (code) exitCode = code;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (code === CONFIG_ERROR) {
      log(60, 'worker cannot start as configured; the supervisor stops', { code });
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      exitCode = CONFIG_ERROR;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    // A worker that ran a while starts over at one second; a crash loop backs off to 30 s.
    if (Date.now() - state.startedAt > 60_000) state.delay = 1000;
    log(50, 'worker stopped unexpectedly; restarting', { code, signal, restartInMs: state.delay });
    setTimeout(() => !stopping && fork(slot), state.delay);
    state.delay = Math.min(state.delay * 2, 30_000);
  });
}
for (let slot = 0; slot < wanted; slot++) fork(slot);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(exitCode);
    for (const w of workers) w?.process.kill(signal);
  });
}
