/**
 * Strategy schemas of SPEC section 5 (Create and Edit strategy). The Create and Edit forms
 * validate their cells with them and the server validates POST /api/strategy and
 * /api/stratagyedit with them, so both sides agree on what a valid strategy is (the trading
 * core's normaliseStrategy checks the same rules once more on the server).
 */
import * as yup from 'yup';
import type { DecimalInput, StrategyDetailInput, StrategyRow } from '../api/strategy';
import { ALLOTTED_TOLERANCE, ALLOTTED_TOTAL, GRIDS_MAX_CREATE, GRIDS_MIN, STRATEGY_NAME_MAX } from '../constants';
import { Decimal } from '../money';
import { LABELS, TEXT, VALIDATION } from '../messages';
import { boundedText, decimalDigitsTest, type DecimalDigits } from './input-bounds';

export type CellField =
  'allottedAmountPercentagePerOrder' | 'buyPercentage' | 'buyPercentageUp' | 'takeProfitPercentage' | 'takeProfitPercentageDown';

export const CELL_FIELDS: readonly CellField[] = [
  'allottedAmountPercentagePerOrder',
  'buyPercentage',
  'buyPercentageUp',
  'takeProfitPercentage',
  'takeProfitPercentageDown',
];

/** Column names as the table headers read, for messages that name a cell. */
export const CELL_LABELS: Record<CellField, string> = {
  allottedAmountPercentagePerOrder: LABELS.colAllotted,
  buyPercentage: `${LABELS.colBuy} ${LABELS.colFirstDown}`,
  buyPercentageUp: `${LABELS.colBuy} ${LABELS.colSecondUp}`,
  takeProfitPercentage: `${LABELS.colTakeProfit} ${LABELS.colFirstUp}`,
  takeProfitPercentageDown: `${LABELS.colTakeProfit} ${LABELS.colSecondDown}`,
};

/** The "1st condition" percentages: a 0 % step would buy or sell at once, so they must be above 0. */
const ABOVE_ZERO: ReadonlySet<CellField> = new Set(['buyPercentage', 'takeProfitPercentage']);
const BUY_FIELDS: ReadonlySet<CellField> = new Set(['buyPercentage', 'buyPercentageUp']);

/** Digits of a percentage cell: up to 999999.99999999 %. */
export const PERCENT_DIGITS: DecimalDigits = { integerDigits: 6, fractionDigits: 8 };
/** A non-negative plain decimal within PERCENT_DIGITS, so numeric columns and messages stay sane. */
const PERCENT = /^\d{1,6}(\.\d{1,8})?$/;

/** A form row: every cell a string, as the inputs keep them. */
export interface StrategyFormRow {
  gridNo: number;
  allottedAmountPercentagePerOrder: string;
  buyPercentage: string;
  buyPercentageUp: string;
  takeProfitPercentage: string;
  takeProfitPercentageDown: string;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The cell as a decimal string, or null when it is not a non-negative number. */
export function percentText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? percentText(String(value)) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return PERCENT.test(text) ? text : null;
}

/** Grid 1 buys at market: its buy cells hold nothing, or the Marketprice placeholder. */
function isMarketPlaceholder(value: unknown): boolean {
  return isBlank(value) || (typeof value === 'string' && value.trim().toLowerCase() === TEXT.marketPrice.toLowerCase());
}

/** The rule for one cell of grid `gridNo`, with the messages that name it. */
export function cellSchema(gridNo: number, field: CellField): yup.MixedSchema<DecimalInput | null | undefined> {
  if (gridNo === 1 && BUY_FIELDS.has(field)) {
    return yup.mixed<DecimalInput>().nullable().test('market', VALIDATION.gridOneAtMarket, isMarketPlaceholder);
  }
  const label = CELL_LABELS[field];
  const schema = yup
    .mixed<DecimalInput>()
    .nullable()
    .test('required', VALIDATION.cellRequired(gridNo, label), (v) => !isBlank(v))
    .test(decimalDigitsTest(`Grid ${gridNo}: ${label}`, PERCENT_DIGITS))
    .test('number', VALIDATION.cellNumber(gridNo, label), (v) => isBlank(v) || percentText(v) !== null);
  if (!ABOVE_ZERO.has(field)) return schema;
  return schema.test('above-zero', VALIDATION.cellAboveZero(gridNo, label), (v) => {
    const text = percentText(v);
    return text === null || new Decimal(text).gt(0);
  });
}

/** The short words of each cell rule (by its yup test name), shown in the cell itself. */
const SHORT_MESSAGES: Readonly<Record<string, string>> = {
  required: VALIDATION.cellRequiredShort,
  'decimal-digits': VALIDATION.cellDigitsShort,
  number: VALIDATION.cellNumberShort,
  'above-zero': VALIDATION.cellAboveZeroShort,
  market: VALIDATION.gridOneAtMarketShort,
};

/** What is wrong with one cell: the short words for the cell and the full message for the summary. */
export interface CellProblem {
  gridNo: number;
  field: CellField;
  short: string;
  message: string;
}

/** The first rule `value` breaks as cell `field` of grid `gridNo`, or null when it is valid. */
export function cellProblem(gridNo: number, field: CellField, value: unknown): CellProblem | null {
  try {
    cellSchema(gridNo, field).validateSync(value, { abortEarly: true });
    return null;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const short = (error.type && SHORT_MESSAGES[error.type]) ?? error.message;
    return { gridNo, field, short, message: error.message };
  }
}

function rowSchema(gridNo: number) {
  const cells = Object.fromEntries(CELL_FIELDS.map((f) => [f, cellSchema(gridNo, f)]));
  return yup.object({ gridNo: yup.mixed().nullable(), ...cells });
}

/** 1-50 written with digits only, at most two of them (SPEC section 5). */
export function gridCountOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,2}$/.test(text)) return null;
  const count = Number(text);
  return count >= GRIDS_MIN && count <= GRIDS_MAX_CREATE ? count : null;
}

export const noOfGridsField = yup
  .mixed<number | string>()
  .test('grids', VALIDATION.gridsRange, (value) => gridCountOf(value) !== null);

export const strategyNameField = boundedText({
  label: 'Strategy name',
  max: STRATEGY_NAME_MAX,
  maxMessage: VALIDATION.strategyNameMax,
}).required(VALIDATION.strategyNameRequired);

/** Sum of the allotted cells, exactly; null while a cell is not a number. */
export function allottedTotal(values: readonly unknown[]): Decimal | null {
  let total = new Decimal(0);
  for (const value of values) {
    const text = percentText(value);
    if (text === null) return null;
    total = total.plus(text);
  }
  return total;
}

/** The X of 'Current total: X%': at most 2 decimals, no trailing zeros. */
export function formatTotal(total: Decimal): string {
  return total.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed();
}

export function totalIsValid(total: Decimal): boolean {
  return total.minus(ALLOTTED_TOTAL).abs().lte(ALLOTTED_TOLERANCE);
}

/** The allotted-sum message, or null when the total is 100 within the tolerance (or unknown). */
export function allottedTotalError(values: readonly unknown[]): string | null {
  const total = allottedTotal(values);
  if (total === null || totalIsValid(total)) return null;
  return VALIDATION.allottedTotal(formatTotal(total));
}

function rowsInOrder(rows: readonly { gridNo?: unknown }[], count: number): boolean {
  return rows.length === count && rows.every((row, i) => Number(row?.gridNo) === i + 1);
}

/** The table for `count` grids: one row per grid in order, each cell valid, allotted total 100. */
export function tableDataSchema(count: number) {
  return yup
    .array()
    .of(yup.lazy((row: { gridNo?: unknown } | undefined) => rowSchema(Number(row?.gridNo) || 0)))
    .defined(VALIDATION.tableRows(count))
    .test('rows', VALIDATION.tableRows(count), (rows) => !rows || rowsInOrder(rows, count))
    .test('total', (rows, ctx) => {
      // A null row is reported by its own rule; here it only must not throw.
      const error = allottedTotalError((rows ?? []).map((r) => (r as StrategyRow | null)?.allottedAmountPercentagePerOrder));
      return error === null || ctx.createError({ message: error });
    });
}

/** POST /api/strategy body and the Create form. */
export const createStrategySchema = yup.object({
  strategyName: strategyNameField,
  noOfGrids: noOfGridsField,
  tableData: yup.array().when('noOfGrids', ([grids]: unknown[]) => {
    const count = gridCountOf(grids);
    // A bad grid count is already reported; the table cannot be checked against it.
    return count === null ? yup.array().optional() : tableDataSchema(count);
  }),
});

/** Body of POST /api/stratagybypara and /api/deletestrategy. */
export const strategyNameBody = yup.object({ strategy_name: strategyNameField });

/** Body of POST /api/noofgrid. */
export const gridCountBody = yup.object({ strategyName: strategyNameField });

const fractionToPercent = (value: DecimalInput): string | DecimalInput => {
  const text = percentText(typeof value === 'number' ? String(value) : value);
  return text === null ? value : new Decimal(text).times(100).toFixed();
};

/** Percent (form) -> fraction (stratagyedit): 12.5 -> "0.125". */
export const percentToFraction = (percent: string): string => new Decimal(percent).div(100).toFixed();

/** The detail's arrays as Create-table rows (allotted back in percent). */
export function detailToRows(detail: StrategyDetailInput): StrategyRow[] {
  const count = Number(detail.No_of_order);
  return Array.from({ length: count }, (_, i) => ({
    gridNo: i + 1,
    allottedAmountPercentagePerOrder: fractionToPercent(detail.allotted_amount_percentage_per_order[i] ?? ''),
    buyPercentage: i === 0 ? null : (detail.buy_percentage[i - 1] ?? ''),
    buyPercentageUp: i === 0 ? null : (detail.buy_percentage_up[i - 1] ?? ''),
    takeProfitPercentage: detail.takeprofit_percentage[i] ?? '',
    takeProfitPercentageDown: detail.takeprofit_percentage_down[i] ?? '',
  }));
}

type DetailArray = Exclude<keyof StrategyDetailInput, 'strategy_name' | 'No_of_order'>;
const BUY_ARRAYS: ReadonlySet<DetailArray> = new Set(['buy_percentage', 'buy_percentage_up']);
const DETAIL_ARRAYS: readonly DetailArray[] = [
  'allotted_amount_percentage_per_order',
  'buy_percentage',
  'buy_percentage_up',
  'takeprofit_percentage',
  'takeprofit_percentage_down',
];

/** Buy arrays cover grids 2..N, the others 1..N. */
const expectedEntries = (field: DetailArray, count: number) => (BUY_ARRAYS.has(field) ? count - 1 : count);

function entries(field: DetailArray) {
  return yup
    .array()
    .of(yup.mixed<DecimalInput>().nullable())
    .defined(VALIDATION.fieldRequired(field))
    .test('entries', (list, ctx) => {
      const count = gridCountOf((ctx.parent as StrategyDetailInput).No_of_order);
      if (count === null) return true;
      const expected = expectedEntries(field, count);
      return list.length === expected || ctx.createError({ message: VALIDATION.detailEntries(field, expected) });
    });
}

function entriesMatch(detail: StrategyDetailInput, count: number): boolean {
  return DETAIL_ARRAYS.every((f) => Array.isArray(detail[f]) && detail[f].length === expectedEntries(f, count));
}

/** POST /api/stratagyedit body: the detail with fractions; the cells obey the Create rules. */
export const editStrategySchema = yup.object({
  dataToSend: yup
    .object({
      strategy_name: strategyNameField,
      No_of_order: noOfGridsField,
      allotted_amount_percentage_per_order: entries('allotted_amount_percentage_per_order'),
      buy_percentage: entries('buy_percentage'),
      buy_percentage_up: entries('buy_percentage_up'),
      takeprofit_percentage: entries('takeprofit_percentage'),
      takeprofit_percentage_down: entries('takeprofit_percentage_down'),
    })
    .test('cells', (detail, ctx) => {
      const count = gridCountOf(detail.No_of_order);
      // Wrong counts are reported by the fields; cells are checked once the shape is right.
      if (count === null || !entriesMatch(detail as StrategyDetailInput, count)) return true;
      try {
        tableDataSchema(count).validateSync(detailToRows(detail as StrategyDetailInput));
        return true;
      } catch (error) {
        if (error instanceof yup.ValidationError) return ctx.createError({ message: error.message });
        throw error;
      }
    })
    // Objects default to {} in yup; without this a missing dataToSend reads as a missing name.
    .default(undefined)
    .required(VALIDATION.fieldRequired('dataToSend')),
});

/** Auto Fill (SPEC section 3): 100 / grids to 2 decimals, the rounding remainder on the last grid. */
export function autoFillRows(
  count: number,
  defaults: Omit<StrategyFormRow, 'gridNo' | 'allottedAmountPercentagePerOrder'>,
): StrategyFormRow[] {
  const share = new Decimal(ALLOTTED_TOTAL).div(count).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const last = new Decimal(ALLOTTED_TOTAL).minus(share.times(count - 1));
  return Array.from({ length: count }, (_, i) => ({
    gridNo: i + 1,
    allottedAmountPercentagePerOrder: (i === count - 1 ? last : share).toFixed(2),
    ...defaults,
    ...(i === 0 ? { buyPercentage: '', buyPercentageUp: '' } : {}),
  }));
}

/** Empty rows for `count` grids (Add). */
export function emptyRows(count: number): StrategyFormRow[] {
  return Array.from({ length: count }, (_, i) => ({
    gridNo: i + 1,
    allottedAmountPercentagePerOrder: '',
    buyPercentage: '',
    buyPercentageUp: '',
    takeProfitPercentage: '',
    takeProfitPercentageDown: '',
  }));
}
