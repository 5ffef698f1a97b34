/**
 * Leases: which engine runs which bot. A claim takes running bots nobody holds (or whose holder
 * stopped renewing) with FOR UPDATE SKIP LOCKED, so engines sharing one database never take the
 * same bot; the holder renews its leases on a heartbeat and releases them when it stops.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { bots } from '../db/schema';
import { rowsOf } from '../db/rows';

export interface LeaseHolder {
  db: Db;
  owner: string;
  leaseMs: number;
}

/** Takes up to `limit` running bots nobody holds (or whose holder stopped renewing). */
export async function claimLeases(h: LeaseHolder, limit: number): Promise<string[]> {
  // The status list matches the partial index bots_running_idx, spelled as its predicate is.
  const result = await h.db.execute(sql`
    UPDATE bots SET lease_owner = ${h.owner}, lease_expires_at = now() + ${`${h.leaseMs} milliseconds`}::interval
    WHERE id IN (
      SELECT id FROM bots
      WHERE status IN ('Live', 'Pause') AND (lease_owner IS NULL OR lease_expires_at < now())
      ORDER BY lease_expires_at NULLS FIRST
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Renews every lease `h` holds; returns the bots it still holds. In chunks of `chunk` rows, each
 * its own statement locking its rows in id order (see BotStore.saveTrackers): one statement over
 * every bot would hold all their rows for as long as it takes to rewrite them all, and every
 * order of those bots would wait for it.
 */
export async function renewLeases(h: LeaseHolder, chunk: number, beforeChunk?: () => Promise<void>): Promise<Set<string>> {
  const held = new Set<string>();
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    await beforeChunk?.();
    const result = await h.db.execute(sql`
      UPDATE bots SET lease_expires_at = now() + ${`${h.leaseMs} milliseconds`}::interval
      WHERE id IN (
        SELECT id FROM bots
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
  await h.db.update(bots).set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(inArray(bots.id, ids), eq(bots.leaseOwner, h.owner)));
}
