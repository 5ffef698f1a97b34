/**
 * The 'make payment' window (POST /account/wallet/usdt/deposit/listen): it makes sure the
 * member has a deposit address and records until when the Deposit screen counts down. The
 * scanner credits every transfer whenever it arrives; the window is what the member sees.
 */
import { eq } from 'drizzle-orm';
import type { DepositListenData } from '../../../common/api/billing';
import type { DepositAddresses } from '../../config/chain';
import type { Db } from '../../db/database';
import { depositAddresses } from '../../db/schema';
import type { Clock } from '../clock';
import { ensureDepositAddress } from './addresses';

export async function openListenWindow(
  db: Db,
  addresses: DepositAddresses,
  userId: string,
  seconds: number,
  clock: Clock,
): Promise<DepositListenData> {
  await ensureDepositAddress(db, addresses, userId);
  const listenUntil = new Date(clock().getTime() + seconds * 1_000);
  await db.update(depositAddresses).set({ listenUntil }).where(eq(depositAddresses.userId, userId));
  return { usdtListenExpiredInSeconds: seconds };
}

/** When the member's open window began, or null when no window is open now. */
export async function openWindowStart(db: Db, userId: string, seconds: number, clock: Clock): Promise<Date | null> {
  const [row] = await db
    .select({ listenUntil: depositAddresses.listenUntil })
    .from(depositAddresses)
    .where(eq(depositAddresses.userId, userId));
  const until = row?.listenUntil;
  if (!until || until.getTime() <= clock().getTime()) return null;
  return new Date(until.getTime() - seconds * 1_000);
}
