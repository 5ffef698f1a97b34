import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCluster, pgliteMigrated } from '../testing/pglite-templates';
import { resolveMigrationsFolder } from './database';
import { allMigrationsApplied, newestMigrationTime, nothingToApply } from './migrations-applied';

describe('nothingToApply, drizzle\'s rule', () => {
  it('is true once the last applied created_at reaches the newest journal time', () => {
    expect(nothingToApply('1700000000000', 1_700_000_000_000)).toBe(true);
    expect(nothingToApply(1_700_000_000_001, 1_700_000_000_000)).toBe(true);
  });

  it('is false when a newer migration waits, or none was applied yet', () => {
    expect(nothingToApply('1699999999999', 1_700_000_000_000)).toBe(false);
    expect(nothingToApply(null, 1_700_000_000_000)).toBe(false);
  });

  it('takes the newest journal time, whatever the order of the entries', () => {
    expect(newestMigrationTime({ entries: [{ when: 3 }, { when: 9 }, { when: 5 }] })).toBe(9);
    expect(newestMigrationTime({ entries: [] })).toBeNull();
    expect(nothingToApply(null, null)).toBe(true);
  });
});

describe('allMigrationsApplied on PGlite', () => {
  let work: string;
  const clients: PGlite[] = [];
  const open = async (dump: Blob) => {
    const client = await PGlite.create({ dataDir: 'memory://', loadDataDir: dump });
    clients.push(client);
    return <T,>(sql: string) => client.query<T>(sql);
  };
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-migrations-applied-'));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is true for a database holding every migration of the folder', async () => {
    expect(await allMigrationsApplied(await open(await pgliteMigrated()), resolveMigrationsFolder())).toBe(true);
  });

  it('is false for a cluster no migration ran on', async () => {
    expect(await allMigrationsApplied(await open(await pgliteCluster()), resolveMigrationsFolder())).toBe(false);
  });

  it('is false when the folder holds a migration newer than the database\'s last one', async () => {
    const newer = join(work, 'migrations');
    await cp(resolveMigrationsFolder(), newer, { recursive: true });
    const journalFile = join(newer, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_next' });
    await writeFile(journalFile, JSON.stringify(journal));
    expect(await allMigrationsApplied(await open(await pgliteMigrated()), newer)).toBe(false);
  });
});
