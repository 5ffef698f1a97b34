/** Normalising and validating the core's inputs: strategy, market rules, bot params. */
import {
  ALLOTTED_TOLERANCE,
  ALLOTTED_TOTAL,
  GRIDS_MAX_CREATE,
  GRIDS_MIN,
  LEVERAGE_MAX,
  LEVERAGE_MIN,
} from '../../common/constants';
import { marginBrackets } from './futures';
import { D, ZERO, type Dec } from './exact';
import type {
  BotParams,
  GridDefinition,
  MarketRules,
  NumberLike,
  StrategyDefinition,
  StrategyInput,
  StrategyRowInput,
} from './types';

/** A bad strategy, market or parameter; the message says which field and why. */
export class TradingInputError extends Error {
  override name = 'TradingInputError';
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** A finite decimal from a JSON number or a plain decimal string. */
export function toDecimal(value: unknown, field: string): Dec {
  if (typeof value === 'number' && Number.isFinite(value)) return new D(value);
  if (typeof value === 'string' && NUMBER.test(value.trim())) return new D(value.trim());
  throw new TradingInputError(`${field} must be a number (got ${JSON.stringify(value)})`);
}

function nonNegative(value: unknown, field: string): Dec {
  const d = toDecimal(value, field);
  if (d.isNegative()) throw new TradingInputError(`${field} must not be negative`);
  return d;
}

function positive(value: unknown, field: string): Dec {
  const d = toDecimal(value, field);
  if (!d.isPositive() || d.isZero()) throw new TradingInputError(`${field} must be above 0`);
  return d;
}

function gridRow(row: StrategyRowInput, gridNo: number): GridDefinition {
  const at = `grid ${gridNo}`;
  const first = gridNo === 1;
  return {
    gridNo,
    alloc: nonNegative(row.allottedAmountPercentagePerOrder, `${at} allottedAmountPercentagePerOrder`),
    // Grid 1 buys at market: its buy cells ("Marketprice") are ignored.
    buyDown: first ? ZERO : positive(row.buyPercentage, `${at} buyPercentage`),
    buyUp: first ? ZERO : nonNegative(row.buyPercentageUp, `${at} buyPercentageUp`),
    tpUp: positive(row.takeProfitPercentage, `${at} takeProfitPercentage`),
    tpDown: nonNegative(row.takeProfitPercentageDown, `${at} takeProfitPercentageDown`),
  };
}

/** The POST /api/strategy body as the core uses it, rows ordered by gridNo. */
export function normaliseStrategy(input: StrategyInput): StrategyDefinition {
  if (!input || typeof input !== 'object' || !Array.isArray(input.tableData)) {
    throw new TradingInputError('strategy must have strategyName, noOfGrids and tableData');
  }
  const count = Number(input.noOfGrids);
  if (!Number.isInteger(count) || count < GRIDS_MIN || count > GRIDS_MAX_CREATE) {
    throw new TradingInputError(`noOfGrids must be an integer from ${GRIDS_MIN} to ${GRIDS_MAX_CREATE}`);
  }
  if (input.tableData.length !== count) {
    throw new TradingInputError(`tableData has ${input.tableData.length} rows for ${count} grids`);
  }
  const rows = [...input.tableData].sort((a, b) => Number(a.gridNo) - Number(b.gridNo));
  const grids = rows.map((row, i) => {
    if (Number(row.gridNo) !== i + 1) throw new TradingInputError(`gridNo must run 1..${count}`);
    return gridRow(row, i + 1);
  });
  const total = grids.reduce((sum, g) => sum.plus(g.alloc), ZERO);
  if (total.minus(ALLOTTED_TOTAL).abs().gt(ALLOTTED_TOLERANCE)) {
    throw new TradingInputError(`allotted percentages must total 100 (got ${total.toFixed()})`);
  }
  return { name: String(input.strategyName ?? ''), grids };
}

export interface MarketRulesInput {
  stepSize?: NumberLike;
  tickSize?: NumberLike;
  minNotional?: NumberLike;
  feeRate?: NumberLike;
  /** A USD-M long: the bot's leverage and the symbol's maintenance-margin brackets. */
  futures?: { leverage: NumberLike; brackets: readonly { notionalCap: string; maintMarginRatio: string; cum: string }[] } | null;
}

/** Defaults: a BTCUSDT-like symbol and the 0.1 % fee the simulator charges. */
export function marketRules(input: MarketRulesInput = {}): MarketRules {
  return {
    stepSize: positive(input.stepSize ?? '0.00001', 'step size'),
    tickSize: positive(input.tickSize ?? '0.01', 'tick size'),
    minNotional: nonNegative(input.minNotional ?? '5', 'min notional'),
    feeRate: nonNegative(input.feeRate ?? '0.001', 'fee rate'),
    futures: input.futures
      ? { leverage: leverageValue(input.futures.leverage), brackets: marginBrackets(input.futures.brackets) }
      : null,
  };
}

function leverageValue(value: NumberLike): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < LEVERAGE_MIN || n > LEVERAGE_MAX)
    throw new TradingInputError(`leverage must be a whole number from ${LEVERAGE_MIN} to ${LEVERAGE_MAX}`);
  return n;
}

export interface BotParamsInput {
  investment: NumberLike;
  profitBook?: NumberLike | null;
  pausePrice?: NumberLike | null;
  restartPrice?: NumberLike | null;
  stoplossPrice?: NumberLike | null;
  overbuyProtection?: NumberLike | null;
}

function optionalPositive(value: NumberLike | null | undefined, field: string): Dec | null {
  return value === null || value === undefined ? null : positive(value, field);
}

/** Overbuy protection k: the number of held grids at which buying pauses (1..). */
export function protectionValue(value: NumberLike | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const k = Number(value);
  if (!Number.isInteger(k) || k < 1) throw new TradingInputError('overbuy protection must be a whole number of grids, 1 or more');
  return k;
}

export function botParams(input: BotParamsInput): BotParams {
  return {
    investment: positive(input.investment, 'investment'),
    profitBook: optionalPositive(input.profitBook, 'profit book %'),
    pausePrice: optionalPositive(input.pausePrice, 'pause price'),
    restartPrice: optionalPositive(input.restartPrice, 'restart price'),
    stoplossPrice: optionalPositive(input.stoplossPrice, 'stoploss price'),
    overbuyProtection: protectionValue(input.overbuyProtection),
  };
}
