/**
 * Sparklines: the realized PnL after each filled sell, cumulative, over time. A bot that has
 * sold a thousand times still draws at most SPARKLINE_POINTS points: the database keeps the
 * last sell of each of that many equal slices (always the latest), so a poll of many bots is one
 * query that returns at most SPARKLINE_POINTS rows a bot.
 */
import { sql } from 'drizzle-orm';
import type { SparklinePoint } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { plain } from './figures';

export const SPARKLINE_POINTS = 30;

interface Row {
  bot_id: string;
  filled_at: Date | string;
  cum: string;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export async function sparklines(db: Db, botIds: readonly string[]): Promise<Map<string, SparklinePoint[]>> {
  const lines = new Map<string, SparklinePoint[]>(botIds.map((id) => [id, []]));
  if (botIds.length === 0) return lines;
  const ids = sql.join(botIds.map((id) => sql`${id}::uuid`), sql`, `);
  // Row n of `total` is kept when n * P / total crosses an integer: every row while total <= P,
  // else the last row of each of P slices.
  const result = await db.execute(sql`
    SELECT bot_id, filled_at, cum FROM (
      SELECT bot_id, filled_at,
        sum(pnl) OVER (PARTITION BY bot_id ORDER BY filled_at, seq) AS cum,
        row_number() OVER (PARTITION BY bot_id ORDER BY filled_at, seq) AS n,
        count(*) OVER (PARTITION BY bot_id) AS total
      FROM bot_orders
      WHERE bot_id IN (${ids}) AND status = 'filled' AND side = 'sell' AND pnl IS NOT NULL AND filled_at IS NOT NULL
    ) s
    WHERE (n * ${SPARKLINE_POINTS}) / total > ((n - 1) * ${SPARKLINE_POINTS}) / total
    ORDER BY bot_id, n`);
  for (const row of rowsOf<Row>(result)) {
    lines.get(row.bot_id)?.push({ time: new Date(row.filled_at).getTime(), value: plain(row.cum) });
  }
  return lines;
}
