/**
 * Running Bot 'Profit Chart': the bot's realized profit by date (its datewiseprofit), or a
 * one-line note until it has 3 dates.
 * Props: `datewiseprofit` (UTC date -> decimal string); `height` in px (SPEC: 200 narrow, 500
 * wide); optional `label` for the chart region (defaults to 'Profit').
 */
import { useMemo } from 'react';
import { BOT_LABELS } from '../../../common/messages';
import { profitPoints } from './chartData';
import { ProfitLines } from './ProfitLines';

export interface ProfitChartProps {
  datewiseprofit: Readonly<Record<string, string>> | null | undefined;
  height: number;
  label?: string;
}

export function ProfitChart({ datewiseprofit, height, label = BOT_LABELS.chartProfit }: ProfitChartProps) {
  const data = useMemo(() => profitPoints(datewiseprofit), [datewiseprofit]);
  return <ProfitLines data={data} height={height} label={label} />;
}
