/**
 * Dashboard 'Daily Chart': each bot's daily realized profit (its datewiseprofit) as one line, or
 * a one-line note until the bots have 3 dates between them.
 * Props: `bots` as GET /api/botstatus sends them; `height` (default 445, SPEC section 2).
 */
import { lazy, useMemo } from 'react';
import type { LiveBot } from '../../../common/api/bots';
import { DAILY_CHART_HEIGHT } from '../../../common/constants';
import { BOT_LABELS, CHART_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { dailyProfitPoints, distinctDates, hasEnoughPoints } from './chartData';

const ChartsLine = lazy(() => import('./impl/ChartsLine'));

export interface DailyProfitChartProps {
  bots: readonly Pick<LiveBot, 'id' | 'name' | 'datewiseprofit'>[];
  height?: number;
}

export function DailyProfitChart({ bots, height = DAILY_CHART_HEIGHT }: DailyProfitChartProps) {
  const { theme } = useTheme();
  const data = useMemo(() => dailyProfitPoints(bots), [bots]);
  return (
    <ChartFrame height={height} label={BOT_LABELS.dailyChart} enough={hasEnoughPoints(distinctDates(data))}>
      <ChartsLine
        data={data}
        xField="date"
        yField="profit"
        xTitle={CHART_LABELS.axisDate}
        yTitle={CHART_LABELS.axisProfit}
        colorField="bot"
        height={height}
        dark={theme === 'dark'}
      />
    </ChartFrame>
  );
}
