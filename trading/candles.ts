/**
 * Candles as ticks, shared by the CLI (price files) and POST /api/backtest (exchange klines) so
 * both walk a candle the same way. A candle does not say whether its high or its low came
 * first; we take the more plausible path: a rising candle (close >= open) dipped first.
 */
import { D } from './core/exact';
import type { Tick } from './core/types';

/** The candle's four prices in the order the market most plausibly visited them. */
export function candleWalk(open: string, high: string, low: string, close: string): string[] {
  const rising = new D(close).gte(open);
  return rising ? [open, low, high, close] : [open, high, low, close];
}

/** The four ticks of one candle, all stamped with its time `ts`. */
export function candleTicks(ts: number, open: string, high: string, low: string, close: string): Tick[] {
  return candleWalk(open, high, low, close).map((price) => ({ ts, price }));
}
