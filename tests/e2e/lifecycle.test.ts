// Process lifecycle: a second server on the same data folder refuses to start and leaves the first alone.
// (Graceful SIGTERM shutdown of the main server is asserted in global-setup's teardown.)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseURL, dataDir } from './browser.ts';
import { freePort, SERVER_ENTRY } from './server.ts';

describe('server lifecycle', () => {
  it('a second server on the same data folder exits quickly with "al in gebruik"', async () => {
    const dir = dataDir();
    const lockFile = path.join(dir, 'pglite.lock');
    const lockBefore = fs.readFileSync(lockFile, 'utf8');
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));

    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 20_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });

    expect(code, `exit code (output: ${output})`).not.toBeNull();
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(output).toContain('al in gebruik');

    // It never listened, and the running server and its lock are untouched.
    await expect(fetch(`http://localhost:${port}/healthz`)).rejects.toThrow();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(lockBefore);
    const health = await fetch(`${baseURL()}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  }, 30_000);
});
