import { defineConfig } from 'vitest/config';

// Unit + integration tests sit beside the code; e2e has its own config.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds one template database per driver; every integration suite starts from a copy.
    globalSetup: ['app/db/test-templates.global.ts'],
    // Vitest's default is one worker less than the cores: one on CI's 2 cores, idle while PostgreSQL works.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
