/**
 * Dashboard 'Daily Chart': each bot's daily realized profit (its datewiseprofit) as one line, or
 * a one-line note until the bots have 3 dates between them.
 * Props: `bots` as GET /api/botstatus sends them; `height` (default 445, SPEC section 2).
 */
import { useMemo } from 'react';
import type { LiveBot } from '../../../common/api/bots';
import { DAILY_CHART_HEIGHT } from '../../../common/constants';
import { BOT_LABELS } from '../../../common/messages';
import { dailyProfitPoints } from './chartData';
import { ProfitLines } from './ProfitLines';

export interface DailyProfitChartProps {
  bots: readonly Pick<LiveBot, 'id' | 'name' | 'datewiseprofit'>[];
  height?: number;
}

export function DailyProfitChart({ bots, height = DAILY_CHART_HEIGHT }: DailyProfitChartProps) {
  const data = useMemo(() => dailyProfitPoints(bots), [bots]);
  return <ProfitLines data={data} height={height} label={BOT_LABELS.dailyChart} series="bot" />;
}
