/**
 * Opens the database: embedded PGlite in DATA_DIR/pglite when DATABASE_URL is unset, a
 * PostgreSQL server through node-postgres otherwise; migrations are applied before use.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers' databases, and their transactions, satisfy this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Where the migrations are; found next to this module or the bundle when omitted. */
  migrationsFolder?: string;
  /** PGlite data directory; `memory://` for a throwaway in-memory database (tests). */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start from; skips initdb (tests reuse one template). */
  pgliteTemplate?: Blob;
}

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
    : openPglite(options.pgliteDir ?? join(config.dataDir, 'pglite'), migrationsFolder, options.pgliteTemplate);
}

async function openPglite(dataDir: string, migrationsFolder: string, template?: Blob): Promise<Database> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = new PGlite({
    dataDir,
    // PostgreSQL's default 128 MB of shared buffers would be touched by PGlite's wasm heap and
    // dominate the desktop app's memory; the embedded database is small and single-user.
    postgresqlconf: ['shared_buffers = 32MB'],
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(url: string, migrationsFolder: string): Promise<Database> {
  const [{ default: pg }, { drizzle }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  await migratePostgres(url, migrationsFolder);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
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
