/**
 * Reading what withdrawalRefusal (limits.ts) judges: the settings in force and the member's
 * counts. The counts are only meaningful inside the transaction that holds the member's row
 * lock (create.ts): there no other request of theirs can add a row between count and insert.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { depositAddresses, withdrawals } from '../../db/schema';
import { getSetting } from '../settings/settings';
import type { WithdrawalCounts, WithdrawalTerms } from './limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One after the other: inside a transaction `db` is one connection, which runs one query at a time. */
export async function withdrawalTerms(db: Db): Promise<WithdrawalTerms> {
  const minimum = await getSetting(db, 'withdrawalMinimum');
  const fee = await getSetting(db, 'withdrawalFee');
  const pendingMax = await getSetting(db, 'withdrawalPendingMax');
  const dailyMax = await getSetting(db, 'withdrawalDailyMax');
  return { minimum: new Decimal(minimum).toFixed(), fee: new Decimal(fee).toFixed(), pendingMax, dailyMax };
}

/** PENDING ones whenever requested; the last 24 hours' (rolling) unless they FAILED: a refunded payout spends no allowance. */
export async function withdrawalCounts(db: Db, userId: string, now: Date): Promise<WithdrawalCounts> {
  const since = new Date(now.getTime() - DAY_MS);
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${eq(withdrawals.status, 'PENDING')})::int`,
      lastDay: sql<number>`count(*) filter (where ${and(gt(withdrawals.createdAt, since), ne(withdrawals.status, 'FAILED'))})::int`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  return { pending: Number(row?.pending ?? 0), lastDay: Number(row?.lastDay ?? 0) };
}

/**
 * True for an address this platform holds: any member's deposit address (a payout there would
 * come back as a deposit, the gas paid for nothing) or the hot wallet itself. Deposit addresses
 * are stored in lower case, as Transfer logs carry them.
 */
export async function isPlatformAddress(db: Db, address: string, hotWalletAddress: string | null): Promise<boolean> {
  const lower = address.toLowerCase();
  if (hotWalletAddress !== null && lower === hotWalletAddress.toLowerCase()) return true;
  const [row] = await db
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(depositAddresses.address, lower))
    .limit(1);
  return row !== undefined;
}
