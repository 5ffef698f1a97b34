/** `npm run seed:demo` refuses a real exchange: the demo member exists only in simulator mode (issue 10). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../config/config';
import { loadConfig } from '../config/config';
import { openDatabase } from '../db/database';
import { findUserByEmail } from '../modules/accounts/users';
import { DEMO_MEMBER, DEMO_NEEDS_SIMULATOR } from '../modules/demo/seed';
import { databaseTargets } from '../testing/databases';
import { seedPgliteDataDir } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { memoryIo } from './io';
import { runSeedDemo } from './seed-demo';

const targets = await databaseTargets();

describe.each(targets)('seed:demo on $name', (target) => {
  let env: Env;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await target.create();
    drop = created.drop;
    env = {
      ...TEST_ENV,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'griddesk-seed-demo-')),
      ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}),
    };
    if (!created.databaseUrl) await seedPgliteDataDir(env.DATA_DIR!); // the CLI opens DATA_DIR's PGlite: skip its initdb
  });
  afterAll(() => drop?.());

  async function demoExists(): Promise<boolean> {
    const database = await openDatabase(loadConfig(env));
    try {
      return !!(await findUserByEmail(database.db, DEMO_MEMBER.email));
    } finally {
      await database.close();
    }
  }

  it('refuses with EXCHANGE=binance and creates nobody', async () => {
    const io = memoryIo();
    expect(await runSeedDemo({ ...env, EXCHANGE: 'binance' }, io)).toBe(1);
    expect(io.stderr).toEqual([DEMO_NEEDS_SIMULATOR]);
    expect(io.stdout).toEqual([]);
    expect(await demoExists()).toBe(false);
  });

  it('creates the demo member in simulator mode', async () => {
    const io = memoryIo();
    expect(await runSeedDemo({ ...env, EXCHANGE: 'sim' }, io)).toBe(0);
    expect(await demoExists()).toBe(true);
  });

  it('never prints a database password in an error', async () => {
    const io = memoryIo();
    const code = await runSeedDemo({ ...env, DATABASE_URL: 'postgres://griddesk:db-s3cret@127.0.0.1:1/none' }, io);
    expect(code).toBe(1);
    expect(io.stderr.join('\n')).not.toContain('db-s3cret');
  });
});
