/** POST /api/strategy bodies for the route tests: Auto Fill values for `grids` grids. */
import type { CreateStrategyRequest, StrategyRow } from '../api/strategy';
import { AUTO_FILL_PERCENTAGES } from '../constants';
import { autoFillRows } from '../schemas/strategy';

export type Body = CreateStrategyRequest & { tableData: StrategyRow[] };

export function strategyBody(name: string, grids: number): Body {
  const rows = autoFillRows(grids, AUTO_FILL_PERCENTAGES).map((row) =>
    row.gridNo === 1 ? { ...row, buyPercentage: null, buyPercentageUp: null } : row,
  );
  return { strategyName: name, noOfGrids: grids, tableData: rows };
}
