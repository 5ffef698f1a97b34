/**
 * A bot's sparkline (its sparklineData: realized PnL over time) for cards. Nothing at all below
 * 2 points: a blank box on a card reads as broken.
 * Props: `points` as the API sends them; `height` in px (default 40); `color` (default brand).
 */
import { Suspense, lazy, useMemo } from 'react';
import type { SparklinePoint } from '../../../common/api/bots';
import { ChartErrorBoundary } from './ChartFrame';
import { BOT_PALETTE, sparklineValues } from './chartData';

const ChartsSparkline = lazy(() => import('./impl/ChartsSparkline'));

export interface SparklineProps {
  points: readonly SparklinePoint[] | null | undefined;
  height?: number;
  color?: string;
}

export function Sparkline({ points, height = 40, color = BOT_PALETTE[0] }: SparklineProps) {
  const values = useMemo(() => sparklineValues(points), [points]);
  if (values.length < 2) return null;
  return (
    <div className="sparkline" data-points={values.length} style={{ height, width: '100%' }} aria-hidden>
      <ChartErrorBoundary height={height}>
        <Suspense fallback={null}>
          <ChartsSparkline values={values} height={height} color={color} />
        </Suspense>
      </ChartErrorBoundary>
    </div>
  );
}
