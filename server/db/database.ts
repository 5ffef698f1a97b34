/**
 * Opens the database: embedded PGlite in DATA_DIR/pglite when DATABASE_URL is unset, a
 * PostgreSQL server through node-postgres otherwise; migrations are applied before use, or with
 * `migrations: 'check'` (MIGRATIONS_ON_BOOT=check) only checked. `npm run migrate` applies and
 * reports them (migrateDatabase, readDatabaseMigrationStatus).
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { chmod, readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ConfigError, type Config } from '../config/config';
import { acquireDataDirLock, type DataDirLock, type LockHolder, type LockProbes } from './data-dir-lock';
import { migrationStatus, readJournal, readMigrationStatus, type MigrationStatus, type RowsQuery } from './migration-status';
import { migratePostgres, migrateUnlessCurrent, MigrationsPending, pgQuery, type MigrationRun } from './migration-run';
import { compileWasmWithBaselineOnly } from './pglite-compiler';
import { pgliteNotifications, postgresNotifications, type NotificationFeed } from './notifications';
import { readPgliteTemplate, unpackPgliteTemplate } from './pglite-template';
import * as schema from './schema';

export { MigrationsPending, type MigrationRun } from './migration-run';

export type Schema = typeof schema;
/** Both drivers' databases, and their transactions, satisfy this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY: how a process hears what another one changed. */
  notifications: NotificationFeed;
  /** PGlite only: where the data directory came from, and why a template was not used. */
  pgliteInit?: { from: 'existing' | 'template' | 'initdb'; note?: string };
  /** The migrations as the open found them, and what it applied (none with migrations: 'check'). */
  migrations: MigrationRun;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Where the migrations are; found next to this module or the bundle when omitted. */
  migrationsFolder?: string;
  /** PGlite data directory; `memory://` for a throwaway in-memory database (tests). */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start from; skips initdb (tests reuse one template). */
  pgliteTemplate?: Blob;
  /**
   * A template archive (pglite-template.ts) to use when the data directory is new; ignored,
   * with a note, when missing or not made for this PGlite and these migrations.
   */
  pgliteTemplateFile?: string;
  /**
   * Who opens an embedded database, named in the lock it holds (data-dir-lock.ts) and in the
   * refusal another opener gets: 'server' (the default), 'admin', 'seed-demo', 'faucet'.
   */
  holder?: LockHolder;
  /**
   * Refuse, creating nothing, when there is no database yet (a PGlite directory without a
   * cluster, a PostgreSQL database without GridDesk's migrations): the admin CLI acts on the
   * server's database, never on a new one a typo in DATA_DIR or DATABASE_URL would make.
   */
  mustExist?: boolean;
  /** Tests of the lock: how a holder's liveness is judged. */
  lockProbes?: LockProbes;
  /** The embedded database's lock, already taken (lockEmbeddedDatabase); released on close or on a failed open. */
  lock?: DataDirLock;
  /**
   * 'apply' (the default): pending migrations are applied before use. 'check'
   * (MIGRATIONS_ON_BOOT=check): the schema is never altered; pending migrations refuse the open
   * with MigrationsPending.
   */
  migrations?: 'apply' | 'check';
}

/** pg_stat_activity.application_name of each process's LISTEN connection. */
export const NOTIFICATIONS_APPLICATION = 'griddesk-notifications';

/**
 * Source: server/db/migrations; esbuild bundles: <bundle dir>/migrations (build-node.mjs); a CLI
 * bundle in dist/server/cli/ without its own copy: the server bundle's, dist/server/migrations.
 */
export function resolveMigrationsFolder(explicit?: string): string {
  const candidates = [
    explicit,
    fileURLToPath(new URL('./migrations', import.meta.url)),
    fileURLToPath(new URL('./db/migrations', import.meta.url)),
    fileURLToPath(new URL('../migrations', import.meta.url)),
    resolve('server/db/migrations'),
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  const migrationsFolder = resolveMigrationsFolder(options.migrationsFolder);
  if (config.databaseUrl) {
    if (options.mustExist) await assertPostgresDatabase(config.databaseUrl);
    return openPostgres(config.databaseUrl, migrationsFolder, options.migrations ?? 'apply');
  }
  const dataDir = pgliteDirOf(config, options);
  if (isMemory(dataDir)) return openPglite(dataDir, migrationsFolder, options);
  const lock = options.lock ?? (await lockEmbeddedDatabase(config, options))!;
  try {
    const database = await openPglite(dataDir, migrationsFolder, options);
    return { ...database, close: () => database.close().finally(() => lock.release()) };
  } catch (error) {
    lock.release();
    throw error;
  }
}

function pgliteDirOf(config: Config, options: OpenOptions): string {
  return options.pgliteDir ?? join(config.dataDir, 'pglite');
}

/**
 * Takes the embedded database's lock (DATA_DIR/pglite.lock) without opening it yet, or null
 * with PostgreSQL or an in-memory database: the server takes it before anything else touches
 * DATA_DIR (the simulator's state file), then hands it to openDatabase (`lock`).
 */
export async function lockEmbeddedDatabase(config: Config, options: OpenOptions = {}): Promise<DataDirLock | null> {
  const dataDir = pgliteDirOf(config, options);
  if (config.databaseUrl || isMemory(dataDir)) return null;
  if (options.mustExist && !existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new ConfigError(
      `No GridDesk database in DATA_DIR ${config.dataDir} (${dataDir} holds none): point DATA_DIR at the server's data folder; nothing was created`,
    );
  }
  // The lock sits beside the cluster (DATA_DIR/pglite.lock), so it is there before PGlite makes the directory.
  mkdirSync(dirname(dataDir), { recursive: true });
  return acquireDataDirLock(`${dataDir}.lock`, {
    holder: options.holder ?? 'server',
    dataDir: config.dataDir,
    probes: options.lockProbes,
  });
}

/** The admin CLI's check that DATABASE_URL is a GridDesk database: it reaches it and finds its migrations. */
async function assertPostgresDatabase(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    // 3D000 invalid_catalog_name: the database named in the URL does not exist.
    if (sqlState(error).code === '3D000') {
      throw new ConfigError(
        "Invalid configuration: DATABASE_URL names a database that does not exist: point it at the server's database; nothing was created",
      );
    }
    throw error;
  }
  try {
    const result = await client.query<{ table: string | null }>(
      "SELECT to_regclass('drizzle.__drizzle_migrations')::text AS table",
    );
    if (!result.rows[0]?.table) {
      throw new ConfigError(
        "Invalid configuration: DATABASE_URL's database holds no GridDesk database yet (no migrations applied): point it at the server's database; nothing was created",
      );
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

type PgliteInit = NonNullable<Database['pgliteInit']> & { template?: Blob | string };

function isMemory(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

/** A template only seeds a directory that does not exist yet or is empty. */
function isNewDirectory(dataDir: string): boolean {
  return isMemory(dataDir) || !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

async function choosePgliteInit(dataDir: string, migrationsFolder: string, options: OpenOptions): Promise<PgliteInit> {
  if (!isMemory(dataDir) && existsSync(join(dataDir, 'PG_VERSION'))) return { from: 'existing' };
  if (!isNewDirectory(dataDir)) return { from: 'initdb', note: 'data directory not empty' };
  if (options.pgliteTemplate) return { from: 'template', template: options.pgliteTemplate };
  if (!options.pgliteTemplateFile) return { from: 'initdb' };
  const found = await readPgliteTemplate(options.pgliteTemplateFile, migrationsFolder);
  return found.file !== null ? { from: 'template', template: found.file } : { from: 'initdb', note: found.reason };
}

function importPglite() {
  return Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
}

async function openPglite(dataDir: string, migrationsFolder: string, options: OpenOptions): Promise<Database> {
  compileWasmWithBaselineOnly(); // before PGlite compiles its wasm (pglite-compiler.ts says why)
  // Loading PGlite's modules overlaps with unpacking a template (zlib runs off the main thread).
  const modules = importPglite();
  modules.catch(() => undefined); // awaited in openPgliteClient; this only keeps it handled
  const { template, ...info } = await choosePgliteInit(dataDir, migrationsFolder, options);
  if (!template) return openPgliteClient(dataDir, migrationsFolder, undefined, info, modules, options);
  if (isMemory(dataDir)) {
    const blob = typeof template === 'string' ? new Blob([await readFile(template)]) : template;
    return openPgliteClient(dataDir, migrationsFolder, blob, info, modules, options);
  }
  if (typeof template !== 'string') return openPgliteClient(dataDir, migrationsFolder, template, info, modules, options);
  try {
    await unpackPgliteTemplate(template, dataDir);
    return await openPgliteClient(dataDir, migrationsFolder, undefined, info, modules, options);
  } catch (error) {
    // A damaged archive must not brick a first start: drop what it unpacked and run initdb.
    await rm(dataDir, { recursive: true, force: true });
    const note = `template failed to load (${error instanceof Error ? error.message : String(error)})`;
    return openPgliteClient(dataDir, migrationsFolder, undefined, { from: 'initdb', note }, modules, options);
  }
}

async function openPgliteClient(
  dataDir: string,
  migrationsFolder: string,
  template: Blob | undefined,
  info: NonNullable<Database['pgliteInit']>,
  modules = importPglite(),
  options: Pick<OpenOptions, 'migrations'> = {},
): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await modules;
  const client = new PGlite({
    dataDir,
    // PostgreSQL's default 128 MB of shared buffers would be touched by PGlite's wasm heap and
    // dominate the desktop app's memory; the embedded database is small and single-user.
    postgresqlconf: ['shared_buffers = 32MB'],
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzle(client, { schema });
  let migrations: MigrationRun;
  try {
    // Applies every migration on a new cluster, and only those newer than a template's; a warm
    // start whose database holds them all skips the migrator's reading and hashing of them.
    const query: RowsQuery = (sql) => client.query(sql);
    migrations = await migrateUnlessCurrent(query, migrationsFolder, options.migrations ?? 'apply', () =>
      migrate(db, { migrationsFolder }),
    );
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  // PGlite's initdb writes its files as the umask lets it (0644/0755 under the usual 022): the
  // cluster (password hashes, sealed exchange keys, members' details) is closed to other users
  // at its folder, whatever the files inside say.
  if (!isMemory(dataDir)) await chmod(dataDir, 0o700);
  const notifications = pgliteNotifications(client);
  return { db: db as unknown as Db, kind: 'pglite', pgliteInit: info, migrations, notifications, close: () => client.close() };
}

async function openPostgres(url: string, migrationsFolder: string, migrations: 'apply' | 'check'): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const run = await migratePostgres(url, migrationsFolder, migrations);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, pg_terminate_backend, a failover) is dropped
  // by the pool and replaced on the next query; unheard, pg's 'error' event would kill the
  // process. Errors of queries in flight still reach their callers.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  // Named so an operator sees it in pg_stat_activity: one per server process, idle by design.
  const notifications = postgresNotifications(
    () => new pg.Client({ connectionString: url, keepAlive: true, application_name: NOTIFICATIONS_APPLICATION }),
  );
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrations: run,
    notifications,
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * `npm run migrate`: applies the configured database's pending migrations (PostgreSQL under the
 * boot's advisory lock, so beside booting servers; PGlite under DATA_DIR's lock, so never
 * beside a running server) and says which.
 */
export async function migrateDatabase(
  config: Config,
  options: Pick<OpenOptions, 'migrationsFolder' | 'pgliteDir' | 'holder'> = {},
): Promise<MigrationRun> {
  const database = await openDatabase(config, { ...options, migrations: 'apply' });
  await database.close();
  return database.migrations;
}

/**
 * `npm run migrate -- --status`: the configured database's migrations, applying nothing and
 * creating nothing (a DATA_DIR without a cluster, or an empty PostgreSQL database, has every
 * migration pending). A PostgreSQL database that does not exist is an error.
 */
export async function readDatabaseMigrationStatus(
  config: Config,
  options: Pick<OpenOptions, 'migrationsFolder' | 'pgliteDir' | 'holder'> = {},
): Promise<MigrationStatus> {
  const migrationsFolder = resolveMigrationsFolder(options.migrationsFolder);
  const journal = await readJournal(migrationsFolder);
  if (config.databaseUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await readMigrationStatus(pgQuery(client), journal);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const dataDir = pgliteDirOf(config, options);
  if (!isMemory(dataDir) && !existsSync(join(dataDir, 'PG_VERSION'))) return migrationStatus(journal, null);
  try {
    const database = await openDatabase(config, { ...options, migrationsFolder, migrations: 'check' });
    await database.close();
    return database.migrations.after;
  } catch (error) {
    if (error instanceof MigrationsPending) return error.status;
    throw error;
  }
}

/** The SQLSTATE of a driver error, looking through drizzle's DrizzleQueryError wrapper. */
export function sqlState(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return {};
}
