/**
 * GET /api/livecycles: the member's Live cycles as cards (SPEC section 3, "Live cycle"), polled
 * every 10 s: one query for the cycles, one for the sparklines of those that traded since they
 * were drawn, the prices from the market-data hub as the bot cards get theirs.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { BotCategory } from '../../../common/api/bots';
import type { LiveCycle } from '../../../common/api/cycles';
import { cycles } from '../../db/schema';
import { plain, runtimeDays } from '../runnables/figures';
import { pairStepsOf } from '../runnables/pair-steps';
import { livePrices } from '../runnables/prices';
import type { CyclesDeps } from './deps';
import { progressOf } from './progress';
import { cycleSparklines } from './sparklines';

const cardColumns = {
  id: cycles.id,
  symbol: cycles.symbol,
  category: cycles.category,
  leverage: cycles.leverage,
  startedAt: cycles.startedAt,
  amount: cycles.amount,
  realizedPnl: cycles.realizedPnl,
  cyclesCompleted: cycles.cyclesCompleted,
  noOfCycle: cycles.noOfCycle,
  lastBoughtPrice: cycles.lastBoughtPrice,
  buyPrice: cycles.buyPrice,
  sellPrice: cycles.sellPrice,
  stopLoss: cycles.stopLoss,
  lastPrice: cycles.lastPrice,
  trades: cycles.trades,
  state: cycles.state,
  marketRules: cycles.marketRules,
};

/** The member's Live cycles, newest first. */
export async function liveCycles(deps: CyclesDeps, userId: string): Promise<LiveCycle[]> {
  const rows = await deps.db
    .select(cardColumns)
    .from(cycles)
    .where(and(eq(cycles.userId, userId), eq(cycles.status, 'Live')))
    .orderBy(desc(cycles.startedAt), desc(cycles.createdAt));
  const withProgress = rows.map((row) => ({ row, progress: progressOf(row) }));
  const [prices, lines] = await Promise.all([
    livePrices(deps.exchange, rows),
    cycleSparklines.points(
      deps.db,
      withProgress.map(({ row, progress }) => ({ id: row.id, trades: progress.trades })),
    ),
  ]);
  const now = deps.clock();
  return withProgress.map(({ row, progress }) => ({
    id: row.id,
    pair: row.symbol,
    category: row.category as BotCategory,
    leverage: row.category === 'Future' ? row.leverage : null,
    status: 'Live',
    liveprice: prices.of(row),
    runtime: runtimeDays(row.startedAt, null, now),
    investment: plain(row.amount),
    profit: progress.realized,
    cycles_completed: progress.completed,
    no_of_cycle: row.noOfCycle,
    last_bought_price: progress.lastBoughtPrice,
    buy_price: plain(row.buyPrice),
    sell_price: plain(row.sellPrice),
    stop_loss: plain(row.stopLoss),
    sparklineData: lines.get(row.id) ?? [],
    ...pairStepsOf(row.marketRules),
  }));
}
