import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath, INSTALL_COMMAND } from '../../scripts/test-browser.mjs';
import { SEEDED_DATA_DIR, SERVER_ENTRY, startServer, WEBHOOK_SECRET } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID 1…n): its address and its data directory. */
    servers: { baseURL: string; dataDir: string }[];
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync(SERVER_ENTRY)) throw new Error('Run `npm run build` before the e2e suite.');
  // `npm test` installs it first (scripts/test-browser.mjs); run alone, the suite says what is missing before it starts.
  if (!fs.existsSync(chromiumPath())) throw new Error(`No Chromium at ${chromiumPath()}: ${INSTALL_COMMAND}`);
  // One server migrates and seeds an embedded database and stops; every server on the embedded database after it
  // (these, and the ones test files start) begins from a copy. The workers inherit the variable.
  let seeded: string | undefined;
  if (!process.env.DATABASE_URL && !process.env[SEEDED_DATA_DIR]) {
    const first = await startServer();
    const code = await first.stop();
    if (code !== 0) throw new Error(`the seeding server did not shut down cleanly (exit ${code})`);
    seeded = process.env[SEEDED_DATA_DIR] = first.dataDir;
  }
  // Each worker's files run one after the other against a server and database of its own. The shared servers try
  // payments on the built-in sandbox; payments.test.ts starts one without it.
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () => startServer({ PAYMENTS_SANDBOX: '1', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET })),
  );
  project.provide(
    'servers',
    servers.map((s) => ({ baseURL: s.url, dataDir: s.dataDir })),
  );
  return async () => {
    const codes = await Promise.all(servers.map((s) => s.stop()));
    for (const dir of [...servers.map((s) => s.dataDir), seeded]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
    // Graceful shutdown on SIGTERM means a clean exit.
    if (codes.some((code) => code !== 0)) throw new Error(`a server did not shut down cleanly (exit ${codes.join(', ')})`);
  };
}
