/**
 * Running the migrations: skipped when the database holds them all, refused when the opener may
 * only check (MIGRATIONS_ON_BOOT=check), and on PostgreSQL applied under an advisory lock so
 * processes booting together apply them one after another.
 */
import { ConfigError } from '../config/config';
import {
  newlyApplied,
  pendingLine,
  readJournal,
  readMigrationStatus,
  type MigrationStatus,
  type RowsQuery,
} from './migration-status';

/** What opening (or `npm run migrate`) did: the status before and after, and the tags it applied. */
export interface MigrationRun {
  before: MigrationStatus;
  after: MigrationStatus;
  applied: string[];
}

/** The database lacks migrations this build needs and the opener may not apply them (MIGRATIONS_ON_BOOT=check). */
export class MigrationsPending extends ConfigError {
  constructor(readonly status: MigrationStatus) {
    super(
      `${pendingLine(status)} and MIGRATIONS_ON_BOOT=check never alters the schema: run npm run migrate (the built form: node dist/server/cli/migrate.js), then start the server again`,
    );
  }
}

const MIGRATION_LOCK = 7_311_942; // arbitrary, constant advisory-lock key for migrations

/**
 * Several server processes may boot at once against one PostgreSQL (ROLES scale-out); an
 * advisory lock on a single connection makes them apply migrations one after another.
 */
export async function migratePostgres(url: string, migrationsFolder: string, mode: 'apply' | 'check'): Promise<MigrationRun> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a broken connection fails the migration's query instead
  await client.connect();
  const query = pgQuery(client);
  if (mode === 'check') {
    try {
      return await migrateUnlessCurrent(query, migrationsFolder, mode, async () => undefined);
    } finally {
      await client.end();
    }
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // Read under the lock: what this process applied, not what another one did meanwhile.
    return await migrateUnlessCurrent(query, migrationsFolder, mode, () => migrate(drizzle(client), { migrationsFolder }));
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** node-postgres' query typed as the migration reader's (its rows are whatever the SQL selects). */
export function pgQuery(client: { query(sql: string): Promise<{ rows: unknown[] }> }): RowsQuery {
  return <T>(sql: string) => client.query(sql) as Promise<{ rows: T[] }>;
}

/**
 * Reads the status; with pending migrations, 'apply' runs the migrator and reads it again,
 * 'check' refuses (MigrationsPending). Nothing pending: the migrator, which reads and hashes
 * every SQL file to find nothing to do, is skipped (bench:startup).
 */
export async function migrateUnlessCurrent(
  query: RowsQuery,
  migrationsFolder: string,
  mode: 'apply' | 'check',
  migrate: () => Promise<void>,
): Promise<MigrationRun> {
  const journal = await readJournal(migrationsFolder);
  const before = await readMigrationStatus(query, journal);
  if (before.pending.length === 0) return { before, after: before, applied: [] };
  if (mode === 'check') throw new MigrationsPending(before);
  await migrate();
  const after = await readMigrationStatus(query, journal);
  return { before, after, applied: newlyApplied(before, after) };
}
