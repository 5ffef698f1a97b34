/** Between stored grid rows and the API shapes of SPEC section 3 (list item, detail). */
import type { StrategyDetail, StrategyListItem, StrategyRow } from '../../../common/api/strategy';
import { Decimal } from '../../../common/money';
import { percentText } from '../../../common/schemas/strategy';
import type { GridRecord, StrategySummary } from './queries';

/** numeric comes back as written ("2.0"); the API sends the plain value ("2"). */
const plain = (value: string): string => new Decimal(value).toFixed();

export function listItem(summary: StrategySummary): StrategyListItem {
  return {
    strategy_name: summary.name,
    No_of_order: summary.gridCount,
    status: summary.active ? 'active' : 'inactive',
    _id: summary.id,
  };
}

/** Allotted as fractions (10 % -> "0.1"); buy arrays for grids 2..N; take profit for 1..N. */
export function toDetail(name: string, grids: readonly GridRecord[]): StrategyDetail {
  const later = grids.filter((g) => g.gridNo > 1);
  return {
    strategy_name: name,
    No_of_order: grids.length,
    allotted_amount_percentage_per_order: grids.map((g) => new Decimal(g.allottedPercent).div(100).toFixed()),
    buy_percentage: later.map((g) => plain(g.buyPercent ?? '0')),
    buy_percentage_up: later.map((g) => plain(g.buyUpPercent ?? '0')),
    takeprofit_percentage: grids.map((g) => plain(g.takeProfitPercent)),
    takeprofit_percentage_down: grids.map((g) => plain(g.takeProfitDownPercent)),
  };
}

/** Validated table rows -> grid records (grid 1's buy cells stored as null: it buys at market). */
export function toGridRecords(strategyId: string, rows: readonly StrategyRow[]): GridRecord[] {
  const cell = (value: unknown): string => {
    const text = percentText(value);
    if (text === null) throw new Error('toGridRecords() on an unvalidated row');
    return new Decimal(text).toFixed();
  };
  return rows.map((row) => ({
    strategyId,
    gridNo: row.gridNo,
    allottedPercent: cell(row.allottedAmountPercentagePerOrder),
    buyPercent: row.gridNo === 1 ? null : cell(row.buyPercentage),
    buyUpPercent: row.gridNo === 1 ? null : cell(row.buyPercentageUp),
    takeProfitPercent: cell(row.takeProfitPercentage),
    takeProfitDownPercent: cell(row.takeProfitPercentageDown),
  }));
}
