/**
 * The pure half of POST /api/backtest: exchange klines through the trading core, walked exactly
 * like the CLI walks a candle file (trading/index.ts candleTicks), mapped to the API's shape.
 */
import type { Kline } from '../../../common/api/exchange';
import type { BacktestEquityPoint, BacktestResponse } from '../../../common/api/backtest';
import { candleTicks, createBacktest, type BacktestConfig, type BacktestResult, type EquityPoint } from '../../../trading/index';

/**
 * The tracker keeps fewer than 2 x this many points; 250 keeps the curve under ~500 points,
 * plenty for a chart a few hundred pixels wide.
 */
const EQUITY_POINTS = 250;

/** Runs the candles (Kline.time in epoch seconds; ticks and trades in epoch milliseconds). */
export function walkKlines(klines: readonly Kline[], config: BacktestConfig): BacktestResult {
  const run = createBacktest({ ...config, equityPoints: config.equityPoints ?? EQUITY_POINTS });
  for (const k of klines) {
    for (const tick of candleTicks(k.time * 1000, k.open, k.high, k.low, k.close)) run.push(tick);
  }
  return run.finish();
}

/** One point per second, the last one winning: a chart needs strictly increasing times. */
export function equityCurve(points: readonly EquityPoint[]): BacktestEquityPoint[] {
  const curve: BacktestEquityPoint[] = [];
  for (const p of points) {
    const time = Math.floor(p.ts / 1000);
    const last = curve[curve.length - 1];
    if (last && last.time === time) last.equity = p.equity;
    else curve.push({ time, equity: p.equity });
  }
  return curve;
}

export function toResponse(
  result: BacktestResult,
  plan: { interval: BacktestResponse['interval']; candles: number },
): BacktestResponse {
  return {
    interval: plan.interval,
    candles: plan.candles,
    summary: { ...result.summary, maxDrawdown: result.maxDrawdown, maxDrawdownPercent: result.maxDrawdownPercent },
    trades: result.trades,
    skipped: result.skipped.length,
    equity: equityCurve(result.equity),
  };
}
