/**
 * Sparklines of bots and cycles: the realized PnL after each filled sell, cumulative, over time.
 * A runnable that has sold a thousand times still draws at most SPARKLINE_POINTS points: the database keeps the
 * last sell of each of that many equal slices (always the latest), so a poll of many is one
 * query that returns at most SPARKLINE_POINTS rows each.
 *
 * Every open desktop polls its cards' sparklines every 10 s, and a line only changes when its
 * runnable trades: lines are kept with the trade count they were drawn at (`trades`, counted in
 * the same statement as the fill), and only those that traded since are read again.
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

/** Where a runnable's orders are kept: the grid bot's, or a cycle's. */
export interface OrdersTable {
  table: 'bot_orders' | 'cycle_orders';
  owner: 'bot_id' | 'cycle_id';
}

interface Drawn {
  points: SparklinePoint[];
  /** The points as JSON, written once per trade count for the cards every poll sends. */
  json: string;
}

type Drawable = { id: string; trades: number };

export interface SparklineBook {
  /** The lines of `list` as points. */
  points(db: Db, list: readonly Drawable[]): Promise<Map<string, SparklinePoint[]>>;
  /** The lines of `list` as JSON arrays of points, as the cards send them. */
  json(db: Db, list: readonly Drawable[]): Promise<Map<string, string>>;
}

/** The lines of one kind of runnable, each kept with the trade count it was drawn at (at most 50,000, a few KB each). */
export function sparklineBook(where: OrdersTable): SparklineBook {
  const drawnLines = new DrawnByTrades<Drawn>(50_000);
  /** The lines of `list`, read from the database only for those that traded since they were drawn. */
  async function linesOf(db: Db, list: readonly Drawable[]): Promise<Map<string, Drawn>> {
    const lines = new Map<string, Drawn>();
    const stale: Drawable[] = [];
    for (const item of list) {
      const drawn = drawnLines.get(db, item.id, item.trades);
      if (drawn) lines.set(item.id, drawn);
      else stale.push(item);
    }
    if (stale.length === 0) return lines;
    const fresh = await readSparklines(
      db,
      stale.map((b) => b.id),
      where,
    );
    for (const item of stale) {
      const points = fresh.get(item.id) ?? [];
      const drawn = { points, json: JSON.stringify(points) };
      lines.set(item.id, drawn);
      drawnLines.set(db, item.id, item.trades, drawn);
    }
    return lines;
  }
  return {
    points: async (db, list) => new Map([...(await linesOf(db, list))].map(([id, drawn]) => [id, drawn.points])),
    json: async (db, list) => new Map([...(await linesOf(db, list))].map(([id, drawn]) => [id, drawn.json])),
  };
}

/** The cumulative realized PnL after each filled sell of each runnable in `ownerIds`, at most SPARKLINE_POINTS a line. */
export async function readSparklines(
  db: Db,
  ownerIds: readonly string[],
  where: OrdersTable,
): Promise<Map<string, SparklinePoint[]>> {
  const lines = new Map<string, SparklinePoint[]>(ownerIds.map((id) => [id, []]));
  const ids = sql.join(
    ownerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
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
