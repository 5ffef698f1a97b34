/**
 * `npm run migrate` and `--status` on a database without migrations, after migrating, and run
 * again; on PGlite (DATA_DIR) and on PostgreSQL (DATABASE_URL, a fresh database per test).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../config/config';
import { resolveMigrationsFolder } from '../db/database';
import { readJournal } from '../db/migration-status';
import { databaseTargets, type DatabaseTarget } from '../testing/databases';
import { runEntry } from '../testing/entry-process';
import { pgliteCluster } from '../testing/pglite-templates';
import { memoryIo } from './io';
import { PENDING_EXIT_CODE, runMigrate } from './migrate';

const targets = await databaseTargets();
const tags = (await readJournal(resolveMigrationsFolder())).map((entry) => entry.tag);
const newest = tags.at(-1)!;

async function migrate(env: Env, ...argv: string[]) {
  const io = memoryIo();
  const code = await runMigrate(argv, env, io);
  return { code, out: io.stdout, err: io.stderr };
}

/** A database with no migration applied: an empty PostgreSQL database, or a DATA_DIR holding a bare cluster. */
async function emptyDatabase(target: DatabaseTarget, work: string): Promise<{ env: Env; drop(): Promise<void> }> {
  const created = await target.create();
  const dataDir = await mkdtemp(join(work, 'data-'));
  if (!created.databaseUrl) {
    await mkdir(dataDir, { recursive: true });
    const cluster = await PGlite.create({ dataDir: join(dataDir, 'pglite'), loadDataDir: await pgliteCluster() });
    await cluster.close();
  }
  // No JWT_SECRET or SECRETS_KEY: migrating needs neither.
  return {
    env: { DATA_DIR: dataDir, ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}) },
    drop: created.drop,
  };
}

describe.each(targets)('npm run migrate on $name', (target) => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-migrate-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('--status lists every migration pending (exit 3); migrate applies them all; then --status exits 0 and migrate again applies nothing', async () => {
    const database = await emptyDatabase(target, work);
    try {
      const fresh = await migrate(database.env, '--status');
      expect(fresh.code).toBe(PENDING_EXIT_CODE);
      expect(fresh.out[0]).toBe('schema version: none (no migration applied)');
      expect(fresh.out.slice(1, -1)).toEqual(tags.map((tag) => `pending  ${tag}`));
      expect(fresh.out.at(-1)).toBe(`0 applied, ${tags.length} pending: run npm run migrate`);

      const applied = await migrate(database.env);
      expect(applied).toEqual({
        code: 0,
        out: [`applied ${tags.length} migration(s): ${tags.join(', ')}; schema version ${newest}`],
        err: [],
      });

      const current = await migrate(database.env, '--status');
      expect(current.code).toBe(0);
      expect(current.out).toEqual([
        `schema version: ${newest}`,
        ...tags.map((tag) => `applied  ${tag}`),
        `${tags.length} applied, none pending`,
      ]);

      const again = await migrate(database.env);
      expect(again).toEqual({ code: 0, out: [`no migrations pending; schema version ${newest}`], err: [] });
    } finally {
      await database.drop();
    }
  }, 120_000);

  it('as its own process: --status exits 3 with migrations pending, and nothing is applied', async () => {
    const database = await emptyDatabase(target, work);
    try {
      const run = await runEntry('server/cli/migrate.ts', ['--status'], database.env as Record<string, string>);
      expect(run.code).toBe(PENDING_EXIT_CODE);
      expect(run.stdout).toContain(`pending  ${newest}`);
      expect(run.stderr).toBe('');
      expect((await migrate(database.env, '--status')).code).toBe(PENDING_EXIT_CODE);
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe('npm run migrate refusals', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'griddesk-migrate-refusals-'));
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  it('--status on a DATA_DIR without a database: every migration pending, nothing created', async () => {
    const dataDir = join(work, 'nothing-here');
    const status = await migrate({ DATA_DIR: dataDir }, '--status');
    expect(status.code).toBe(PENDING_EXIT_CODE);
    expect(status.out.filter((line) => line.startsWith('pending  '))).toHaveLength(tags.length);
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  });

  it('an unknown flag or a word is a misused command line (exit 2); --help prints the exit codes', async () => {
    expect((await migrate({}, '--stats')).code).toBe(2);
    expect((await migrate({}, 'now')).code).toBe(2);
    const help = await migrate({}, '--help');
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toContain('3 (--status) pending');
  });

  it('a database it cannot reach: exit 1, one line, the password not shown', async () => {
    const failed = await migrate({ DATA_DIR: work, DATABASE_URL: 'postgres://griddesk:hunter2-secret@127.0.0.1:9/griddesk' });
    expect(failed.code).toBe(1);
    expect(failed.out).toEqual([]);
    expect(failed.err).toHaveLength(1);
    expect(failed.err[0]).toMatch(/^migrate failed: /);
    expect(failed.err[0]).not.toContain('hunter2-secret');
  });
});
