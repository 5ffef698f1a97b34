/**
 * Running Bot 'Profit Chart': the bot's realized profit by date (its datewiseprofit), or a
 * one-line note until it has 3 dates.
 * Props: `datewiseprofit` (UTC date -> decimal string); `height` in px (SPEC: 200 narrow, 500
 * wide); optional `label` for the chart region (defaults to 'Profit').
 */
import { lazy, useMemo } from 'react';
import { BOT_LABELS, CHART_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { distinctDates, hasEnoughPoints, profitPoints } from './chartData';

const ChartsLine = lazy(() => import('./impl/ChartsLine'));

export interface ProfitChartProps {
  datewiseprofit: Readonly<Record<string, string>> | null | undefined;
  height: number;
  label?: string;
}

export function ProfitChart({ datewiseprofit, height, label = BOT_LABELS.chartProfit }: ProfitChartProps) {
  const { theme } = useTheme();
  const data = useMemo(() => profitPoints(datewiseprofit), [datewiseprofit]);
  return (
    <ChartFrame height={height} label={label} enough={hasEnoughPoints(distinctDates(data))}>
      <ChartsLine
        data={data}
        xField="date"
        yField="profit"
        xTitle={CHART_LABELS.axisDate}
        yTitle={CHART_LABELS.axisProfit}
        height={height}
        dark={theme === 'dark'}
      />
    </ChartFrame>
  );
}
