/**
 * Whether an embedded database already holds every migration of the folder, by drizzle's own
 * rule: its migrator applies each migration whose journal time (`when`) is later than the
 * created_at of the last one applied, so none is due once that created_at reaches the newest
 * `when`. A warm start then skips drizzle's migrate, which reads and hashes every SQL file and
 * runs five statements to find nothing to do (bench:startup).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

interface Journal {
  entries: { when: number }[];
}

/** The journal time of the folder's newest migration; null for an empty journal. */
export function newestMigrationTime(journal: Journal): number | null {
  return journal.entries.length === 0 ? null : Math.max(...journal.entries.map((entry) => entry.when));
}

/** True when drizzle's migrator would apply nothing: `lastApplied` (created_at) is the newest migration's time or later. */
export function nothingToApply(lastApplied: string | number | null, newest: number | null): boolean {
  if (newest === null) return true;
  return lastApplied !== null && Number(lastApplied) >= newest;
}

type Query = <T>(sql: string) => Promise<{ rows: T[] }>;

export async function allMigrationsApplied(query: Query, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const table = await query<{ present: boolean }>("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present");
  if (!table.rows[0]?.present) return false;
  const last = await query<{ created_at: string | null }>('SELECT max(created_at)::text AS created_at FROM drizzle.__drizzle_migrations');
  return nothingToApply(last.rows[0]?.created_at ?? null, newestMigrationTime(journal));
}
