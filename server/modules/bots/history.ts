/**
 * GET /api/bothistory: the member's stopped bots, newest stop first (SPEC: History). Scalping
 * Grid and cycles do not exist yet, so their histories are empty lists.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BotHistoryRow } from '../../../common/api/bots';
import { Decimal } from '../../../common/money';
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { bots } from '../../db/schema';
import { BOT_STATUS } from '../../runnables/bot/index';
import type { BotsDeps } from './deps';
import { NO_LOSS, plain, plainOrNull, roiPercent, runtimeDays } from '../runnables/figures';
import type { StopReason } from '../../../common/api/stop-reasons';

export async function botHistory(deps: BotsDeps, userId: string): Promise<BotHistoryRow[]> {
  // Only the figures: the state and strategy copies stay in the database.
  const rows = await deps.db
    .select({
      id: bots.id,
      symbol: bots.symbol,
      strategyName: bots.strategyName,
      startedAt: bots.startedAt,
      stoppedAt: bots.stoppedAt,
      investment: bots.investment,
      profitBooked: bots.profitBooked,
      lossBooked: bots.lossBooked,
      realizedPnl: bots.realizedPnl,
      lastPrice: bots.lastPrice,
      trades: bots.trades,
      stopReason: bots.stopReason,
    })
    .from(bots)
    .where(and(eq(bots.userId, userId), eq(bots.status, BOT_STATUS.stopped)))
    .orderBy(sql`${bots.stoppedAt} DESC NULLS LAST`, desc(bots.createdAt));
  const now = deps.clock();
  return rows.map((bot) => ({
    id: bot.id,
    symbol: bot.symbol,
    strategy_name: bot.strategyName || SYSTEM_STRATEGY_NAME,
    runtime: runtimeDays(bot.startedAt, bot.stoppedAt, now),
    investment: plain(bot.investment),
    profit: plain(bot.profitBooked),
    lossbook: new Decimal(bot.lossBooked).isZero() ? NO_LOSS : plain(bot.lossBooked),
    totalpnl: plain(bot.realizedPnl),
    roi: roiPercent(bot.realizedPnl, bot.investment),
    botstarttime: bot.startedAt.toISOString(),
    botstoptime: bot.stoppedAt?.toISOString() ?? null,
    stopAt: plainOrNull(bot.lastPrice),
    trades: bot.trades,
    stopReason: (bot.stopReason as StopReason | null) ?? null,
  }));
}

/** Scalping Grid is coming soon and cycles are not built yet: nothing has run. */
export async function emptyHistory(): Promise<BotHistoryRow[]> {
  return [];
}
