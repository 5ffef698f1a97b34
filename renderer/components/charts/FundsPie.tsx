/**
 * Dashboard 'Total Funds' pie: GET /api/pichart's chartData folded to at most 8 named slices
 * plus 'Others', or one 'Not Active' slice of 100 with no data; nine-colour bot palette.
 * Props: `chartData` (label/value slices, values as decimal strings); `height` (default 260).
 */
import { lazy, useMemo } from 'react';
import type { PieSlice } from '../../../common/api/bots';
import { BOT_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { BOT_PALETTE, foldPieSlices } from './chartData';

const ChartsPie = lazy(() => import('./impl/ChartsPie'));

const NOT_ACTIVE_COLOR = '#bfbfbf';

export interface FundsPieProps {
  chartData: readonly PieSlice[] | null | undefined;
  height?: number;
}

export function FundsPie({ chartData, height = 260 }: FundsPieProps) {
  const { theme } = useTheme();
  const data = useMemo(() => foldPieSlices(chartData), [chartData]);
  const notActive = data.length === 1 && data[0]?.label === BOT_LABELS.pieNotActive;
  const colors = notActive ? [NOT_ACTIVE_COLOR] : BOT_PALETTE.slice(0, data.length);
  return (
    <ChartFrame height={height} label={BOT_LABELS.totalFunds} hasData>
      <ChartsPie data={data} colors={colors} height={height} dark={theme === 'dark'} />
    </ChartFrame>
  );
}
