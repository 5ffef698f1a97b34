/**
 * What a member's running bots hold back of a wallet: per Live or Pause bot, its investment less
 * what it already put into what it holds (never below 0). A Spot bot spent its held cost of the
 * spot USDT; a Future bot's isolated margin is its held notional / leverage, which the exchange
 * already counts as used in the futures wallet. A new bot may use the wallet less this; the
 * dashboard's Total Funds shows the same figure for spot.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { bots } from '../../db/schema';
import { RUNNING_BOT_STATUSES } from '../../runnables/bot/index';

const runningBotsQuery = preparedPerDb((db) =>
  db
    .select({
      id: bots.id,
      symbol: bots.symbol,
      category: bots.category,
      leverage: bots.leverage,
      investment: bots.investment,
      heldCost: bots.heldCost,
    })
    .from(bots)
    .where(and(eq(bots.userId, sql.placeholder('userId')), inArray(bots.status, [...RUNNING_BOT_STATUSES])))
    .prepare('running_bots'),
);

/** The member's Live and Pause bots with what the reserve is computed from. */
export function runningBots(db: Db, userId: string) {
  return runningBotsQuery(db).execute({ userId });
}

export { reserveOf, reservedBy, type RunningBot } from './reserve-rule';
