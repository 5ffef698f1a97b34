/**
 * What a member's running bots hold back of the spot USDT: per Live or Pause bot, its
 * investment less what it already spent on coins it holds (never below 0). A new bot may use
 * the wallet less this; the dashboard's Total Funds shows the same figure.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Decimal } from '../../../common/decimal';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { bots } from '../../db/schema';

const runningBotsQuery = preparedPerDb((db) => db.select({ id: bots.id, symbol: bots.symbol, investment: bots.investment, heldCost: bots.heldCost })
  .from(bots).where(and(eq(bots.userId, sql.placeholder('userId')), inArray(bots.status, ['Live', 'Pause']))).prepare('running_bots'));

/** The member's Live and Pause bots with what the reserve is computed from. */
export function runningBots(db: Db, userId: string) {
  return runningBotsQuery(db).execute({ userId });
}

export function reservedBy(running: readonly { investment: string; heldCost: string }[]): Decimal {
  return running.reduce((sum, b) => sum.plus(Decimal.max(0, new Decimal(b.investment).minus(b.heldCost))), new Decimal(0));
}
