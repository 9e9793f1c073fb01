import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Milliseconds per file from an earlier run (tests/e2e/timings.json; a file not listed counts as 30 s).
const timings: Record<string, number> = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'timings.json'), 'utf8'));
const expected = (spec: TestSpecification) => timings[path.basename(spec.moduleId)] ?? 30_000;

/** Longest files first: the workers take the next file as they finish one, so both end at about the same time. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return [...files].sort((a, b) => expected(b) - expected(a));
  }
}

// End-to-end: E2E_WORKERS workers (default 2, for 2 cores), each with its own built server and database (global
// setup) and one Chromium; a worker runs its files one at a time. A browser spends much of its time waiting on
// the server and the other way round, so two workers use the 2 cores better than one.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // One module cache per worker for all its files: playwright-core, axe, the helpers and the browser are loaded
    // once, not per file (~0.5 s of CPU each for the modules). Every file still gets its own hooks (useBrowser).
    isolate: false,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    // No retries: a test that depends on timing fails, so its wait gets fixed rather than hidden.
    retry: 0,
    hookTimeout: 60_000,
    // expect.poll waits for real browser work (navigations, revalidation); the 1 s default is flaky on a busy machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
