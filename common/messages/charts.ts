/** Texts of the charts: market and equity headers, axis titles, the funds pie, the too-few-points note. */

/** Candle intervals as a member reads them ('15m' -> '15 min'); an unknown one is shown as sent. */
const INTERVALS: Readonly<Record<string, string>> = {
  '1m': '1 min',
  '5m': '5 min',
  '15m': '15 min',
  '30m': '30 min',
  '1h': '1 hour',
  '4h': '4 hours',
  '1d': '1 day',
};

export const CHART_LABELS = {
  /** In place of a chart with fewer than MIN_CHART_POINTS points (one dot and one tick say nothing). */
  notEnoughData: 'Not enough data yet: the chart appears after 3 points.',
  axisDate: 'Date',
  axisProfit: 'Profit (USDT)',
  axisTimeUtc: 'Time (UTC)',
  axisEquity: 'Equity (USDT)',
  /** Market chart header: 'BTC/USDT · 15 min candles (UTC)'. */
  marketHeader: (pair: string, interval: string) => `${pair} · ${INTERVALS[interval] ?? interval} candles (UTC)`,
  /** Backtest chart header: 'Equity (USDT) · 1 hour candles (UTC)'. */
  equityHeader: (interval: string) => `Equity (USDT) · ${INTERVALS[interval] ?? interval} candles (UTC)`,
  /** The funds pie's slice of wallet USDT no bot holds. */
  pieFreeUsdt: 'Free USDT',
  /** A pie slice: 'BTC/USDT 42.10%'. */
  pieSlice: (name: string, share: string) => `${name} ${share}`,
  /** The funds pie's header: everything its slices add up to. */
  pieTotal: (total: string) => `Total ${total} USDT`,
} as const;
