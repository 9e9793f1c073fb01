import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { SERVER_ENTRY, startServer, WEBHOOK_SECRET } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync(SERVER_ENTRY)) throw new Error('Run `npm run build` before the e2e suite.');
  // The shared server tries payments on the built-in sandbox; payments.test.ts starts one without it.
  const server = await startServer({ PAYMENTS_SANDBOX: '1', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
  return async () => {
    const code = await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
    // Graceful shutdown on SIGTERM means a clean exit.
    if (code !== 0) throw new Error(`server did not shut down cleanly (exit ${code})`);
  };
}
