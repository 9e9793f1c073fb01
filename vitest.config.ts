import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit + integration tests sit beside the code; e2e has its own config.
const INCLUDE = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];

// A file that replaces a module (vi.mock) runs in a module cache of its own: elsewhere the real module may already
// be loaded. Every other file shares its worker's module cache with the files before it (isolate: false), so
// PGlite's WebAssembly and the app's modules load once per worker instead of once per file: half the step's time
// on a 2-core machine (ADR 050). Module state is per database (cache.server.ts keys on the db), so suites stay apart.
const MOCKING = ['app', 'server', 'scripts', 'bench'].flatMap((dir) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.test\.tsx?$/.test(f) && fs.readFileSync(`${dir}/${f}`, 'utf8').includes('vi.mock('))
    .map((f) => `${dir}/${f}`),
);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    // Vitest's default is one worker less than the cores: one on CI's 2 cores, idle while PostgreSQL works.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...configDefaults.exclude, ...MOCKING],
          isolate: false,
          // Migrates and seeds one template database per driver; every integration suite starts from a copy.
          globalSetup: ['app/db/test-templates.global.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
