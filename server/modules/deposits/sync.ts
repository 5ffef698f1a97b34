/**
 * 'Sync status' (POST /account/wallet/usdt/deposit/sync): wake the scanner, wherever it runs,
 * and wait a bounded time for a scan that began after the request. The wake-up is a
 * NOTIFY on DEPOSIT_SCAN_CHANNEL (heard by the chain role's listener, in this process or
 * another); the completion is read from the cursor row, so no second channel is needed and a
 * lost notification only costs the wait (the scanner still polls).
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chainDeposits } from '../../db/schema';
import { databaseNow, scannedSince } from './cursor';

export const DEPOSIT_SCAN_CHANNEL = 'deposit_scan';
/** Long enough for a scan of a few blocks on a public RPC, short enough for a button press. */
export const SYNC_WAIT_MS = 5_000;
const SYNC_POLL_MS = 100;

/** Asks for a scan now; returns the database time the request was made. */
export async function requestDepositScan(db: Db): Promise<string> {
  const asked = await databaseNow(db);
  await db.execute(sql`SELECT pg_notify(${DEPOSIT_SCAN_CHANNEL}, '')`);
  return asked;
}

/** True once a scan that began at or after `asked` finished; false after `timeoutMs`. */
export async function waitForScan(db: Db, asked: string, timeoutMs = SYNC_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await scannedSince(db, asked)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
  }
}

/** The member's deposits credited at or after `since` (a Date, or databaseNow() text). */
export async function creditedSince(db: Db, userId: string, since: Date | string): Promise<number> {
  const at = typeof since === 'string' ? since : since.toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(chainDeposits)
    .where(and(eq(chainDeposits.userId, userId), gte(chainDeposits.createdAt, sql`${at}::timestamptz`)));
  return row?.n ?? 0;
}
