/**
 * MIGRATIONS_ON_BOOT=check: a server whose database lacks migrations refuses to start, with one
 * line naming them and saying to run npm run migrate, and alters nothing; once migrate applied
 * them the same database opens. (The chosen behaviour: refuse, not wait; README, Configuration.)
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import {
  migrateDatabase,
  MigrationsPending,
  openDatabase,
  readDatabaseMigrationStatus,
  resolveMigrationsFolder,
} from './db/database';
import { readJournal } from './db/migration-status';
import { databaseTargets } from './testing/databases';
import { runEntry } from './testing/entry-process';
import { pgliteCluster } from './testing/pglite-templates';
import { TEST_ENV } from './testing/server';

const targets = await databaseTargets();
const tags = (await readJournal(resolveMigrationsFolder())).map((entry) => entry.tag);

describe.each(targets)('MIGRATIONS_ON_BOOT=check on $name', (target) => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-migrations-check-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('refuses to start with migrations pending (exit 1, one line naming them), alters nothing, and opens once npm run migrate applied them', async () => {
    const created = await target.create();
    try {
      const dataDir = join(work, target.name);
      await mkdir(dataDir, { recursive: true });
      if (!created.databaseUrl) {
        const cluster = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await pgliteCluster() });
        await cluster.close();
      }
      const env = {
        ...TEST_ENV,
        DATA_DIR: dataDir,
        PORT: '0',
        SIM_PORT: '0',
        MIGRATIONS_ON_BOOT: 'check',
        ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}),
      };
      const run = await runEntry('server/main.ts', [], env);
      expect(run.code).toBe(1);
      const lines = run.stderr.split('\n').filter((line) => line.length > 0);
      expect(lines).toEqual([
        `${tags.length} migration(s) pending: ${tags.join(', ')} and MIGRATIONS_ON_BOOT=check never alters the schema: run npm run migrate (the built form: node dist/server/cli/migrate.js), then start the server again`,
      ]);
      const config = loadConfig(env);
      expect((await readDatabaseMigrationStatus(config)).pending).toEqual(tags);

      await expect(openDatabase(config, { migrations: 'check' })).rejects.toBeInstanceOf(MigrationsPending);
      expect((await migrateDatabase(config)).applied).toEqual(tags);
      const opened = await openDatabase(config, { migrations: 'check' });
      expect(opened.migrations).toMatchObject({ applied: [], after: { pending: [], schemaVersion: tags.at(-1) } });
      await opened.close();
    } finally {
      await created.drop();
    }
  }, 120_000);
});
