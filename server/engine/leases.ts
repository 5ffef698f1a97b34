/**
 * Leases: which engine runs which runnable. A claim takes running ones nobody holds (or whose
 * holder stopped renewing) with FOR UPDATE SKIP LOCKED, so engines sharing one database never
 * take the same one; the holder renews its leases on a heartbeat and releases them when it
 * stops. The table is the runnable's (`h.tables.runnables`, tables.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import type { TableNames } from './tables';

export interface LeaseHolder {
  db: Db;
  owner: string;
  leaseMs: number;
  tables: TableNames;
}

/** Takes up to `limit` running runnables nobody holds (or whose holder stopped renewing). */
export async function claimLeases(h: LeaseHolder, limit: number): Promise<string[]> {
  // The status list matches the partial index of running rows (bots_running_idx), spelled as its predicate is.
  const { runnables } = h.tables;
  const result = await h.db.execute(sql`
    UPDATE ${runnables} SET lease_owner = ${h.owner}, lease_expires_at = now() + ${`${h.leaseMs} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM ${runnables}
      WHERE status IN ('Live', 'Pause') AND (lease_owner IS NULL OR lease_expires_at < now())
      ORDER BY lease_expires_at NULLS FIRST
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Renews every lease `h` holds; returns the runnables it still holds. In chunks of `chunk` rows, each
 * its own statement locking its rows in id order (see RunnableStore.saveTrackers): one statement over
 * every runnable would hold all their rows for as long as it takes to rewrite them all, and every
 * order of those runnables would wait for it.
 */
export async function renewLeases(h: LeaseHolder, chunk: number, beforeChunk?: () => Promise<void>): Promise<Set<string>> {
  const held = new Set<string>();
  let after = '00000000-0000-0000-0000-000000000000';
  const { runnables } = h.tables;
  for (;;) {
    await beforeChunk?.();
    const result = await h.db.execute(sql`
      UPDATE ${runnables} SET lease_expires_at = now() + ${`${h.leaseMs} milliseconds`}::interval
      WHERE id IN (
        SELECT id FROM ${runnables}
        WHERE lease_owner = ${h.owner} AND status IN ('Live', 'Pause') AND lease_expires_at >= now() AND id > ${after}::uuid
        ORDER BY id LIMIT ${chunk} FOR UPDATE)
      RETURNING id`);
    const ids = rowsOf<{ id: string }>(result).map((r) => r.id);
    for (const id of ids) {
      held.add(id);
      if (id > after) after = id; // uuids order as their lower-case hex text does
    }
    if (ids.length < chunk) return held;
  }
}

/** Gives the leases of `ids` up, those `h` still holds, for the next claim. */
export async function releaseLeases(h: LeaseHolder, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await h.db.execute(sql`
    UPDATE ${h.tables.runnables} SET lease_owner = NULL, lease_expires_at = NULL
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND lease_owner = ${h.owner}`);
}

/** The channel on which engines hear that leases of `kind` ('bots', 'cycles': its table) were given up by an engine that stopped. */
export function releasedChannel(kind: string): string {
  return `${kind}_leases_released`;
}

/**
 * Tells every engine that `h` gave its leases up on stopping, so the next one claims them at once
 * instead of at its next claim (DEFAULT_CLAIM_EVERY_MS): a drained engine's bots are run again
 * within a claim's time. Only a stop says it: a release after a failed adoption must not make
 * engines pass a runnable none can take on back and forth.
 */
export async function announceReleased(h: LeaseHolder, kind: string): Promise<void> {
  await h.db.execute(sql`SELECT pg_notify(${releasedChannel(kind)}, ${h.owner})`);
}
