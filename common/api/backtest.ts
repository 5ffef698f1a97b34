/**
 * POST /api/backtest: a strategy (the Create table, or a saved one by name) run over the
 * exchange's recent klines by the same core the live bots use. Decimals travel as strings.
 */
import type { KlineInterval } from './exchange';
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

export type BacktestStatus = 'live' | 'paused' | 'stopped';

export interface BacktestSummary {
  /** Realized PnL, fees included (USDT). */
  pnl: string;
  /** pnl / amount x 100. */
  roi: string;
  apy: string;
  trades: number;
  maxGridsHeld: number;
  heldQty: string;
  unrealized: string;
  status: BacktestStatus;
  /** Largest fall of equity from an earlier peak (USDT) and as a percent of that peak. */
  maxDrawdown: string;
  maxDrawdownPercent: string;
}

/** One fill, as the CLI's --json prints it; `ts` in epoch milliseconds; grid 0 = sell all. */
export interface BacktestTradeRow {
  ts: number;
  side: 'buy' | 'sell';
  grid: number;
  price: string;
  qty: string;
  quote: string;
  fee: string;
  pnl: string;
}

export interface BacktestEquityPoint {
  /** Epoch seconds (UTC), like Kline.time; strictly increasing. */
  time: number;
  /** amount + realized + unrealized (USDT). */
  equity: string;
}

export interface BacktestResponse {
  /** The kline interval used and how many candles were walked. */
  interval: KlineInterval;
  candles: number;
  summary: BacktestSummary;
  trades: BacktestTradeRow[];
  /** Orders the core wanted but the market refused (under the minimum notional). */
  skipped: number;
  equity: BacktestEquityPoint[];
}

export const BACKTEST_DAYS_MAX = 365;
export const BACKTEST_DEFAULTS = { pair: 'BTCUSDT', amount: '1000', days: 30 } as const;
