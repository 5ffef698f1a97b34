// `npm run test:server [-- <vitest arguments>]`: the server's tests (server/, both vitest node
// projects) on one database: PostgreSQL when one answers, else PGlite. TEST_DATABASE=pglite or
// postgres picks it (server/testing/databases.ts); `npm test` and CI run the two-database tests
// on both.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npx', ['vitest', 'run', 'server/', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE: process.env.TEST_DATABASE || 'one' },
});
process.exit(run.status ?? 1);
