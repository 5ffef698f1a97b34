/**
 * Fixed-window counters in the database (rate_limit_counters). In a table rather than in each
 * process's memory, every API process on one PostgreSQL database spends the same budget; the
 * embedded PGlite needs nothing more. A hit is one upsert, so parallel requests cannot all read
 * "under the limit" before any of them is counted.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rateLimitCounters } from '../../db/schema';

export interface Window {
  /** Names what is counted, e.g. `login|10.0.0.1|a@example.com`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface WindowCount {
  key: string;
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the current window ends (and a refused caller may try again). */
  expiresAt: Date;
  allowed: boolean;
}

/** Expired windows are deleted at most this often per process. */
const PURGE_EVERY_MS = 10 * 60_000;
const lastPurge = new WeakMap<Db, number>();

async function purgeExpired(db: Db, now: Date): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now.getTime());
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
}

/** Counts one hit in each window (in one statement) and says which are still within their max. */
export async function hitWindows(db: Db, windows: readonly Window[], now: Date): Promise<WindowCount[]> {
  await purgeExpired(db, now);
  // Rows are locked in key order, so two statements over the same keys cannot deadlock.
  const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ended = sql`${rateLimitCounters.expiresAt} <= ${now.toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimitCounters)
    .values(sorted.map((w) => ({ key: w.key, hits: 1, expiresAt: new Date(now.getTime() + w.windowMs) })))
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitCounters.hits} + 1 END`,
        expiresAt: sql`CASE WHEN ${ended} THEN excluded.expires_at ELSE ${rateLimitCounters.expiresAt} END`,
      },
    })
    .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return windows.map((w) => {
    const row = byKey.get(w.key)!;
    return { ...row, allowed: row.hits <= w.max };
  });
}

/** Takes a hit back (a call that turned out not to count), if its window is still the same one. */
export async function refundHit(db: Db, count: Pick<WindowCount, 'key' | 'expiresAt'>): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`${rateLimitCounters.hits} - 1` })
    .where(
      and(eq(rateLimitCounters.key, count.key), eq(rateLimitCounters.expiresAt, count.expiresAt), gt(rateLimitCounters.hits, 0)),
    );
}

/** Starts the key's count afresh: its next hit opens a new window. */
export async function clearWindow(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
