import { defineConfig } from 'vitest/config';

// Unit + integration tests sit beside the code; e2e has its own config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds one template database per driver; every integration suite starts from a copy.
    globalSetup: ['app/db/test-templates.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
