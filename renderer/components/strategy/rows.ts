/** Between the form's rows (percent strings) and the API shapes of SPEC sections 3 and 7. */
import type { CreateStrategyRequest, StrategyDetail, StrategyDetailInput } from '../../../common/api/strategy';
import { detailToRows, percentToFraction, type StrategyFormRow } from '../../../common/schemas/strategy';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

/** The Create body: grid 1 sends no buy percentages (it buys at market). */
export function toCreateRequest(strategyName: string, rows: readonly StrategyFormRow[]): CreateStrategyRequest {
  return {
    strategyName: strategyName.trim(),
    noOfGrids: rows.length,
    tableData: rows.map((row, i) => ({
      gridNo: i + 1,
      allottedAmountPercentagePerOrder: text(row.allottedAmountPercentagePerOrder),
      buyPercentage: i === 0 ? null : text(row.buyPercentage),
      buyPercentageUp: i === 0 ? null : text(row.buyPercentageUp),
      takeProfitPercentage: text(row.takeProfitPercentage),
      takeProfitPercentageDown: text(row.takeProfitPercentageDown),
    })),
  };
}

/** The detail as form rows: allotted fractions shown as percent (0.1 -> "10"). */
export function detailFormRows(detail: StrategyDetail): StrategyFormRow[] {
  return detailToRows(detail).map((row) => ({
    gridNo: row.gridNo,
    allottedAmountPercentagePerOrder: text(row.allottedAmountPercentagePerOrder),
    buyPercentage: text(row.buyPercentage),
    buyPercentageUp: text(row.buyPercentageUp),
    takeProfitPercentage: text(row.takeProfitPercentage),
    takeProfitPercentageDown: text(row.takeProfitPercentageDown),
  }));
}

/** The stratagyedit `dataToSend`: name and grid count as loaded, allotted back to fractions. */
export function toDetailInput(detail: StrategyDetail, rows: readonly StrategyFormRow[]): StrategyDetailInput {
  const later = rows.slice(1);
  return {
    strategy_name: detail.strategy_name,
    No_of_order: detail.No_of_order,
    allotted_amount_percentage_per_order: rows.map((r) => percentToFraction(text(r.allottedAmountPercentagePerOrder))),
    buy_percentage: later.map((r) => text(r.buyPercentage)),
    buy_percentage_up: later.map((r) => text(r.buyPercentageUp)),
    takeprofit_percentage: rows.map((r) => text(r.takeProfitPercentage)),
    takeprofit_percentage_down: rows.map((r) => text(r.takeProfitPercentageDown)),
  };
}
