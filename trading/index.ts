/** The Advanced Multigrid core: the only entry point other folders import. */
export { createGridBot } from './state';
export { D, ZERO, parseDecimalString, parsePrice, type Dec } from './core/exact';
export { step } from './step';
export { applyFill, orderFailed } from './fills';
export { stop, stopAndSell, editPrices, editProfitBook, editOverbuyProtection } from './commands';
export { figures, type BotFigures } from './figures';
export { snapshotOf, restoreBot, type BotSnapshot, type GridSnapshot } from './snapshot';
export { normaliseStrategy, marketRules, botParams, TradingInputError } from './core/strategy';
export type { MarketRulesInput, BotParamsInput } from './core/strategy';
export { simulateFill, simulateLiquidation } from './fill-model';
export {
  liquidationPrice,
  marginBrackets,
  maxPositionAt,
  addToLong,
  reduceLong,
  type FuturesRules,
  type LongPosition,
  type MarginBracket,
} from './core/futures';
export { runBacktest, createBacktest } from './backtest';
export { backtestConfig, type BacktestInputs } from './backtest-config';
export { candleWalk, candleTicks } from './candles';
export type { BacktestConfig, BacktestResult, BacktestSummary, BacktestTrade, Backtest } from './backtest';
export type { EquityPoint } from './core/equity';
export type * from './core/types';
export * from './cycle/index';
