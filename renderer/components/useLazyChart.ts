/**
 * A lightweight-charts chart in a container, shared by MarketChart and the backtest's EquityChart.
 * The library is imported on mount only, so no route pays for it until a chart is on screen; the
 * chart is removed on unmount and follows the antd theme's colours (light or dark).
 */
import type * as Charts from 'lightweight-charts';
import { theme as antdTheme } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';

export type ChartsModule = typeof Charts;
export type Chart = ReturnType<ChartsModule['createChart']>;
type ChartOptions = Parameters<ChartsModule['createChart']>[1];

export interface LoadedChart<Series> {
  mod: ChartsModule;
  chart: Chart;
  series: Series;
}

type Token = ReturnType<typeof antdTheme.useToken>['token'];

/** The chart's colours from the antd theme in force. */
function themeOptions(mod: ChartsModule, token: Token) {
  return {
    layout: { background: { type: mod.ColorType.Solid, color: token.colorBgContainer }, textColor: token.colorTextSecondary },
    grid: { vertLines: { color: token.colorBorderSecondary }, horzLines: { color: token.colorBorderSecondary } },
  } as const;
}

/**
 * The chart once the library is loaded (null until then), and whether loading it failed. Options
 * and series are read once, at mount: the chart is made once per container.
 */
export function useLazyChart<Series>(
  container: RefObject<HTMLDivElement | null>,
  options: ChartOptions,
  addSeries: (mod: ChartsModule, chart: Chart) => Series,
) {
  const [chart, setChart] = useState<LoadedChart<Series> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const atMount = useRef({ options, addSeries });
  const { token } = antdTheme.useToken();

  useEffect(() => {
    let disposed = false;
    let created: Chart | undefined;
    void import('lightweight-charts')
      .then((mod) => {
        if (disposed || !container.current) return;
        created = mod.createChart(container.current, atMount.current.options);
        setChart({ mod, chart: created, series: atMount.current.addSeries(mod, created) });
      })
      .catch(() => !disposed && setLoadFailed(true));
    return () => {
      disposed = true;
      created?.remove();
    };
  }, [container]);

  useEffect(() => {
    chart?.chart.applyOptions(themeOptions(chart.mod, token));
  }, [chart, token]);

  return { chart, loadFailed };
}
