/**
 * Running Bot 'Profit Chart': the bot's realized profit by date (its datewiseprofit).
 * Props: `datewiseprofit` (UTC date -> decimal string); `height` in px (SPEC: 200 narrow, 500
 * wide); optional `label` for the chart region (defaults to 'Profit').
 */
import { lazy, useMemo } from 'react';
import { BOT_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { profitPoints } from './chartData';

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
    <ChartFrame height={height} label={label} hasData={data.length > 0}>
      <ChartsLine data={data} xField="date" yField="profit" height={height} dark={theme === 'dark'} />
    </ChartFrame>
  );
}
