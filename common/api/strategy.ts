/**
 * Request and response shapes of the Strategies calls (SPEC sections 3 and 7), field names
 * exactly as SPEC writes them. Percentages travel as decimal strings; requests also accept JSON
 * numbers, as a hand-written strategy file or an older client may send them. An answer is
 * spelled once, as its JSON Schema; its type is read off it.
 */
import { arrayOf, described, int, object, oneOf, str, type Answer } from './json-schema';

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

export const STRATEGY_STATUSES = ['active', 'inactive'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];

/** One strategy of GET /api/mystratagieslist, /api/mystratagies, /api/systemstrategy, ... */
export const strategyList = arrayOf(
  object({
    strategy_name: str,
    No_of_order: int,
    status: described("'active' while a Live or Paused bot of the member uses it", oneOf(STRATEGY_STATUSES)),
    _id: str,
  }),
);

const strings = arrayOf(str);
/**
 * POST /api/stratagybypara answer and POST /api/stratagyedit `dataToSend`. Allotted amounts are
 * fractions (0.1 = 10 %); buy arrays cover grids 2..N (grid 1 buys at market), take-profit
 * arrays grids 1..N.
 */
export const strategyDetail = object({
  strategy_name: str,
  No_of_order: int,
  allotted_amount_percentage_per_order: strings,
  buy_percentage: strings,
  buy_percentage_up: strings,
  takeprofit_percentage: strings,
  takeprofit_percentage_down: strings,
});

export const gridCountResponse = object({ noOfGrid: int });

export type StrategyListItem = Answer<typeof strategyList>[number];
export type StrategyDetail = Answer<typeof strategyDetail>;
export type GridCountResponse = Answer<typeof gridCountResponse>;

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
