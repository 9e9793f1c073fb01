// `npm start`: build (skip with SKIP_BUILD=1), then serve the build in production mode.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
  const r = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
