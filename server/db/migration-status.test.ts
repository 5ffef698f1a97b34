import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCluster, pgliteMigrated } from '../testing/pglite-templates';
import { resolveMigrationsFolder } from './database';
import { migrationStatus, newlyApplied, pendingLine, readJournal, readMigrationStatus } from './migration-status';

const journal = [
  { tag: '0000_initial', when: 1000 },
  { tag: '0001_second', when: 2000 },
  { tag: '0002_third', when: 3000 },
];

describe('migrationStatus', () => {
  it('finds every migration pending on a database without any', () => {
    const status = migrationStatus(journal, null);
    expect(status.pending).toEqual(['0000_initial', '0001_second', '0002_third']);
    expect(status.schemaVersion).toBeNull();
    expect(status.migrations.every((m) => !m.applied)).toBe(true);
    expect(status.aheadOfBuild).toBe(false);
  });

  it('applies drizzle rule: everything up to the last created_at is applied', () => {
    const status = migrationStatus(journal, '2000');
    expect(status.migrations).toEqual([
      { tag: '0000_initial', applied: true },
      { tag: '0001_second', applied: true },
      { tag: '0002_third', applied: false },
    ]);
    expect(status.pending).toEqual(['0002_third']);
    expect(status.schemaVersion).toBe('0001_second');
  });

  it('finds nothing pending once the newest is applied, in journal order whatever the input order', () => {
    const status = migrationStatus([...journal].reverse(), 3000);
    expect(status.pending).toEqual([]);
    expect(status.schemaVersion).toBe('0002_third');
    expect(status.migrations.map((m) => m.tag)).toEqual(['0000_initial', '0001_second', '0002_third']);
  });

  it('tells a database a newer build migrated', () => {
    const status = migrationStatus(journal, 4000);
    expect(status.aheadOfBuild).toBe(true);
    expect(status.pending).toEqual([]);
  });

  it('says an empty journal has nothing pending', () => {
    expect(migrationStatus([], null)).toEqual({ migrations: [], pending: [], schemaVersion: null, aheadOfBuild: false });
  });
});

describe('newlyApplied and pendingLine', () => {
  it('names what a run applied and what is pending', () => {
    const before = migrationStatus(journal, 1000);
    const after = migrationStatus(journal, 3000);
    expect(newlyApplied(before, after)).toEqual(['0001_second', '0002_third']);
    expect(newlyApplied(after, after)).toEqual([]);
    expect(pendingLine(before)).toBe('2 migration(s) pending: 0001_second, 0002_third');
  });
});

describe('readMigrationStatus on PGlite', () => {
  let work: string;
  const clients: PGlite[] = [];
  const open = async (dump: Blob) => {
    const client = await PGlite.create({ dataDir: 'memory://', loadDataDir: dump });
    clients.push(client);
    return <T>(sql: string) => client.query<T>(sql);
  };
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-migration-status-'));
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await rm(work, { recursive: true, force: true });
  });

  it('finds nothing pending in a database holding every migration of the folder', async () => {
    const journal = await readJournal(resolveMigrationsFolder());
    const status = await readMigrationStatus(await open(await pgliteMigrated()), journal);
    expect(status.pending).toEqual([]);
    expect(status.schemaVersion).toBe(journal.at(-1)!.tag);
  });

  it('finds every migration pending on a cluster no migration ran on (no migrations table)', async () => {
    const journal = await readJournal(resolveMigrationsFolder());
    const status = await readMigrationStatus(await open(await pgliteCluster()), journal);
    expect(status.pending).toEqual(journal.map((entry) => entry.tag));
    expect(status.schemaVersion).toBeNull();
  });

  it("finds pending a migration of the folder newer than the database's last one", async () => {
    const newer = join(work, 'migrations');
    await cp(resolveMigrationsFolder(), newer, { recursive: true });
    const journalFile = join(newer, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_next' });
    await writeFile(journalFile, JSON.stringify(journal));
    const status = await readMigrationStatus(await open(await pgliteMigrated()), await readJournal(newer));
    expect(status.pending).toEqual(['9999_next']);
    expect(status.schemaVersion).toBe(last.tag);
  });
});
