/**
 * Opens the database: embedded PGlite in DATA_DIR/pglite when DATABASE_URL is unset, a
 * PostgreSQL server through node-postgres otherwise; migrations are applied before use.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import { pgliteNotifications, postgresNotifications, type NotificationFeed } from './notifications';
import { readPgliteTemplate, unpackPgliteTemplate } from './pglite-template';
import * as schema from './schema';

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
}

/** pg_stat_activity.application_name of each process's LISTEN connection. */
export const NOTIFICATIONS_APPLICATION = 'griddesk-notifications';

const MIGRATION_LOCK = 7_311_942; // arbitrary, constant advisory-lock key for migrations

/** Source: server/db/migrations; esbuild bundles: <bundle dir>/migrations (build-node.mjs). */
export function resolveMigrationsFolder(explicit?: string): string {
  const candidates = [
    explicit,
    fileURLToPath(new URL('./migrations', import.meta.url)),
    fileURLToPath(new URL('./db/migrations', import.meta.url)),
    resolve('server/db/migrations'),
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  const migrationsFolder = resolveMigrationsFolder(options.migrationsFolder);
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, migrationsFolder)
    : openPglite(options.pgliteDir ?? join(config.dataDir, 'pglite'), migrationsFolder, options);
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
  return Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
}

async function openPglite(dataDir: string, migrationsFolder: string, options: OpenOptions): Promise<Database> {
  // Loading PGlite's modules overlaps with unpacking a template (zlib runs off the main thread).
  const modules = importPglite();
  modules.catch(() => undefined); // awaited in openPgliteClient; this only keeps it handled
  const { template, ...info } = await choosePgliteInit(dataDir, migrationsFolder, options);
  if (!template) return openPgliteClient(dataDir, migrationsFolder, undefined, info, modules);
  if (isMemory(dataDir)) {
    const blob = typeof template === 'string' ? new Blob([await readFile(template)]) : template;
    return openPgliteClient(dataDir, migrationsFolder, blob, info, modules);
  }
  if (typeof template !== 'string') return openPgliteClient(dataDir, migrationsFolder, template, info, modules);
  try {
    await unpackPgliteTemplate(template, dataDir);
    return await openPgliteClient(dataDir, migrationsFolder, undefined, info, modules);
  } catch (error) {
    // A damaged archive must not brick a first start: drop what it unpacked and run initdb.
    await rm(dataDir, { recursive: true, force: true });
    const note = `template failed to load (${error instanceof Error ? error.message : String(error)})`;
    return openPgliteClient(dataDir, migrationsFolder, undefined, { from: 'initdb', note }, modules);
  }
}

async function openPgliteClient(
  dataDir: string,
  migrationsFolder: string,
  template: Blob | undefined,
  info: NonNullable<Database['pgliteInit']>,
  modules = importPglite(),
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
  try {
    // Applies every migration on a new cluster, and only those newer than a template's.
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const notifications = pgliteNotifications(client);
  return { db: db as unknown as Db, kind: 'pglite', pgliteInit: info, notifications, close: () => client.close() };
}

async function openPostgres(url: string, migrationsFolder: string): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  await migratePostgres(url, migrationsFolder);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, pg_terminate_backend, a failover) is dropped
  // by the pool and replaced on the next query; unheard, pg's 'error' event would kill the
  // process. Errors of queries in flight still reach their callers.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  // Named so an operator sees it in pg_stat_activity: one per server process, idle by design.
  const notifications = postgresNotifications(() => new pg.Client({ connectionString: url, keepAlive: true, application_name: NOTIFICATIONS_APPLICATION }));
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    notifications,
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * Several server processes may boot at once against one PostgreSQL (ROLES scale-out); an
 * advisory lock on a single connection makes them apply migrations one after another.
 */
async function migratePostgres(url: string, migrationsFolder: string): Promise<void> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a broken connection fails the migration's query instead
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
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
