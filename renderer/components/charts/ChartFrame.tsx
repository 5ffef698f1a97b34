/**
 * Holds a lazily loaded chart: a skeleton of the chart's height while its code loads, a one-line
 * note while there are too few points to draw (one dot on one tick looks broken), and nothing
 * worse than an empty box if the chart library fails (the figures around a chart must stay usable).
 */
import { Skeleton, Typography } from 'antd';
import { Component, Suspense, type CSSProperties, type ReactNode } from 'react';
import { CHART_LABELS } from '../../../common/messages';

export class ChartErrorBoundary extends Component<{ children: ReactNode; height: number }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Chart failed to draw', error);
  }

  override render() {
    if (this.state.failed) return <div style={{ height: this.props.height }} />;
    return this.props.children;
  }
}

/** The line a chart shows instead of itself until it has MIN_CHART_POINTS points. */
export function ChartNote({ style }: { style?: CSSProperties }) {
  return (
    <Typography.Text type="secondary" className="chart-note" style={{ display: 'block', textAlign: 'center', ...style }}>
      {CHART_LABELS.notEnoughData}
    </Typography.Text>
  );
}

interface ChartFrameProps {
  height: number;
  /** Accessible name of the chart region. */
  label: string;
  /** False shows the not-enough-data note instead of the chart (see hasEnoughPoints). */
  enough: boolean;
  children: ReactNode;
}

export function ChartFrame({ height, label, enough, children }: ChartFrameProps) {
  return (
    <div role="img" aria-label={label} style={{ height, width: '100%' }}>
      {enough ? (
        <ChartErrorBoundary height={height}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>{children}</Suspense>
        </ChartErrorBoundary>
      ) : (
        <ChartNote style={{ paddingTop: Math.max(0, height / 2 - 12) }} />
      )}
    </div>
  );
}
