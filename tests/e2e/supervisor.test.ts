// `npm start`'s supervisor: a worker that crashes is restarted, a configuration error
// is not, and SIGTERM still ends everything gracefully.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startSupervisor } from './server.ts';
import { until } from './until.ts';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const c of started.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function startShop(env: Record<string, string>) {
  const shop = startSupervisor(env);
  started.push(shop.child);
  return shop;
}

describe('npm start supervisor', () => {
  it('restarts a worker killed with SIGKILL, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const shop = startShop({ PORT: String(port) });
    const healthy = async () => (await fetch(`http://localhost:${port}/healthz`)).ok;
    await until(healthy, 60_000, 'first start');
    const lock = path.join(shop.dataDir, 'pglite.lock');
    const firstWorker = Number(fs.readFileSync(lock, 'utf8'));
    expect(firstWorker).not.toBe(shop.child.pid);

    process.kill(firstWorker, 'SIGKILL');
    await until(async () => Number(fs.readFileSync(lock, 'utf8')) !== firstWorker && (await healthy()), 30_000, 'restart');
    expect(shop.child.exitCode).toBeNull();
    expect(shop.output()).toContain('restarting');

    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    fs.rmSync(shop.dataDir, { recursive: true, force: true });
  }, 120_000);

  it('a configuration error ends the supervisor with 78 instead of a restart loop', async () => {
    const shop = startShop({ PORT: String(await freePort()), STAFF_API_TOKENS: 'te-kort' });
    expect(await shop.exited).toBe(78);
    expect(shop.output()).toContain('32 tekens');
    expect(shop.output().match(/restarting/g)).toBeNull();
  }, 60_000);

  it('refuses several workers on the embedded database', async () => {
    const shop = startShop({ PORT: String(await freePort()), WEB_CONCURRENCY: '2' });
    expect(await shop.exited).toBe(78);
    expect(shop.output()).toContain('PostgreSQL');
  }, 30_000);
});
