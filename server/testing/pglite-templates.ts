/**
 * PGlite data directories for tests, dumped once to the temp dir and loaded in about a second:
 * initdb alone costs PGlite several seconds (over ten on a busy two-core runner), and every test
 * file that opened a fresh PGlite paid it again.
 *   - the cluster: initdb only, no migration (for tests that migrate with an older build's
 *     migrations), one per PGlite version;
 *   - the migrated database: the cluster with every migration applied, one per migration set.
 * Dumps are kept as plain tar (about 40 MB each): loading one unzipped saves a third of a second
 * per test server. Writers race safely: each writes a private file and renames it into place.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from '../config/config';
import { openDatabase, resolveMigrationsFolder, type Database } from '../db/database';
import { installedPgliteVersion } from '../db/pglite-template';

/** Enough configuration to open a PGlite database (no DATABASE_URL, no data directory used). */
const PGLITE_CONFIG = (): Config => loadConfig({ JWT_SECRET: 'x'.repeat(40), SECRETS_KEY: '00'.repeat(32), DATA_DIR: tmpdir() });

async function cached(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = join(tmpdir(), name);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const dump = await make();
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

async function dumpAndClose(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  try {
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** A PGlite cluster straight after initdb: no table, no migration recorded. */
export function pgliteCluster(): Promise<Blob> {
  return cached(`griddesk-pglite-cluster-${installedPgliteVersion() ?? 'unknown'}.tar`, async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({ dataDir: 'memory://' });
    try {
      return await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
  });
}

/** The cluster migrated to this checkout's migrations. */
export async function pgliteMigrated(): Promise<Blob> {
  const journal = await readFile(join(resolveMigrationsFolder(), 'meta', '_journal.json'));
  const key = createHash('sha256').update(journal).digest('hex').slice(0, 16);
  return cached(`griddesk-pglite-template-${key}.tar`, async () =>
    dumpAndClose(await openDatabase(PGLITE_CONFIG(), { pgliteDir: 'memory://', pgliteTemplate: await pgliteCluster() })),
  );
}

/**
 * Gives a server's data directory (`DATA_DIR`) the migrated database, so a command that opens
 * it (the CLI) finds a database instead of running initdb.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true }); // PGlite makes the pglite folder, not its parents
  const database = await openDatabase(PGLITE_CONFIG(), {
    pgliteDir: join(dataDir, 'pglite'),
    pgliteTemplate: await pgliteMigrated(),
  });
  await database.close();
}
