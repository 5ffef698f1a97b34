/**
 * The first-boot template: used only when made by this PGlite for a prefix of these migrations,
 * unpacked byte for byte, and topped up with migrations newer than itself.
 */
import { chmod, cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { pgliteCluster } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { openDatabase, resolveMigrationsFolder } from './database';
import {
  installedPgliteVersion,
  readPgliteTemplate,
  TEMPLATE_FILE,
  TEMPLATE_META_FILE,
  templateMismatch,
  type TemplateMeta,
} from './pglite-template';

const folder = resolveMigrationsFolder();
const all = readMigrationFiles({ migrationsFolder: folder }).map(({ folderMillis, hash }) => ({ folderMillis, hash }));
const version = installedPgliteVersion()!;
let work: string;
let templateDir: string;

/** The migrations folder cut down to its first migration, as an older build shipped it. */
async function olderMigrationsFolder(): Promise<string> {
  const older = join(work, 'older-migrations');
  await cp(folder, older, { recursive: true });
  const journalFile = join(older, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
  return older;
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'griddesk-template-test-'));
  templateDir = join(work, 'bundle');
  // What scripts/build-pglite-template.mjs does, baked with only the first migration (on the
  // tests' shared initdb'd cluster: initdb itself costs seconds).
  const older = await olderMigrationsFolder();
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: work });
  const baked = await openDatabase(config, {
    pgliteDir: 'memory://',
    pgliteTemplate: await pgliteCluster(),
    migrationsFolder: older,
  });
  const client = (baked.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  await baked.close();
  await cp(folder, join(templateDir, 'migrations'), { recursive: true });
  await writeFile(join(templateDir, TEMPLATE_FILE), Buffer.from(await dump.arrayBuffer()));
  const meta: TemplateMeta = { pgliteVersion: version, migrations: all.slice(0, 1) };
  await writeFile(join(templateDir, TEMPLATE_META_FILE), JSON.stringify(meta));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('templateMismatch', () => {
  it('accepts every prefix of the current migrations made by the installed PGlite', () => {
    for (let n = 0; n <= all.length; n += 1) {
      expect(templateMismatch({ pgliteVersion: version, migrations: all.slice(0, n) }, folder, version)).toBeNull();
    }
  });

  it('refuses another PGlite version, an edited migration and unknown migrations', () => {
    expect(templateMismatch({ pgliteVersion: '0.0.1', migrations: [] }, folder, version)).toMatch(/PGlite 0\.0\.1/);
    const edited = [{ ...all[0]!, hash: 'f'.repeat(64) }];
    expect(templateMismatch({ pgliteVersion: version, migrations: edited }, folder, version)).toMatch(/differs/);
    const future = [...all, { folderMillis: Number.MAX_SAFE_INTEGER, hash: 'x' }];
    expect(templateMismatch({ pgliteVersion: version, migrations: future }, folder, version)).toMatch(/does not know/);
  });
});

describe('first boot from the template', () => {
  it('says why a missing template is not used', async () => {
    expect(await readPgliteTemplate(join(work, 'nowhere', TEMPLATE_FILE), folder)).toEqual({
      file: null,
      reason: 'no template',
    });
  });

  it('unpacks into a new data directory and applies the migrations newer than the template', async () => {
    const dataDir = join(work, 'data');
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir });
    const database = await openDatabase(config, { pgliteTemplateFile: join(templateDir, TEMPLATE_FILE) });
    try {
      expect(database.pgliteInit).toEqual({ from: 'template' });
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at');
      expect(applied.rows.map((r) => r.hash)).toEqual(all.map((m) => m.hash));
    } finally {
      await database.close();
    }
    // Closed to other users at its folder (the files inside are as the umask made them).
    expect((await stat(join(dataDir, 'pglite'))).mode & 0o077).toBe(0);
    // The second start finds the cluster and leaves the template alone; a cluster an older
    // version left open is closed.
    await chmod(join(dataDir, 'pglite'), 0o755);
    const again = await openDatabase(config, { pgliteTemplateFile: join(templateDir, TEMPLATE_FILE) });
    expect(again.pgliteInit).toEqual({ from: 'existing' });
    await again.close();
    expect((await stat(join(dataDir, 'pglite'))).mode & 0o777).toBe(0o700);
  });

  it('falls back to initdb when the template was made by another PGlite', async () => {
    const stale = join(work, 'stale');
    await cp(templateDir, stale, { recursive: true });
    await writeFile(join(stale, TEMPLATE_META_FILE), JSON.stringify({ pgliteVersion: '0.0.1', migrations: [] }));
    const found = await readPgliteTemplate(join(stale, TEMPLATE_FILE), folder);
    expect(found).toEqual({ file: null, reason: `template ignored: made by PGlite 0.0.1, installed ${version}` });
  });
});
