/**
 * Which of this build's migrations a database holds, by drizzle's own rule:
 * its migrator applies every journal entry whose time (`when`) is later than the created_at of
 * the last migration applied, so an entry is applied once that created_at reaches its `when`.
 * `npm run migrate --status`, MIGRATIONS_ON_BOOT=check and GET /readyz all read this.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface JournalEntry {
  tag: string;
  when: number;
}

export interface MigrationState {
  tag: string;
  applied: boolean;
}

export interface MigrationStatus {
  /** Every migration of this build, oldest first. */
  migrations: MigrationState[];
  /** The tags not applied yet, oldest first. */
  pending: string[];
  /** The tag of the last migration applied (the schema version); null on a database without any. */
  schemaVersion: string | null;
  /**
   * The database holds a migration newer than any of this build's: an older build running on a
   * schema a newer release migrated (a rolling upgrade's old processes).
   */
  aheadOfBuild: boolean;
}

/** `lastAppliedAt`: max(created_at) of drizzle.__drizzle_migrations, null when it has no row (or no table). */
export function migrationStatus(journal: readonly JournalEntry[], lastAppliedAt: string | number | null): MigrationStatus {
  const last = lastAppliedAt === null ? null : Number(lastAppliedAt);
  const ordered = [...journal].sort((a, b) => a.when - b.when);
  const migrations = ordered.map((entry) => ({ tag: entry.tag, applied: last !== null && entry.when <= last }));
  const applied = migrations.filter((m) => m.applied);
  const newest = ordered.at(-1)?.when ?? null;
  return {
    migrations,
    pending: migrations.filter((m) => !m.applied).map((m) => m.tag),
    schemaVersion: applied.at(-1)?.tag ?? null,
    aheadOfBuild: last !== null && newest !== null && last > newest,
  };
}

/** The tags of `after`'s applied migrations that `before` had pending: what a migrate run applied. */
export function newlyApplied(before: MigrationStatus, after: MigrationStatus): string[] {
  const appliedAfter = new Set(after.migrations.filter((m) => m.applied).map((m) => m.tag));
  return before.pending.filter((tag) => appliedAfter.has(tag));
}

/** One line naming what is pending, for a log or a refusal. */
export function pendingLine(status: MigrationStatus): string {
  return `${status.pending.length} migration(s) pending: ${status.pending.join(', ')}`;
}

export async function readJournal(migrationsFolder: string): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** A query on either driver: PGlite's client.query, pg's client.query, or drizzle's execute. */
export type RowsQuery = <T>(sql: string) => Promise<{ rows: T[] }>;

/** max(created_at) of the migrations table, null when it is missing or empty. */
export async function lastAppliedAt(query: RowsQuery): Promise<string | null> {
  const table = await query<{ present: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!table.rows[0]?.present) return null;
  const last = await query<{ created_at: string | null }>(
    'SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations',
  );
  return last.rows[0]?.created_at ?? null;
}

export async function readMigrationStatus(query: RowsQuery, journal: readonly JournalEntry[]): Promise<MigrationStatus> {
  return migrationStatus(journal, await lastAppliedAt(query));
}
