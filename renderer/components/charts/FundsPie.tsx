/**
 * Dashboard 'Total Funds' pie: the bots' investment by pair (GET /api/pichart's chartData, bots
 * on one pair merged), at most 8 pairs plus 'Others', then the free USDT; each slice labelled
 * with its pair and share, the total above the chart. One 'Not Active' slice of 100 without bots.
 * Props: `chartData` (label/value slices, values as decimal strings); `free` (availableBalance,
 * the USDT a new bot may use); `height` of the chart (default 260).
 */
import { Typography } from 'antd';
import { lazy, useMemo } from 'react';
import type { PieSlice } from '../../../common/api/bots';
import { formatUsdt } from '../../../common/format';
import { BOT_LABELS, CHART_LABELS } from '../../../common/messages';
import { useTheme } from '../../app/theme';
import { ChartFrame } from './ChartFrame';
import { fundsPie } from './chartData';

const ChartsPie = lazy(() => import('./impl/ChartsPie'));

export interface FundsPieProps {
  chartData: readonly PieSlice[] | null | undefined;
  free?: string | null;
  height?: number;
}

export function FundsPie({ chartData, free, height = 260 }: FundsPieProps) {
  const { theme } = useTheme();
  const { slices, total } = useMemo(() => fundsPie(chartData, free), [chartData, free]);
  return (
    <div className="funds-pie">
      {total !== null && (
        <Typography.Text strong className="funds-pie-total" style={{ display: 'block', textAlign: 'center' }}>
          {CHART_LABELS.pieTotal(formatUsdt(total))}
        </Typography.Text>
      )}
      <ChartFrame height={height} label={BOT_LABELS.totalFunds} enough>
        <ChartsPie data={slices} height={height} dark={theme === 'dark'} />
      </ChartFrame>
    </div>
  );
}
