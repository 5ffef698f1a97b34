/**
 * The market chart panel of Start New Bot (SPEC section 2): 587 px of 15-minute candles for the
 * selected pair (BTCUSDT by default) under a header naming the pair and interval, in the app's
 * light or dark theme (up candles in the brand colour, down in antd's error colour), with the
 * last candle moved by the live ticker. The time axis labels ticks by time within a day and by
 * date where a day starts. lightweight-charts is imported on mount only, so no route pays for it
 * until a chart is on screen.
 */
import { useQuery } from '@tanstack/react-query';
import type { CandlestickData, UTCTimestamp } from 'lightweight-charts';
import { Alert, Spin, Typography, theme as antdTheme } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';
import { CHART_INTERVAL, MARKET_CHART_HEIGHT } from '../../common/constants';
import { CHART_LABELS, EXCHANGE_LABELS, UI } from '../../common/messages';
import { pairLabel } from '../../common/pairs';
import { api } from '../api/client';
import { EXCHANGE_KEYS } from '../api/exchange';
import { BRAND_COLOR } from '../app/themeConfig';
import { ChartNote } from './charts/ChartFrame';
import { hasEnoughPoints } from './charts/chartData';
import { TIME_AXIS_OPTIONS } from './charts/timeLabels';
import { useLiveTickers } from '../hooks/useLiveTickers';
import { nextBar, toBar, type Bar } from './MarketChart.candles';
import { useLazyChart } from './useLazyChart';

/** Our bars carry epoch seconds, which is what the library's UTCTimestamp brand means. */
const asCandle = (bar: Bar) => bar as CandlestickData<UTCTimestamp>;

/** About three days of 15-minute candles. */
export const CHART_CANDLES = 300;

/** The header line above the candles; the chart gets the rest of the panel's height. */
const HEADER_HEIGHT = 32;
export const CANDLES_HEIGHT = MARKET_CHART_HEIGHT - HEADER_HEIGHT;

type Token = ReturnType<typeof antdTheme.useToken>['token'];

const candleColors = (token: Token) => ({
  upColor: BRAND_COLOR,
  downColor: token.colorError,
  wickUpColor: BRAND_COLOR,
  wickDownColor: token.colorError,
});

/** The pair's candles drawn in the container, the last one moved by the live ticker. */
function useMarketCandles(container: RefObject<HTMLDivElement | null>, pair: string) {
  const lastBar = useRef<Bar | undefined>(undefined);
  const { token } = antdTheme.useToken();
  // The candle colours are taken once, with the chart: they are the same in both themes but for red's shade.
  const { chart, loadFailed } = useLazyChart(
    container,
    { autoSize: true, height: CANDLES_HEIGHT, ...TIME_AXIS_OPTIONS },
    (mod, created) => created.addSeries(mod.CandlestickSeries, { borderVisible: false, ...candleColors(token) }),
  );
  const tickers = useLiveTickers();
  const klines = useQuery({
    queryKey: EXCHANGE_KEYS.klines(pair, CHART_INTERVAL),
    queryFn: () => api.market.klines({ pair, interval: CHART_INTERVAL, limit: CHART_CANDLES }),
  });

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

  return { loading: !chart || klines.isPending, loadFailed, klinesFailed: klines.isError, klines: klines.data?.klines };
}

interface OverlayProps {
  loading: boolean;
  tooFew: boolean;
  loadFailed: boolean;
  klinesFailed: boolean;
}

/** What lies over the candles' place: a spinner while loading, a note for too few candles, or the failure. */
function CandlesOverlay({ loading, tooFew, loadFailed, klinesFailed }: OverlayProps) {
  return (
    <>
      {loading && !loadFailed && !klinesFailed && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />}
      {tooFew && !loadFailed && <ChartNote style={{ position: 'absolute', top: MARKET_CHART_HEIGHT / 2, left: 0, right: 0 }} />}
      {(loadFailed || klinesFailed) && (
        <Alert
          type="info"
          showIcon
          title={UI.genericError}
          style={{ position: 'absolute', top: HEADER_HEIGHT + 16, left: 16, right: 16 }}
        />
      )}
    </>
  );
}

export function MarketChart({ pair = 'BTCUSDT' }: { pair?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const candles = useMarketCandles(container, pair);
  const tooFew = candles.klines !== undefined && !hasEnoughPoints(candles.klines.length);
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
      <CandlesOverlay
        loading={candles.loading}
        tooFew={tooFew}
        loadFailed={candles.loadFailed}
        klinesFailed={candles.klinesFailed}
      />
    </div>
  );
}
