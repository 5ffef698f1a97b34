/**
 * `npm run backup -- --out FILE` / `--restore FILE`: a consistent copy of the embedded database
 * (PGlite in DATA_DIR/pglite), and putting one back into an empty DATA_DIR. PGlite keeps pages in
 * the server's memory and writes them back on its own schedule, so a copy taken beside a running
 * server could miss or tear them: the command takes the DATA_DIR lock (db/data-dir-lock.ts) and
 * refuses, saying why, while a server holds it. The archive is PGlite's own (dumpDataDir: a
 * gzipped tar of the cluster), the format the bundled first-boot template already uses.
 *
 * With DATABASE_URL (PostgreSQL) it copies nothing: it prints the pg_dump / pg_restore commands
 * (README: Deploy > Backups and restore). Either way the secrets below must be kept with the backup.
 * `runBackup` is the whole CLI without the process around it (backup.test.ts drives it).
 *
 * The archive holds password hashes, sealed exchange keys and members' details: the backup file
 * and the restored cluster are the server user's alone (0600, folders 0700), and neither is ever
 * written through a name someone else could plant (private-files.ts says how).
 */
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { answerCommandLine, readCommandLine } from '../../common/command-line';
import { ConfigError, type Env } from '../config/config';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../db/data-dir-lock';
import { compileWasmWithBaselineOnly } from '../db/pglite-compiler';
import { unpackPgliteTemplate } from '../db/pglite-template';
import { redactedErrorText } from '../logging/startup-failure';
import { processIo, type CliIo } from './io';
import { makeTreePrivate, refuseExisting, writeNewPrivateFile } from './private-files';
import { UsageError } from './usage-error';

const USAGE = `Usage: npm run backup -- --out FILE        back up the embedded database (DATA_DIR)
       npm run backup -- --restore FILE    restore one into a DATA_DIR holding no database

Embedded database (PGlite, DATABASE_URL unset): stop the server first; the command refuses while
a server holds DATA_DIR. The backup is one new .tar.gz file, readable by its owner only (0600); an
existing FILE is never overwritten. The server applies newer migrations to a restored database
when it starts.
PostgreSQL (DATABASE_URL set): use pg_dump and pg_restore; the command prints how.

Keep with every backup, apart from it (they are secrets): SECRETS_KEY and JWT_SECRET (or
DATA_DIR/secrets.json when the server generated them there), DEPOSIT_MNEMONIC (or DEPOSIT_XPUB)
and HOT_WALLET_PRIVATE_KEY. Exchange API secrets in the database open only under SECRETS_KEY.`;

/** What travels with a backup, said after every backup and restore. */
export function secretsNote(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file)
    ? `${file} (it holds the generated JWT_SECRET / SECRETS_KEY)`
    : 'SECRETS_KEY and JWT_SECRET as the server has them';
  return `keep with it, stored apart from it: ${stored}, DEPOSIT_MNEMONIC (or DEPOSIT_XPUB) and HOT_WALLET_PRIVATE_KEY; without SECRETS_KEY the members' exchange keys in it cannot be opened`;
}

/** PostgreSQL is backed up with its own tools: the commands, naming no credential. */
export function pgDumpAdvice(): string {
  return (
    'DATABASE_URL is set: back PostgreSQL up with its own tools, e.g. ' +
    'pg_dump --format=custom --file griddesk-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL" ' +
    '(restore into a new, empty database: createdb griddesk_restored && pg_restore --no-owner --exit-on-error --dbname griddesk_restored FILE); ' +
    'pg_dump takes a consistent snapshot while the servers run. '
  );
}

function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite');
}

async function lock(dataDir: string, holder: string): Promise<DataDirLock> {
  try {
    return await acquireDataDirLock(`${pgliteDirOf(dataDir)}.lock`, { holder, dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new ConfigError(
      `${holder} refused: ${error.message}. A copy taken while the server runs could miss the pages it has not written back yet; ` +
        'stop the server (SIGTERM: it exits within 10 s), run this again, then start it',
    );
  }
}

async function backUp(dataDir: string, out: string, io: CliIo): Promise<void> {
  // Checked first so a wrong name costs no database work; the final link() checks again.
  await refuseExisting(out);
  const held = await lock(dataDir, 'backup');
  try {
    const pgliteDir = pgliteDirOf(dataDir);
    if (!existsSync(join(pgliteDir, 'PG_VERSION')))
      throw new ConfigError(
        `No GridDesk database in DATA_DIR ${dataDir} (${pgliteDir} holds none): point DATA_DIR at the server's data folder`,
      );
    compileWasmWithBaselineOnly();
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({ dataDir: pgliteDir });
    let archive: Buffer;
    try {
      // Flushed to the data files first, so the restored cluster starts with no WAL to replay.
      await client.exec('CHECKPOINT');
      archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    // Written whole under a temporary name and linked into place: a backup cut short never
    // looks like a whole one, and a file at OUT is never replaced.
    await writeNewPrivateFile(out, archive);
    io.out(`backed up the embedded database of ${dataDir} to ${out} (${archive.length} bytes)`);
  } finally {
    held.release();
  }
  io.out(secretsNote(dataDir));
}

/** A restore goes only where no database is: `pglite` absent or an empty folder, never a link. */
async function refuseOccupied(dataDir: string, pgliteDir: string): Promise<void> {
  const found = await lstat(pgliteDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!found) return;
  if (found.isSymbolicLink())
    throw new ConfigError(
      `${pgliteDir} is a symbolic link: restore into a DATA_DIR whose pglite folder is absent or empty (a real folder, not a link)`,
    );
  if (!found.isDirectory() || (await readdir(pgliteDir)).length > 0) {
    throw new ConfigError(
      `DATA_DIR ${dataDir} holds a database already (${pgliteDir}): restore into an empty DATA_DIR, or move ${pgliteDir} aside first (never delete it before the restored one runs)`,
    );
  }
}

async function restore(dataDir: string, file: string, io: CliIo): Promise<void> {
  if (!existsSync(file)) throw new ConfigError(`${file}: no such backup`);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const held = await lock(dataDir, 'restore');
  try {
    const pgliteDir = pgliteDirOf(dataDir);
    await refuseOccupied(dataDir, pgliteDir);
    await unpackPgliteTemplate(file, pgliteDir);
    // Opened once, so a damaged archive is found now and not at the server's start.
    compileWasmWithBaselineOnly();
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create({ dataDir: pgliteDir });
    try {
      await client.query('SELECT count(*) FROM users');
    } catch (error) {
      await client.close().catch(() => undefined);
      await rm(pgliteDir, { recursive: true, force: true });
      throw new ConfigError(
        `${file} is not a GridDesk backup that opens (${error instanceof Error ? error.message : String(error)}); nothing was restored`,
      );
    }
    await client.close();
    // PGlite makes some files of its own 0644 or 0666 as it opens the cluster.
    await makeTreePrivate(pgliteDir);
  } finally {
    held.release();
  }
  io.out(`restored ${file} into ${dataDir}; start the server on it (newer migrations apply at its start)`);
  io.out(secretsNote(dataDir));
}

/** Runs the command; resolves to the process exit code (0 done, 1 refused or failed, 2 a bad flag). */
export async function runBackup(argv: string[], env: Env, io: CliIo): Promise<number> {
  const line = readCommandLine(argv, {
    command: 'npm run backup',
    usage: USAGE,
    flags: { out: 'string', restore: 'string' },
    maxPositionals: 0,
  });
  if (line.kind !== 'run') return answerCommandLine(line, io);
  try {
    const out = line.flags.out;
    const from = line.flags.restore;
    if ((out === undefined) === (from === undefined) || out === '' || from === '')
      throw new UsageError('give either --out FILE or --restore FILE');
    if (env.DATABASE_URL) {
      io.err(pgDumpAdvice() + secretsNote(resolve(env.DATA_DIR || './.data')));
      return 1;
    }
    // As config.ts resolves it; no secret is needed (or created) to copy the database.
    const dataDir = resolve(env.DATA_DIR || './.data');
    if (typeof out === 'string') await backUp(dataDir, resolve(out), io);
    else await restore(dataDir, resolve(from as string), io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError) io.err(error.message);
    else io.err(redactedErrorText(error, env));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBackup(process.argv.slice(2), process.env, processIo).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(redactedErrorText(error, process.env));
      process.exit(1);
    },
  );
}
