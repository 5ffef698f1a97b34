import { defineConfig } from 'vitest/config';

// Unit and server integration tests. The e2e suite has its own config (tests/e2e/).
export default defineConfig({
  test: {
    // Two test files at a time even on a two-core machine (vitest's default there is one): most
    // server files wait on PostgreSQL, PGlite's disk and the simulator more than they compute,
    // so a second file fills those waits (a 13-file server batch took 27% less wall time).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'sim/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'deploy/**/*.test.ts'],
          // The kill -9 suites (engine.kill9, engine.cycles-kill9) share a bot or a cycle between
          // engine processes, which needs PostgreSQL; so do the `*.postgres.test.ts` files (SIGTERM
          // handover, pg_dump/pg_restore). With TEST_DATABASE_URL set they run, and fail if it is broken.
          exclude: ['**/*.keyring.test.ts', 'node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*kill9.test.ts', '**/*.postgres.test.ts'])],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // JSX needs no option here: Vite's Oxc transform uses the automatic runtime by default.
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['renderer/testing/setup.ts'],
          // The slowest renderer test takes about 4 s with the machine's other work running
          // (a whole page, typed into field by field); 30 s leaves room for a busier machine, and a
          // test that grows past it should be made faster, not given more time.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
