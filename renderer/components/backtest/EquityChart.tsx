/**
 * The backtest's equity line under a header naming what it shows and the candle interval, in the
 * brand colour, with a time axis labelled by time within a day and by date where a day starts.
 * Fewer than 3 points show a one-line note instead. lightweight-charts is imported on mount only
 * (useLazyChart, shared with MarketChart), so the strategy pages pay for it only once a result is on screen.
 */
import type { LineData, UTCTimestamp } from 'lightweight-charts';
import { Typography } from 'antd';
import { useEffect, useRef } from 'react';
import type { BacktestEquityPoint } from '../../../common/api/backtest';
import { formatUsdt } from '../../../common/format';
import { CHART_LABELS } from '../../../common/messages';
import { BRAND_COLOR } from '../../app/themeConfig';
import { ChartNote } from '../charts/ChartFrame';
import { hasEnoughPoints } from '../charts/chartData';
import { TIME_AXIS_OPTIONS } from '../charts/timeLabels';
import { useLazyChart } from '../useLazyChart';

const HEIGHT = 220;

const CHART_OPTIONS = {
  autoSize: true,
  height: HEIGHT,
  ...TIME_AXIS_OPTIONS,
  // Prices written as USDT (2 decimals) keep the scale narrow: long floats were cut off.
  localization: { ...TIME_AXIS_OPTIONS.localization, priceFormatter: (v: number) => formatUsdt(v) },
  rightPriceScale: { minimumWidth: 72, scaleMargins: { top: 0.1, bottom: 0.1 } },
};

/** The chart draws with floats; the figures beside it stay exact decimal strings. */
const toLine = (p: BacktestEquityPoint): LineData<UTCTimestamp> => ({
  time: p.time as UTCTimestamp,
  value: Number(p.equity),
});

export function EquityChart({ points, interval }: { points: readonly BacktestEquityPoint[]; interval: string }) {
  const enough = hasEnoughPoints(points.length);
  return (
    <div className="backtest-equity" style={{ marginBlock: 12 }}>
      <Typography.Text strong className="backtest-equity-header" style={{ display: 'block', marginBottom: 4 }}>
        {CHART_LABELS.equityHeader(interval)}
      </Typography.Text>
      {enough ? <EquityLine points={points} /> : <ChartNote style={{ paddingBlock: 24 }} />}
    </div>
  );
}

function EquityLine({ points }: { points: readonly BacktestEquityPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  // A chart that fails to load is left out: the figures and trades above stay usable without it.
  const { chart } = useLazyChart(container, CHART_OPTIONS, (mod, created) =>
    created.addSeries(mod.LineSeries, { lineWidth: 2, color: BRAND_COLOR }),
  );

  useEffect(() => {
    if (!chart) return;
    chart.series.setData(points.map(toLine));
    chart.chart.timeScale().fitContent();
  }, [chart, points]);

  return <div ref={container} className="backtest-equity-chart" style={{ height: HEIGHT }} data-testid="backtest-equity-chart" />;
}
