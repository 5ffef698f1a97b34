/**
 * What a backtest answers, for every kind's backtester (../backtest.ts, ../cycle/backtest.ts):
 * the shapes the API and the CLI print; the drawdown is reported beside the summary.
 */
import type { BacktestSummary as ApiBacktestSummary, BacktestTradeRow } from '../../common/api/backtest';
import type { EquityPoint } from './equity';
import type { SkipAction } from './types';

export type BacktestTrade = BacktestTradeRow;
export type BacktestSummary = Omit<ApiBacktestSummary, 'maxDrawdown' | 'maxDrawdownPercent'>;

export interface BacktestResult {
  trades: BacktestTrade[];
  skipped: SkipAction[];
  summary: BacktestSummary;
  equity: EquityPoint[];
  /** Largest fall of equity (A + realized + unrealized) from an earlier peak, in USDT and %. */
  maxDrawdown: string;
  maxDrawdownPercent: string;
  ticks: number;
}
