import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**'],
    // Vitest's default is one worker fewer than the cores – a single worker on a 2-core machine. Most server tests wait
    // for fsync, PostgreSQL, Redis or a child process, so two workers keep both cores busy (CI time).
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 90 },
    },
  },
});
