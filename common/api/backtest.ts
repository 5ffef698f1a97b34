/**
 * POST /api/backtest: a strategy (the Create table, or a saved one by name) run over the
 * exchange's recent klines by the same core the live bots use. Decimals travel as strings. The
 * answer is spelled once, as its JSON Schema; its types are read off it.
 */
import { KLINE_INTERVALS } from './exchange';
import { arrayOf, described, int, object, oneOf, str, type Answer } from './json-schema';
import type { CreateStrategyRequest, DecimalInput } from './strategy';

/** The table being edited; unlike POST /api/strategy it may not have a name yet. */
export type BacktestStrategy = Omit<CreateStrategyRequest, 'strategyName'> & { strategyName?: string };

export interface BacktestRequest {
  /** Exactly one of `strategy` and `strategy_name`. */
  strategy?: BacktestStrategy;
  strategy_name?: string;
  pair: string;
  /** Investment in USDT. */
  amount: DecimalInput;
  /** How far back from now, 1..BACKTEST_DAYS_MAX. */
  days: number;
  profitBookAt?: DecimalInput | null;
  pausePrice?: DecimalInput | null;
  restartPrice?: DecimalInput | null;
  stoplossPrice?: DecimalInput | null;
  overbuyProtection?: number | null;
}

export const BACKTEST_STATUSES = ['live', 'paused', 'stopped'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

const backtestSummary = object({
  pnl: described('Realized PnL, fees included (USDT)', str),
  roi: described('pnl / amount x 100', str),
  apy: str,
  trades: int,
  maxGridsHeld: int,
  heldQty: str,
  unrealized: str,
  status: oneOf(BACKTEST_STATUSES),
  maxDrawdown: described('Largest fall of equity from an earlier peak (USDT)', str),
  maxDrawdownPercent: described('The same fall as a percent of that peak', str),
});

/** One fill, as the CLI's --json prints it; `ts` in epoch milliseconds; grid 0 = sell all. */
const backtestTrade = object({
  ts: int,
  side: oneOf(['buy', 'sell']),
  grid: int,
  price: str,
  qty: str,
  quote: str,
  fee: str,
  pnl: str,
});

const backtestEquityPoint = object({
  time: described('Epoch seconds (UTC), like a kline time; strictly increasing', int),
  equity: described('amount + realized + unrealized (USDT)', str),
});

export const backtestResponse = object({
  interval: described('The kline interval used', oneOf(KLINE_INTERVALS)),
  candles: described('How many candles were walked', int),
  summary: backtestSummary,
  trades: arrayOf(backtestTrade),
  skipped: described('Orders the core wanted but the market refused (under the minimum notional)', int),
  equity: arrayOf(backtestEquityPoint),
});

export type BacktestSummary = Answer<typeof backtestSummary>;
export type BacktestTradeRow = Answer<typeof backtestTrade>;
export type BacktestEquityPoint = Answer<typeof backtestEquityPoint>;
export type BacktestResponse = Answer<typeof backtestResponse>;

export const BACKTEST_DAYS_MAX = 365;
export const BACKTEST_DEFAULTS = { pair: 'BTCUSDT', amount: '1000', days: 30 } as const;
