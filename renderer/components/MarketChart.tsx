/**
 * The market chart panel of Start New Bot (SPEC section 2): 587 px of 15-minute candles for the
 * selected pair (BTCUSDT by default) under a header naming the pair and interval, in the app's
 * light or dark theme (up candles in the brand colour, down in antd's error colour), with the
 * last candle moved by the live ticker. The time axis labels ticks by time within a day and by
 * date where a day starts. lightweight-charts is imported on mount only, so no route pays for it
 * until a chart is on screen.
 */
import { useQuery } from '@tanstack/react-query';
import type * as Charts from 'lightweight-charts';
import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import { Alert, Spin, Typography, theme as antdTheme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CHART_INTERVAL, MARKET_CHART_HEIGHT } from '../../common/constants';
import { CHART_LABELS, EXCHANGE_LABELS, UI } from '../../common/messages';
import { pairLabel } from '../../common/pairs';
import { EXCHANGE_KEYS, marketApi } from '../api/exchange';
import { useTheme } from '../app/theme';
import { BRAND_COLOR } from '../app/themeConfig';
import { ChartNote } from './charts/ChartFrame';
import { hasEnoughPoints } from './charts/chartData';
import { TIME_AXIS_OPTIONS } from './charts/timeLabels';
import { useLiveTickers } from '../hooks/useLiveTickers';
import { nextBar, toBar, type Bar } from './MarketChart.candles';

type ChartsModule = typeof Charts;
type Chart = ReturnType<ChartsModule['createChart']>;
type CandleSeries = Charts.ISeriesApi<'Candlestick'>;

/** Our bars carry epoch seconds, which is what the library's UTCTimestamp brand means. */
const asCandle = (bar: Bar) => bar as CandlestickData<UTCTimestamp>;

/** About three days of 15-minute candles. */
export const CHART_CANDLES = 300;

/** The header line above the candles; the chart gets the rest of the panel's height. */
const HEADER_HEIGHT = 32;
export const CANDLES_HEIGHT = MARKET_CHART_HEIGHT - HEADER_HEIGHT;

type Token = ReturnType<typeof antdTheme.useToken>['token'];

/** The chart's colours from the antd theme in force, so it follows light and dark with the app. */
function themeOptions(mod: ChartsModule, token: Token) {
  return {
    layout: { background: { type: mod.ColorType.Solid, color: token.colorBgContainer }, textColor: token.colorTextSecondary },
    grid: { vertLines: { color: token.colorBorderSecondary }, horzLines: { color: token.colorBorderSecondary } },
  } as const;
}

const candleColors = (token: Token) => ({
  upColor: BRAND_COLOR,
  downColor: token.colorError,
  wickUpColor: BRAND_COLOR,
  wickDownColor: token.colorError,
});

export function MarketChart({ pair = 'BTCUSDT' }: { pair?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<{ mod: ChartsModule; chart: Chart; series: CandleSeries } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const lastBar = useRef<Bar | undefined>(undefined);
  const { theme } = useTheme();
  const { token } = antdTheme.useToken();
  // Read when the chart is created: the candle colours are the same in both themes but for red's shade.
  const tokenAtMount = useRef(token);
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
        created = mod.createChart(container.current, { autoSize: true, height: CANDLES_HEIGHT, ...TIME_AXIS_OPTIONS });
        const series = created.addSeries(mod.CandlestickSeries, { borderVisible: false, ...candleColors(tokenAtMount.current) });
        setChart({ mod, chart: created, series });
      })
      .catch(() => !disposed && setLoadFailed(true));
    return () => {
      disposed = true;
      created?.remove();
    };
  }, []);

  useEffect(() => {
    chart?.chart.applyOptions(themeOptions(chart.mod, token));
  }, [chart, theme, token]);

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

  const tooFew = klines.data !== undefined && !hasEnoughPoints(klines.data.klines.length);
  return (
    <div
      className="market-chart"
      aria-label={EXCHANGE_LABELS.marketChart(pair)}
      role="figure"
      style={{ position: 'relative', height: MARKET_CHART_HEIGHT }}
    >
      <Typography.Text
        strong
        className="market-chart-header"
        style={{ display: 'block', height: HEADER_HEIGHT, lineHeight: `${HEADER_HEIGHT}px`, paddingInline: 8 }}
      >
        {CHART_LABELS.marketHeader(pairLabel(pair), CHART_INTERVAL)}
      </Typography.Text>
      <div ref={container} style={{ height: CANDLES_HEIGHT, width: '100%', visibility: tooFew ? 'hidden' : undefined }} />
      {(!chart || klines.isPending) && !loadFailed && !klines.isError && (
        <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
      )}
      {tooFew && !loadFailed && <ChartNote style={{ position: 'absolute', top: MARKET_CHART_HEIGHT / 2, left: 0, right: 0 }} />}
      {(loadFailed || klines.isError) && (
        <Alert
          type="info"
          showIcon
          title={UI.genericError}
          style={{ position: 'absolute', top: HEADER_HEIGHT + 16, left: 16, right: 16 }}
        />
      )}
    </div>
  );
}
