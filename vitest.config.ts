/// <reference types="vitest/config" />
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores on every machine: keep files from fighting over them.
    maxWorkers: 2,
    // One retry in CI, as the browser journeys have: a 2-core machine under a full run's load misses
    // a wall-clock bound now and then (a 200 ms lease, a tracking step between two calls). A test
    // that passes only on retry is printed and listed by tests/support/flaky-reporter.ts, and a
    // failure that repeats still fails the run.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          // One module graph per worker, not one per file (issue 27): the 170 files import the same
          // modules, and re-importing them for each was a third of the unit run (135 s → 51 s on a
          // quiet machine). No unit test mocks a module; each builds its own database and state.
          isolate: false,
          globalSetup: ['tests/support/pglite-template.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          // tests/reliability (issue 14: crash, hostile input, isolation, soak, scale-out) shares
          // the API suite's servers; CI runs it bounded, `npm run bench -- reliability` in full.
          // tests/security (issue 24): one file per threat, against the same servers.
          include: ['tests/api/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Longer than startServer's own wait (180 s), so a slow start ends in its message rather
          // than a hook timeout that leaves the storefront starting with no one to stop it.
          hookTimeout: 200_000,
          fileParallelism: false,
          // One process per lane, not one per file, as the unit project (issue 27): ~1 CPU-s and
          // ~1.4 s of imports a file (5 files: 49 → 44 CPU-s). No API test mocks a module or
          // changes the environment; each starts, uses and stops its own storefronts.
          isolate: false,
        },
      },
    ],
  },
});
