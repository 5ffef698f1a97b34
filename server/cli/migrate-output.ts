/** What `npm run migrate` prints: pure, so its wording is tested without a database. */
import type { MigrationRun } from '../db/database';
import type { MigrationStatus } from '../db/migration-status';

function version(status: MigrationStatus): string {
  return status.schemaVersion ?? 'none (no migration applied)';
}

/** `--status`: the schema version, each migration applied or pending, and what to do. */
export function statusLines(status: MigrationStatus): string[] {
  const applied = status.migrations.length - status.pending.length;
  return [
    `schema version: ${version(status)}`,
    ...status.migrations.map((m) => `${m.applied ? 'applied' : 'pending'}  ${m.tag}`),
    status.pending.length === 0
      ? `${applied} applied, none pending`
      : `${applied} applied, ${status.pending.length} pending: run npm run migrate`,
    ...(status.aheadOfBuild ? ['the database holds a migration newer than this build: a newer release migrated it'] : []),
  ];
}

/** A migrate run: what it applied, or that nothing was pending, and the schema version. */
export function migrateLine(run: MigrationRun): string {
  if (run.applied.length === 0) return `no migrations pending; schema version ${version(run.after)}`;
  return `applied ${run.applied.length} migration(s): ${run.applied.join(', ')}; schema version ${version(run.after)}`;
}
