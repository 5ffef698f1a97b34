/**
 * GET /api/botstatus (the member's Live and Pause bots) and GET /api/livebotdata (other members'
 * best live bots, anonymised). Both are polled every 10 s: one query for the bots, one for their
 * sparklines, the prices from the market-data hub. They answer JSON text, written as card-json.ts
 * keeps the cards' long parts.
 */
import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { BotCategory } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { preparedPerDb } from '../../db/prepared';
import { bots } from '../../db/schema';
import { BOT_STATUS, RUNNING_BOT_STATUSES } from '../../runnables/bot/index';
import type { BotRecord } from './access';
import { cardJson, datewiseJson, type CardHead } from './card-json';
import type { BotsDeps } from './deps';
import { apyPercent, plain, runtimeDays } from '../runnables/figures';
import { livePrices } from '../runnables/prices';
import { botSparklines } from './sparklines';

/** Copy BOTs shows this many of the best live bots. */
export const LIVE_BOTS_LIMIT = 50;
/**
 * A bot ranks among the top performers only once it has run this long: a few hours' profit
 * projected to a year (APY) would put every lucky new bot at the top (issue 23, item 9).
 */
export const LIVE_BOTS_MIN_AGE_MS = 24 * 60 * 60 * 1000;

const cardColumns = {
  id: bots.id,
  symbol: bots.symbol,
  category: bots.category,
  botType: bots.botType,
  strategyName: bots.strategyName,
  status: bots.status,
  lastPrice: bots.lastPrice,
  startedAt: bots.startedAt,
  stoppedAt: bots.stoppedAt,
  realizedPnl: bots.realizedPnl,
  investment: bots.investment,
  trades: bots.trades,
  gridNo: bots.gridNo,
  totalGrid: bots.totalGrid,
  leverage: bots.leverage,
  // Only the profit per day of the core's state, as text: the rest is not shown, and the text is
  // parsed only when the bot has traded since its card was drawn (card-json.ts).
  datewise: sql<string | null>`(${bots.state}->'datewise')::text`,
};
type CardRow = Pick<BotRecord, Exclude<keyof typeof cardColumns, 'datewise'>> & { datewise: string | null };

/** The rows as a JSON array of cards. */
async function cardsJson(deps: BotsDeps, rows: CardRow[]): Promise<string> {
  const [prices, lines] = await Promise.all([livePrices(deps.exchange, rows), botSparklines.json(deps.db, rows)]);
  const now = deps.clock();
  const cards = rows.map((row) => {
    const runtime = runtimeDays(row.startedAt, row.stoppedAt, now);
    const head: CardHead = {
      id: row.id,
      name: row.symbol,
      category: row.category as BotCategory,
      tradeType: row.botType,
      strategy_name: row.strategyName,
      status: row.status,
      liveprice: prices.of(row),
      runtime,
      roi: apyPercent(row.realizedPnl, row.investment, runtime),
      investment: plain(row.investment),
      pnl: plain(row.realizedPnl),
      trades24h: row.trades,
      grid_no: row.gridNo,
      total_grid: row.totalGrid,
      leverage: row.category === 'Future' ? row.leverage : null,
    };
    return cardJson(head, lines.get(row.id) ?? '[]', datewiseJson(deps.db, row.id, row.trades, row.datewise));
  });
  return `[${cards.join(',')}]`;
}

const botStatusQuery = preparedPerDb((db) =>
  db
    .select(cardColumns)
    .from(bots)
    .where(and(eq(bots.userId, sql.placeholder('userId')), inArray(bots.status, [...RUNNING_BOT_STATUSES])))
    .orderBy(desc(bots.startedAt), desc(bots.createdAt))
    .prepare('bot_status'),
);

/** The member's Live and Pause bots, newest first: a JSON array of cards. */
export async function botStatus(deps: BotsDeps, userId: string): Promise<string> {
  return cardsJson(deps, await botStatusQuery(deps.db).execute({ userId }));
}

/** The APY ordering in SQL, so only the best LIVE_BOTS_LIMIT rows leave the database. */
function apyOrder(now: Date) {
  return sql`(${bots.realizedPnl} / nullif(${bots.investment}, 0))
    / greatest(floor(extract(epoch from (${now.toISOString()}::timestamptz - ${bots.startedAt})) / 86400), 1) DESC NULLS LAST`;
}

/**
 * Other members' best Live bots by APY, a JSON array of cards; no member name or id leaves the
 * server. The requesting member's own bots are left out (there is nothing to copy from oneself),
 * and so are bots that have run less than LIVE_BOTS_MIN_AGE_MS.
 */
export async function liveBotData(deps: BotsDeps, userId: string): Promise<string> {
  const db: Db = deps.db;
  const now = deps.clock();
  const startedBy = new Date(now.getTime() - LIVE_BOTS_MIN_AGE_MS);
  const rows = await db
    .select(cardColumns)
    .from(bots)
    .where(and(eq(bots.status, BOT_STATUS.live), ne(bots.userId, userId), lte(bots.startedAt, startedBy)))
    .orderBy(apyOrder(now), desc(bots.startedAt))
    .limit(LIVE_BOTS_LIMIT);
  return cardsJson(deps, rows);
}
