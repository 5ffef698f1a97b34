/**
 * The market chart panel of Start New Bot (SPEC section 2): 587 px of 15-minute candles for the
 * selected pair (BTCUSDT by default), in the app's light or dark theme, with the last candle
 * moved by the live ticker. lightweight-charts is imported on mount only, so no route pays for
 * it until a chart is on screen.
 */
import { useQuery } from '@tanstack/react-query';
import type * as Charts from 'lightweight-charts';
import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CHART_INTERVAL, MARKET_CHART_HEIGHT } from '../../common/constants';
import { EXCHANGE_LABELS, UI } from '../../common/messages';
import { EXCHANGE_KEYS, marketApi } from '../api/exchange';
import { useTheme } from '../app/theme';
import { useLiveTickers } from '../hooks/useLiveTickers';
import { nextBar, toBar, type Bar } from './MarketChart.candles';

type ChartsModule = typeof Charts;
type Chart = ReturnType<ChartsModule['createChart']>;
type CandleSeries = Charts.ISeriesApi<'Candlestick'>;

/** Our bars carry epoch seconds, which is what the library's UTCTimestamp brand means. */
const asCandle = (bar: Bar) => bar as CandlestickData<UTCTimestamp>;

/** About three days of 15-minute candles. */
export const CHART_CANDLES = 300;

const PALETTE = {
  light: { background: '#ffffff', text: '#1f2937', grid: '#eef0f3' },
  dark: { background: '#141414', text: '#d1d5db', grid: '#262626' },
} as const;

function themeOptions(mod: ChartsModule, theme: 'light' | 'dark') {
  const colors = PALETTE[theme];
  return {
    layout: { background: { type: mod.ColorType.Solid, color: colors.background }, textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  } as const;
}

export function MarketChart({ pair = 'BTCUSDT' }: { pair?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<{ mod: ChartsModule; chart: Chart; series: CandleSeries } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const lastBar = useRef<Bar | undefined>(undefined);
  const { theme } = useTheme();
  const tickers = useLiveTickers();
  const klines = useQuery({
    queryKey: EXCHANGE_KEYS.klines(pair, CHART_INTERVAL),
    queryFn: () => marketApi.klines(pair, CHART_INTERVAL, CHART_CANDLES),
  });

  useEffect(() => {
    let disposed = false;
    let created: Chart | undefined;
    import('lightweight-charts')
      .then((mod) => {
        if (disposed || !container.current) return;
        created = mod.createChart(container.current, { autoSize: true, height: MARKET_CHART_HEIGHT });
        const series = created.addSeries(mod.CandlestickSeries, {
          upColor: '#0f9d76',
          downColor: '#e5484d',
          borderVisible: false,
          wickUpColor: '#0f9d76',
          wickDownColor: '#e5484d',
        });
        setChart({ mod, chart: created, series });
      })
      .catch(() => !disposed && setLoadFailed(true));
    return () => {
      disposed = true;
      created?.remove();
    };
  }, []);

  useEffect(() => {
    chart?.chart.applyOptions(themeOptions(chart.mod, theme));
  }, [chart, theme]);

  useEffect(() => {
    if (!chart || !klines.data) return;
    const bars = klines.data.klines.map(toBar);
    chart.series.setData(bars.map(asCandle));
    lastBar.current = bars.at(-1);
    chart.chart.timeScale().fitContent();
  }, [chart, klines.data]);

  const live = tickers.find((t) => t.symbol === pair)?.price;
  useEffect(() => {
    if (!chart || live === undefined) return;
    const bar = nextBar(lastBar.current, Number(live), Math.floor(Date.now() / 1000));
    if (!bar) return;
    chart.series.update(asCandle(bar));
    lastBar.current = bar;
  }, [chart, live]);

  return (
    <div className="market-chart" aria-label={EXCHANGE_LABELS.marketChart(pair)} role="figure" style={{ position: 'relative', height: MARKET_CHART_HEIGHT }}>
      <div ref={container} style={{ height: MARKET_CHART_HEIGHT, width: '100%' }} />
      {(!chart || klines.isPending) && !loadFailed && !klines.isError && (
        <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
      )}
      {(loadFailed || klines.isError) && (
        <Alert type="info" showIcon title={UI.genericError} style={{ position: 'absolute', top: 16, left: 16, right: 16 }} />
      )}
    </div>
  );
}
