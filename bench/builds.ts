// The builds the bench measures: the shop's (made by `npm run build`, refused when missing or older than its
// sources) and the floor app's (bench/floor: built here when missing or stale, then started on a free port).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../tests/e2e/server.ts';

/** Newest modification time of the files under these paths (files or folders). */
function newest(paths: string[]): number {
  let max = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (!stat.isDirectory()) max = Math.max(max, stat.mtimeMs);
    else for (const entry of fs.readdirSync(p)) max = Math.max(max, newest([path.join(p, entry)]));
  }
  return max;
}

const oldest = (files: string[]) => Math.min(...files.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));

const SHOP_OUTPUTS = ['build/server/index.js', 'build/runtime/index.js'];
const SHOP_SOURCES = ['app', 'server', 'drizzle', 'public', 'react-router.config.ts', 'vite.config.ts', 'vite.server.config.ts', 'package-lock.json'];

/** Throws unless the shop's build exists and is newer than every source it is made from. */
export function requireShopBuild() {
  const built = oldest(SHOP_OUTPUTS);
  if (built === 0) throw new Error('Run `npm run build` first.');
  if (newest(SHOP_SOURCES) > built) throw new Error('The build is older than the sources: run `npm run build` first.');
}

const FLOOR = 'bench/floor';
const FLOOR_OUTPUT = `${FLOOR}/build/server/index.js`;
// The framework's own version counts too: a new react-router install must rebuild the floor.
const FLOOR_SOURCES = [`${FLOOR}/app`, `${FLOOR}/react-router.config.ts`, `${FLOOR}/vite.config.ts`, 'node_modules/react-router/package.json'];

export function buildFloor() {
  if (fs.existsSync(FLOOR_OUTPUT) && newest(FLOOR_SOURCES) <= oldest([FLOOR_OUTPUT])) return;
  const r = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build', FLOOR], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the floor app failed:\n${r.stdout}\n${r.stderr}`);
}

export type Floor = { url: string; child: ChildProcess; stop: () => Promise<void> };

/** Builds the floor app if needed and serves it in production mode. */
export async function startFloor(): Promise<Floor> {
  buildFloor();
  const port = await freePort();
  const child = spawn(process.execPath, [`${FLOOR}/server.mjs`], { env: { ...process.env, NODE_ENV: 'production', PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`the floor app exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the floor app did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  return { url, child, stop };
}
