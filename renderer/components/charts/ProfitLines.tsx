/**
 * Profit by date as lines, or a one-line note until the points span 3 dates: what the Running
 * Bot's Profit Chart and the Dashboard's Daily Chart both draw. `series` names the field that
 * splits the points into one line each (the Daily Chart's bots); without it, one line.
 */
import { lazy } from 'react';
import { CHART_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { distinctDates, hasEnoughPoints, type ProfitPoint } from './chartData';

const ChartsLine = lazy(() => import('./impl/ChartsLine'));

export interface ProfitLinesProps<P extends ProfitPoint> {
  data: P[];
  height: number;
  label: string;
  series?: keyof P & string;
}

export function ProfitLines<P extends ProfitPoint>({ data, height, label, series }: ProfitLinesProps<P>) {
  const { theme } = useTheme();
  return (
    <ChartFrame height={height} label={label} enough={hasEnoughPoints(distinctDates(data))}>
      <ChartsLine
        data={data}
        xField="date"
        yField="profit"
        xTitle={CHART_LABELS.axisDate}
        yTitle={CHART_LABELS.axisProfit}
        colorField={series}
        height={height}
        dark={theme === 'dark'}
      />
    </ChartFrame>
  );
}
