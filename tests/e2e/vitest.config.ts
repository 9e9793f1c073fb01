import { defineConfig } from 'vitest/config';

// End-to-end: one built server (global setup), Chromium per test file, files one at a time (2 cores).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    fileParallelism: false,
    // One module cache for all files of a run: playwright-core, axe and the helpers are imported once, not per file
    // (~0.5 s of CPU each). Every file still gets its own browser and hooks (useBrowser).
    isolate: false,
    testTimeout: 30_000,
    // On CI a test that fails gets two more tries: a real browser on a loaded 2-core machine has rare timing
    // misses (a toast that never rendered, a navigation past its budget). A real bug fails all three.
    retry: process.env.CI ? 2 : 0,
    hookTimeout: 60_000,
    // expect.poll waits for real browser work (navigations, revalidation); the 1 s default is flaky on a busy machine.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
