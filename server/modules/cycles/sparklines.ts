/**
 * A cycle card's sparkline: the realized PnL after each filled sell, cumulative, over time, at
 * most SPARKLINE_POINTS points, drawn as a bot card's is (../bots/sparklines.ts) from
 * `cycle_orders`, and kept per cycle with the trade count it was drawn at.
 */
import { sql } from 'drizzle-orm';
import type { SparklinePoint } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { DrawnByTrades } from '../bots/drawn-by-trades';
import { plain } from '../bots/figures';
import { SPARKLINE_POINTS } from '../bots/sparklines';

interface Row {
  cycle_id: string;
  filled_at: Date | string;
  cum: string;
}

const drawnLines = new DrawnByTrades<SparklinePoint[]>(50_000);

async function readSparklines(db: Db, cycleIds: readonly string[]): Promise<Map<string, SparklinePoint[]>> {
  const lines = new Map<string, SparklinePoint[]>(cycleIds.map((id) => [id, []]));
  const ids = sql.join(cycleIds.map((id) => sql`${id}::uuid`), sql`, `);
  // Row n of `total` is kept when n * P / total crosses an integer: every row while total <= P,
  // else the last row of each of P slices.
  const result = await db.execute(sql`
    SELECT cycle_id, filled_at, cum FROM (
      SELECT cycle_id, filled_at,
        sum(pnl) OVER (PARTITION BY cycle_id ORDER BY filled_at, seq) AS cum,
        row_number() OVER (PARTITION BY cycle_id ORDER BY filled_at, seq) AS n,
        count(*) OVER (PARTITION BY cycle_id) AS total
      FROM cycle_orders
      WHERE cycle_id IN (${ids}) AND status = 'filled' AND side = 'sell' AND pnl IS NOT NULL AND filled_at IS NOT NULL
    ) s
    WHERE (n * ${SPARKLINE_POINTS}) / total > ((n - 1) * ${SPARKLINE_POINTS}) / total
    ORDER BY cycle_id, n`);
  for (const row of rowsOf<Row>(result)) {
    lines.get(row.cycle_id)?.push({ time: new Date(row.filled_at).getTime(), value: plain(row.cum) });
  }
  return lines;
}

/** The lines of `list`, read from the database only for cycles that traded since they were drawn. */
export async function cycleSparklines(db: Db, list: readonly { id: string; trades: number }[]): Promise<Map<string, SparklinePoint[]>> {
  const lines = new Map<string, SparklinePoint[]>();
  const stale: { id: string; trades: number }[] = [];
  for (const cycle of list) {
    const drawn = drawnLines.get(db, cycle.id, cycle.trades);
    if (drawn) lines.set(cycle.id, drawn);
    else stale.push(cycle);
  }
  if (stale.length === 0) return lines;
  const fresh = await readSparklines(db, stale.map((c) => c.id));
  for (const cycle of stale) {
    const points = fresh.get(cycle.id) ?? [];
    lines.set(cycle.id, points);
    drawnLines.set(db, cycle.id, cycle.trades, points);
  }
  return lines;
}
