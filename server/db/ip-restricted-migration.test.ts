/**
 * Migration 0014 turns exchange_keys.ip_restricted from the text saveKeys used to write
 * ('true' or 'false') into a boolean, on PGlite and PostgreSQL: a database migrated by an older
 * build keeps what each key said.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { databaseTargets } from '../testing/databases';
import { insertMember } from '../testing/members';
import { pgliteCluster } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { openDatabase, resolveMigrationsFolder, type Database } from './database';
import { exchangeKeys } from './schema';

const BOOLEAN_MIGRATION = '0014_exchange_keys_ip_restricted_boolean';
const targets = await databaseTargets();
let work: string;

/** The migrations folder as the build before the boolean column shipped it. */
async function migrationsBeforeBoolean(): Promise<string> {
  const older = join(work, 'older-migrations');
  await cp(resolveMigrationsFolder(), older, { recursive: true });
  const journalFile = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === BOOLEAN_MIGRATION);
  expect(cut).toBeGreaterThan(0);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return older;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'griddesk-ip-restricted-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.each(targets)('exchange_keys.ip_restricted on $name', (target) => {
  it('becomes a boolean column, converting the stored text true and false', async () => {
    const { databaseUrl, drop } = await target.create();
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: work, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    // A data directory on disk, so PGlite can be reopened by the newer build; it starts from the
    // tests' shared initdb'd cluster (initdb itself costs seconds), migrated by the older build.
    const pgliteDir = join(work, `pglite-${target.name}`);
    let database: Database | undefined;
    try {
      const older = await migrationsBeforeBoolean();
      database = await openDatabase(config, { pgliteDir, pgliteTemplate: await pgliteCluster(), migrationsFolder: older });
      const restricted = await insertMember(database.db);
      const open = await insertMember(database.db);
      for (const [userId, text] of [
        [restricted, 'true'],
        [open, 'false'],
      ]) {
        await database.db.execute(sql`INSERT INTO exchange_keys (user_id, api_key, secret_ciphertext, key_version, ip_restricted)
          VALUES (${userId}, ${`ak-${userId}`}, 'sealed', 1, ${text})`);
      }
      await database.close();
      database = await openDatabase(config, { pgliteDir });
      const stored = async (userId: string) =>
        (
          await database!.db
            .select({ value: exchangeKeys.ipRestricted, type: sql<string>`pg_typeof(${exchangeKeys.ipRestricted})::text` })
            .from(exchangeKeys)
            .where(eq(exchangeKeys.userId, userId))
        )[0];
      expect(await stored(restricted)).toEqual({ value: true, type: 'boolean' });
      expect(await stored(open)).toEqual({ value: false, type: 'boolean' });
    } finally {
      await database?.close();
      await drop();
    }
  });
});
