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

export async function memberHoldings(db: Db, userId: string, clock: Clock = systemClock): Promise<Holding[]> {
  const [botRows, cycleRows, starts] = await Promise.all([
    db.select({ id: bots.id, symbol: bots.symbol, category: bots.category, leverage: bots.leverage,
      investment: bots.investment, heldQty: bots.heldQty, heldCost: bots.heldCost })
      .from(bots).where(and(eq(bots.userId, userId), inArray(bots.status, [...RUNNING_BOT_STATUSES]))),
    db.select({ id: cycles.id, symbol: cycles.symbol, category: cycles.category, amount: cycles.amount,
      heldQty: cycles.heldQty, heldCost: cycles.heldCost })
      .from(cycles).where(and(eq(cycles.userId, userId), eq(cycles.status, 'Live'))),
    pendingStarts(db, userId, clock),
  ]);
  return holdingsOf(botRows, cycleRows, starts);
}
