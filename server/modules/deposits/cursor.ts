/**
 * The deposit scanner's progress (table chain_cursors, row 'deposits'): every block up to
 * `blockNumber` is credited. `updated_at` holds the database time at which the scan that last
 * wrote the row *began*, so POST .../deposit/sync can wait for a scan that started after it
 * asked, even when the scanner runs in another process.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { chainCursors } from '../../db/schema';

export const DEPOSIT_CURSOR = 'deposits';

export interface Cursor {
  /** -1: nothing read yet (the next block is 0). */
  blockNumber: number;
  /** Null when unknown (no block read yet): the reorganisation check is skipped. */
  blockHash: string | null;
}

/** The database's clock, as text that keeps its microseconds. */
export async function databaseNow(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT now()::text AS now`);
  return rowsOf<{ now: string }>(result)[0]!.now;
}

export async function readCursor(db: Db, name = DEPOSIT_CURSOR): Promise<Cursor | null> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.name, name));
  return row ? { blockNumber: Number(row.blockNumber), blockHash: row.blockHash } : null;
}

/** `scanStartedAt`: databaseNow() when the current scan began. */
export async function writeCursor(db: Db, cursor: Cursor, scanStartedAt: string, name = DEPOSIT_CURSOR): Promise<void> {
  const values = {
    blockNumber: String(cursor.blockNumber),
    blockHash: cursor.blockHash,
    updatedAt: sql`${scanStartedAt}::timestamptz`,
  };
  await db
    .insert(chainCursors)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: chainCursors.name, set: values });
}

/** A scan that found nothing new still says it ran. */
export async function touchCursor(db: Db, scanStartedAt: string, name = DEPOSIT_CURSOR): Promise<void> {
  await db
    .update(chainCursors)
    .set({ updatedAt: sql`${scanStartedAt}::timestamptz` })
    .where(eq(chainCursors.name, name));
}

/** Whether a scan that began at or after `since` (databaseNow() text) has finished. */
export async function scannedSince(db: Db, since: string, name = DEPOSIT_CURSOR): Promise<boolean> {
  const [row] = await db
    .select({ name: chainCursors.name })
    .from(chainCursors)
    .where(sql`${chainCursors.name} = ${name} AND ${chainCursors.updatedAt} >= ${since}::timestamptz`);
  return row !== undefined;
}
