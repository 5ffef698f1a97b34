/**
 * GET /api/botstatus (the member's Live and Pause bots) and GET /api/livebotdata (every member's
 * best live bots, anonymised). Both are polled every 10 s: one query for the bots, one for their
 * sparklines, the prices from the market-data hub.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BotCategory, BotStatusLabel, LiveBot } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { bots } from '../../db/schema';
import type { BotRecord } from './access';
import type { BotsDeps } from './deps';
import { apyPercent, plain, runtimeDays } from './figures';
import { livePrices } from './prices';
import { datewiseProfitOf } from './snapshot-read';
import { sparklines } from './sparklines';

/** Copy BOTs shows this many of the best live bots. */
export const LIVE_BOTS_LIMIT = 50;

const cardColumns = {
  id: bots.id, symbol: bots.symbol, category: bots.category, botType: bots.botType, strategyName: bots.strategyName,
  status: bots.status, lastPrice: bots.lastPrice, startedAt: bots.startedAt, stoppedAt: bots.stoppedAt,
  realizedPnl: bots.realizedPnl, investment: bots.investment, trades: bots.trades, gridNo: bots.gridNo,
  totalGrid: bots.totalGrid, leverage: bots.leverage,
  // Only the profit per day of the core's state: the rest of it is not shown and costs a parse.
  datewise: sql<unknown>`${bots.state}->'datewise'`,
};
type CardRow = Pick<BotRecord, Exclude<keyof typeof cardColumns, 'datewise'>> & { datewise: unknown };

async function toLiveBots(deps: BotsDeps, rows: CardRow[]): Promise<LiveBot[]> {
  const [prices, lines] = await Promise.all([livePrices(deps.exchange, rows), sparklines(deps.db, rows)]);
  const now = deps.clock();
  return rows.map((row) => {
    const runtime = runtimeDays(row.startedAt, row.stoppedAt, now);
    return {
      id: row.id,
      name: row.symbol,
      category: row.category as BotCategory,
      tradeType: row.botType,
      strategy_name: row.strategyName,
      status: row.status as BotStatusLabel,
      liveprice: prices.of(row),
      runtime,
      roi: apyPercent(row.realizedPnl, row.investment, runtime),
      investment: plain(row.investment),
      pnl: plain(row.realizedPnl),
      trades24h: row.trades,
      grid_no: row.gridNo,
      total_grid: row.totalGrid,
      sparklineData: lines.get(row.id) ?? [],
      datewiseprofit: datewiseProfitOf(row.datewise),
      leverage: row.category === 'Future' ? row.leverage : null,
    };
  });
}

const botStatusQuery = preparedPerDb((db) => db.select(cardColumns).from(bots)
  .where(and(eq(bots.userId, sql.placeholder('userId')), inArray(bots.status, ['Live', 'Pause'])))
  .orderBy(desc(bots.startedAt), desc(bots.createdAt)).prepare('bot_status'));

export async function botStatus(deps: BotsDeps, userId: string): Promise<LiveBot[]> {
  return toLiveBots(deps, await botStatusQuery(deps.db).execute({ userId }));
}

/** The APY ordering in SQL, so only the best LIVE_BOTS_LIMIT rows leave the database. */
function apyOrder(now: Date) {
  return sql`(${bots.realizedPnl} / nullif(${bots.investment}, 0))
    / greatest(floor(extract(epoch from (${now.toISOString()}::timestamptz - ${bots.startedAt})) / 86400), 1) DESC NULLS LAST`;
}

/** Every member's best Live bots by APY; no member name or id leaves the server. */
export async function liveBotData(deps: BotsDeps): Promise<LiveBot[]> {
  const db: Db = deps.db;
  const rows = await db.select(cardColumns).from(bots).where(eq(bots.status, 'Live'))
    .orderBy(apyOrder(deps.clock()), desc(bots.startedAt)).limit(LIVE_BOTS_LIMIT);
  return toLiveBots(deps, rows);
}
