/**
 * Klines to chart bars, and the live price folded into the last 15-minute candle. The chart
 * library draws numbers, so prices become numbers only here, for display; nothing is computed
 * from them.
 */
import type { Kline } from '../../common/api/exchange';

export interface Bar {
  /** Epoch seconds, the open time of the candle. */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export const CANDLE_SECONDS = 15 * 60;

export const toBar = (k: Kline): Bar => ({
  time: k.time,
  open: Number(k.open),
  high: Number(k.high),
  low: Number(k.low),
  close: Number(k.close),
});

/**
 * The bar to draw for a new live price: the last candle moved when the price falls in it, a new
 * candle when its 15 minutes have begun, nothing when the price is older than the last candle.
 */
export function nextBar(last: Bar | undefined, price: number, nowSeconds: number): Bar | null {
  if (!last || !Number.isFinite(price)) return null;
  const bucket = Math.floor(nowSeconds / CANDLE_SECONDS) * CANDLE_SECONDS;
  if (bucket < last.time) return null;
  if (bucket > last.time)
    return { time: bucket, open: last.close, high: Math.max(last.close, price), low: Math.min(last.close, price), close: price };
  return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
}
