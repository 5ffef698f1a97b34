/**
 * Reads what the member's running bots (Live, Pause), live cycles and starts under way hold, for
 * the wallet's money at hand and a start's balance check. Only the member's own rows: every query
 * is keyed on their user id.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bots, cycles } from '../../db/schema';
import { RUNNING_BOT_STATUSES } from '../../runnables/bot/index';
import { systemClock, type Clock } from '../clock';
import { pendingStarts } from '../runnables/starting';
import { holdingsOf, type Holding } from './money-at-hand';

/**
 * The three reads share one snapshot (a read-only REPEATABLE READ transaction): a start's row
 * goes and its runnable's row comes in one transaction (runnables/starting.ts), and separate
 * statements could see neither of them (a start's money counted free again, so a concurrent
 * start could commit it twice) or both (a member told less is free than is).
 */
export async function memberHoldings(db: Db, userId: string, clock: Clock = systemClock): Promise<Holding[]> {
  return db.transaction(
    async (tx) => {
      const botRows = await tx
        .select({
          id: bots.id,
          symbol: bots.symbol,
          category: bots.category,
          leverage: bots.leverage,
          investment: bots.investment,
          heldQty: bots.heldQty,
          heldCost: bots.heldCost,
        })
        .from(bots)
        .where(and(eq(bots.userId, userId), inArray(bots.status, [...RUNNING_BOT_STATUSES])));
      const cycleRows = await tx
        .select({
          id: cycles.id,
          symbol: cycles.symbol,
          category: cycles.category,
          amount: cycles.amount,
          heldQty: cycles.heldQty,
          heldCost: cycles.heldCost,
        })
        .from(cycles)
        .where(and(eq(cycles.userId, userId), eq(cycles.status, 'Live')));
      const starts = await pendingStarts(tx as unknown as Db, userId, clock);
      return holdingsOf(botRows, cycleRows, starts);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
