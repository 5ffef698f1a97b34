/**
 * Request and response shapes of the Strategies calls (SPEC sections 3 and 7), field names
 * exactly as SPEC writes them. Percentages travel as decimal strings; requests also accept JSON
 * numbers, as a hand-written strategy file or an older client may send them.
 */

/** A percentage as it arrives: "1.2" or 1.2. */
export type DecimalInput = string | number;

/** One grid of the Create table; grid 1's buy cells are empty (it buys at market price). */
export interface StrategyRow {
  gridNo: number;
  allottedAmountPercentagePerOrder: DecimalInput;
  buyPercentage?: DecimalInput | null;
  buyPercentageUp?: DecimalInput | null;
  takeProfitPercentage: DecimalInput;
  takeProfitPercentageDown: DecimalInput;
}

/** POST /api/strategy. */
export interface CreateStrategyRequest {
  strategyName: string;
  noOfGrids: number | string;
  tableData: StrategyRow[];
}

export type StrategyStatus = 'active' | 'inactive';

/** One strategy of GET /api/mystratagieslist, /api/mystratagies, /api/systemstrategy, ... */
export interface StrategyListItem {
  strategy_name: string;
  No_of_order: number;
  /** 'active' while a Live or Paused bot of the member uses it. */
  status: StrategyStatus;
  _id: string;
}

/**
 * POST /api/stratagybypara answer and POST /api/stratagyedit `dataToSend`. Allotted amounts are
 * fractions (0.1 = 10 %); buy arrays cover grids 2..N (grid 1 buys at market), take-profit
 * arrays grids 1..N.
 */
export interface StrategyDetail {
  strategy_name: string;
  No_of_order: number;
  allotted_amount_percentage_per_order: string[];
  buy_percentage: string[];
  buy_percentage_up: string[];
  takeprofit_percentage: string[];
  takeprofit_percentage_down: string[];
}

/** What stratagyedit accepts: the detail, numbers allowed. */
export interface StrategyDetailInput {
  strategy_name: string;
  No_of_order: number | string;
  allotted_amount_percentage_per_order: DecimalInput[];
  buy_percentage: DecimalInput[];
  buy_percentage_up: DecimalInput[];
  takeprofit_percentage: DecimalInput[];
  takeprofit_percentage_down: DecimalInput[];
}

/** POST /api/stratagyedit. */
export interface EditStrategyRequest {
  dataToSend: StrategyDetailInput;
}

/** POST /api/stratagybypara and /api/deletestrategy. */
export interface StrategyNameRequest {
  strategy_name: string;
}

/** POST /api/noofgrid. */
export interface GridCountRequest {
  strategyName: string;
}

export interface GridCountResponse {
  noOfGrid: number;
}
