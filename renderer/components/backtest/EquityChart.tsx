/**
 * The backtest's equity line. lightweight-charts is imported on mount only (as MarketChart
 * does), so the strategy pages pay for it only once a result is on screen.
 */
import type * as Charts from 'lightweight-charts';
import type { LineData, UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import type { BacktestEquityPoint } from '../../../common/api/backtest';
import { useTheme } from '../../app/theme';

type ChartsModule = typeof Charts;
type Chart = ReturnType<ChartsModule['createChart']>;

const HEIGHT = 220;
const PALETTE = {
  light: { background: '#ffffff', text: '#1f2937', grid: '#eef0f3', line: '#1677ff' },
  dark: { background: '#141414', text: '#d1d5db', grid: '#262626', line: '#4096ff' },
} as const;

/** The chart draws with floats; the figures beside it stay exact decimal strings. */
const toLine = (p: BacktestEquityPoint): LineData<UTCTimestamp> => ({
  time: p.time as UTCTimestamp,
  value: Number(p.equity),
});

export function EquityChart({ points }: { points: readonly BacktestEquityPoint[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<{
    mod: ChartsModule;
    chart: Chart;
    series: Charts.ISeriesApi<'Line'>;
  } | null>(null);
  const { theme } = useTheme();

  useEffect(() => {
    let disposed = false;
    let created: Chart | undefined;
    void import('lightweight-charts')
      .then((mod) => {
        if (disposed || !container.current) return;
        created = mod.createChart(container.current, { autoSize: true, height: HEIGHT });
        setChart({
          mod,
          chart: created,
          series: created.addSeries(mod.LineSeries, { lineWidth: 2 }),
        });
      })
      .catch(() => undefined); // the figures and trades above stay usable without a chart
    return () => {
      disposed = true;
      created?.remove();
    };
  }, []);

  useEffect(() => {
    if (!chart) return;
    const colors = PALETTE[theme];
    chart.chart.applyOptions({
      layout: {
        background: { type: chart.mod.ColorType.Solid, color: colors.background },
        textColor: colors.text,
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    });
    chart.series.applyOptions({ color: colors.line });
  }, [chart, theme]);

  useEffect(() => {
    if (!chart) return;
    chart.series.setData(points.map(toLine));
    chart.chart.timeScale().fitContent();
  }, [chart, points]);

  return (
    <div
      ref={container}
      className="backtest-equity-chart"
      style={{ height: HEIGHT }}
      data-testid="backtest-equity-chart"
    />
  );
}
