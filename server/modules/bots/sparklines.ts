/**
 * Sparklines: the realized PnL after each filled sell, cumulative, over time. A bot that has
 * sold a thousand times still draws at most SPARKLINE_POINTS points: the database keeps the
 * last sell of each of that many equal slices (always the latest), so a poll of many bots is one
 * query that returns at most SPARKLINE_POINTS rows a bot.
 *
 * Every open desktop polls its bots' sparklines every 10 s, and a bot's line only changes when it
 * trades: lines are kept per bot with the trade count they were drawn at (bots.trades, counted
 * in the same statement as the fill), and only bots that traded since are read again.
 */
import { sql } from 'drizzle-orm';
import type { SparklinePoint } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { DrawnByTrades } from './drawn-by-trades';
import { plain } from './figures';

export const SPARKLINE_POINTS = 30;

interface Row {
  owner_id: string;
  filled_at: Date | string;
  cum: string;
}

/** Where a runnable's orders are kept: the grid bot's, or a cycle's (modules/cycles/sparklines.ts). */
export interface OrdersTable {
  table: 'bot_orders' | 'cycle_orders';
  owner: 'bot_id' | 'cycle_id';
}

const BOT_ORDERS: OrdersTable = { table: 'bot_orders', owner: 'bot_id' };

interface Drawn {
  points: SparklinePoint[];
  /** The points as JSON, written once per trade count for the cards every poll sends. */
  json: string;
}

/** At most this many bots' lines (a few KB each). */
const drawnLines = new DrawnByTrades<Drawn>(50_000);

/** The lines of `bots`, read from the database only for bots that traded since they were drawn. */
async function linesOf(db: Db, bots: readonly { id: string; trades: number }[]): Promise<Map<string, Drawn>> {
  const lines = new Map<string, Drawn>();
  const stale: { id: string; trades: number }[] = [];
  for (const bot of bots) {
    const drawn = drawnLines.get(db, bot.id, bot.trades);
    if (drawn) lines.set(bot.id, drawn);
    else stale.push(bot);
  }
  if (stale.length === 0) return lines;
  const fresh = await readSparklines(db, stale.map((b) => b.id));
  for (const bot of stale) {
    const points = fresh.get(bot.id) ?? [];
    const drawn = { points, json: JSON.stringify(points) };
    lines.set(bot.id, drawn);
    drawnLines.set(db, bot.id, bot.trades, drawn);
  }
  return lines;
}

/** The lines of `bots` as points. */
export async function sparklines(db: Db, bots: readonly { id: string; trades: number }[]): Promise<Map<string, SparklinePoint[]>> {
  const lines = await linesOf(db, bots);
  return new Map([...lines].map(([id, drawn]) => [id, drawn.points]));
}

/** The lines of `bots` as JSON arrays of points, as the cards send them. */
export async function sparklinesJson(db: Db, bots: readonly { id: string; trades: number }[]): Promise<Map<string, string>> {
  const lines = await linesOf(db, bots);
  return new Map([...lines].map(([id, drawn]) => [id, drawn.json]));
}

/** The cumulative realized PnL after each filled sell of each runnable in `ownerIds`, at most SPARKLINE_POINTS a line. */
export async function readSparklines(db: Db, ownerIds: readonly string[], where: OrdersTable = BOT_ORDERS): Promise<Map<string, SparklinePoint[]>> {
  const lines = new Map<string, SparklinePoint[]>(ownerIds.map((id) => [id, []]));
  const ids = sql.join(ownerIds.map((id) => sql`${id}::uuid`), sql`, `);
  const owner = sql.identifier(where.owner);
  // Row n of `total` is kept when n * P / total crosses an integer: every row while total <= P,
  // else the last row of each of P slices.
  const result = await db.execute(sql`
    SELECT owner_id, filled_at, cum FROM (
      SELECT ${owner} AS owner_id, filled_at,
        sum(pnl) OVER (PARTITION BY ${owner} ORDER BY filled_at, seq) AS cum,
        row_number() OVER (PARTITION BY ${owner} ORDER BY filled_at, seq) AS n,
        count(*) OVER (PARTITION BY ${owner}) AS total
      FROM ${sql.identifier(where.table)}
      WHERE ${owner} IN (${ids}) AND status = 'filled' AND side = 'sell' AND pnl IS NOT NULL AND filled_at IS NOT NULL
    ) s
    WHERE (n * ${SPARKLINE_POINTS}) / total > ((n - 1) * ${SPARKLINE_POINTS}) / total
    ORDER BY owner_id, n`);
  for (const row of rowsOf<Row>(result)) {
    lines.get(row.owner_id)?.push({ time: new Date(row.filled_at).getTime(), value: plain(row.cum) });
  }
  return lines;
}
