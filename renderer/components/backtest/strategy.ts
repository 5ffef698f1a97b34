/** The table on screen as a backtest strategy, or null until it validates. */
import type { BacktestStrategy } from '../../../common/api/backtest';
import { backtestStrategySchema } from '../../../common/schemas/backtest';
import { gridCountOf, type StrategyFormRow } from '../../../common/schemas/strategy';
import { toCreateRequest } from '../strategy/rows';

export function backtestStrategyOf(noOfGrids: unknown, rows: readonly StrategyFormRow[] | undefined): BacktestStrategy | null {
  const count = gridCountOf(noOfGrids);
  if (count === null || !rows || rows.length !== count) return null;
  // The same rules the server applies, so the button is enabled only for a table it will run.
  const { noOfGrids: grids, tableData } = toCreateRequest('', rows);
  const strategy = { noOfGrids: grids, tableData };
  return backtestStrategySchema.isValidSync(strategy) ? strategy : null;
}
