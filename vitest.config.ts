import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const CORE = ['packages/core/src/**/*.test.{ts,tsx}'];

/** Test files under `dir` that ask for jsdom in their first lines (`// @vitest-environment jsdom`). */
function jsdomTestFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes('node_modules'))
    .map((path) => join(dir, path))
    .filter((path) => readFileSync(path, 'utf8').slice(0, 400).includes('@vitest-environment jsdom'));
}

/** The tests that render into a document; the apps' and adapters' other tests run with the Node tests. */
const BROWSER = ['packages/web/src', 'packages/console/src', 'packages/adapters/src'].flatMap(jsdomTestFiles);
/** Everything else: the server, the adapters against the real server, the bundle checks, tools. */
const ALL = ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', 'e2e/**'];

// Three projects (npm run test:unit runs core with coverage, then the other two without it: coverage slows every test it
// watches, and only core's lines are counted). Core and the Node tests share a worker's modules from one test file to
// the next (isolate: false – each test builds its own app, store, clock and scheduler, so nothing rides along); that
// saves most of their import time (docs/performance.md, "Test suite time"). The jsdom tests stay isolated: React, MUI and
// emotion keep references into the document of the file that loaded them, and a shuffled order broke them. They run in
// the vmThreads pool: each file gets its own VM context (its own globals, document and module instances) inside a
// long-lived worker, instead of a new process per file that loads Node, jsdom and React again (164 → 44 s here). Which
// file is a jsdom test is read from its docblock, so the apps' plain Node tests (texts, CSS, adapters against the real
// server) share modules too.
export default defineConfig({
  test: {
    exclude: EXCLUDE,
    // Vitest's default is one worker fewer than the cores – a single worker on a 2-core machine. Most server tests wait
    // for fsync, PostgreSQL, Redis or a child process, so two workers keep both cores busy (CI time).
    maxWorkers: 2,
    testTimeout: 20000,
    hookTimeout: 60000,
    projects: [
      { extends: true, test: { name: 'core', include: CORE, isolate: false } },
      { extends: true, test: { name: 'node', include: ALL, exclude: [...EXCLUDE, ...CORE, ...BROWSER], isolate: false } },
      { extends: true, test: { name: 'browser', include: BROWSER, pool: 'vmThreads' } },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 90 },
    },
  },
});
