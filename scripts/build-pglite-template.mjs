// Builds the pre-initialised PGlite data directory a first boot unpacks instead of running
// initdb (seconds, and a second wasm instance in memory): an in-memory PGlite with every current
// migration applied, dumped as a gzipped tar, plus pglite-template.json naming the PGlite
// version and the baked migrations (drizzle's folderMillis and sha256). server/db/
// pglite-template.ts ignores the archive unless both still match, and the server applies any
// newer migration at boot as usual. Called by build-node.mjs; runnable alone:
//   node scripts/build-pglite-template.mjs <out dir>...
import { copyFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export const TEMPLATE_FILE = 'pglite-template.tar.gz';
export const TEMPLATE_META_FILE = 'pglite-template.json';

/** Same walk as installedPgliteVersion() in server/db/pglite-template.ts. */
async function pgliteVersion() {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let depth = 0; depth < 4; depth += 1) {
    try {
      const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // not here; go up
    }
    dir = dirname(dir);
  }
  throw new Error('cannot find the installed @electric-sql/pglite version');
}

/** Writes the template (archive + meta) into every directory of `outDirs`. */
export async function buildPgliteTemplate(outDirs, migrationsFolder = 'server/db/migrations') {
  const started = performance.now();
  // The same postgresql.conf the server passes, so the dumped cluster matches what it opens.
  const client = new PGlite({ postgresqlconf: ['shared_buffers = 32MB'] });
  let archive;
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // Flushed to the data files, so a first boot has no WAL to replay.
    await client.exec('CHECKPOINT');
    archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
  const meta = {
    pgliteVersion: await pgliteVersion(),
    migrations: readMigrationFiles({ migrationsFolder }).map(({ folderMillis, hash }) => ({ folderMillis, hash })),
    builtAt: new Date().toISOString(),
  };
  const [first, ...others] = outDirs;
  await mkdir(first, { recursive: true });
  // Archive first, meta last and both via rename: a half-written pair is never taken as valid.
  await writeFile(join(first, `${TEMPLATE_FILE}.tmp`), archive);
  await rename(join(first, `${TEMPLATE_FILE}.tmp`), join(first, TEMPLATE_FILE));
  await writeFile(join(first, `${TEMPLATE_META_FILE}.tmp`), `${JSON.stringify(meta, null, 2)}\n`);
  await rename(join(first, `${TEMPLATE_META_FILE}.tmp`), join(first, TEMPLATE_META_FILE));
  for (const dir of others) {
    await mkdir(dir, { recursive: true });
    await copyFile(join(first, TEMPLATE_FILE), join(dir, TEMPLATE_FILE));
    await copyFile(join(first, TEMPLATE_META_FILE), join(dir, TEMPLATE_META_FILE));
  }
  return { bytes: archive.length, migrations: meta.migrations.length, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('usage: node scripts/build-pglite-template.mjs <out dir>...');
    process.exit(1);
  }
  const result = await buildPgliteTemplate(dirs);
  console.log(`PGlite template: ${result.bytes} bytes, ${result.migrations} migrations, ${result.ms} ms`);
}
