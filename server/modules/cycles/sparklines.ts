/**
 * A cycle card's sparkline: the realized PnL after each filled sell, cumulative, over time, at
 * most SPARKLINE_POINTS points, drawn as a bot card's is (../bots/sparklines.ts) from
 * `cycle_orders`, and kept per cycle with the trade count it was drawn at.
 */
import type { SparklinePoint } from '../../../common/api/bots';
import type { Db } from '../../db/database';
import { DrawnByTrades } from '../bots/drawn-by-trades';
import { readSparklines } from '../bots/sparklines';

const drawnLines = new DrawnByTrades<SparklinePoint[]>(50_000);

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
  const fresh = await readSparklines(db, stale.map((c) => c.id), { table: 'cycle_orders', owner: 'cycle_id' });
  for (const cycle of stale) {
    const points = fresh.get(cycle.id) ?? [];
    lines.set(cycle.id, points);
    drawnLines.set(db, cycle.id, cycle.trades, points);
  }
  return lines;
}
