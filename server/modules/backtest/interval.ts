/** Which klines a backtest of `days` days asks the exchange for. */
import { KLINE_INTERVALS, type KlineInterval } from '../../../common/api/exchange';

/** Binance (and our simulator) answer at most 1000 klines per call; one call per backtest. */
export const MAX_CANDLES = 1000;

const SECONDS: Record<KlineInterval, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '30m': 1_800,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
};

/**
 * The finest interval of KLINE_INTERVALS whose `MAX_CANDLES` candles still cover `days` days,
 * and how many candles that is: finer candles mean fewer guesses about the path inside a
 * candle, but one request must cover the whole period (1-3 days -> 5m, up to 10 -> 15m, up to
 * 20 -> 30m, up to 41 -> 1h, up to 166 -> 4h, up to 365 -> 1d).
 */
export function klinePlan(days: number): { interval: KlineInterval; limit: number } {
  const seconds = days * 86_400;
  for (const interval of KLINE_INTERVALS) {
    const limit = Math.ceil(seconds / SECONDS[interval]);
    if (limit <= MAX_CANDLES) return { interval, limit };
  }
  throw new Error(`no kline interval covers ${days} days in ${MAX_CANDLES} candles`);
}
