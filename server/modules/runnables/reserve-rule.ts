/**
 * The reserve rule, pure: what a running bot holds back of its wallet (see reserve.ts for the
 * query that finds the running bots). The wallet's money at hand reads it without the database.
 */
import type { BotCategory } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';

export interface RunningBot {
  category: string;
  leverage: number | null;
  investment: string;
  heldCost: string;
}

/**
 * What one running bot holds back of its wallet: its investment less what it already put into
 * what it holds (spot: the held cost; futures: the held notional's margin), never below 0. The
 * one rule the start checks, the dashboard and the wallet's money at hand all read.
 */
export function reserveOf(bot: RunningBot): Decimal {
  const used = bot.category === 'Future' ? new Decimal(bot.heldCost).div(bot.leverage ?? 1) : new Decimal(bot.heldCost);
  return Decimal.max(0, new Decimal(bot.investment).minus(used));
}

/** What the running bots of one category (so one wallet) hold back of it. */
export function reservedBy(running: readonly RunningBot[], category: BotCategory): Decimal {
  return running.filter((b) => b.category === category).reduce((sum, b) => sum.plus(reserveOf(b)), new Decimal(0));
}
