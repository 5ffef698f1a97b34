/**
 * Holds a lazily loaded chart: a skeleton of the chart's height while its code loads, an empty
 * state without data, and nothing worse than an empty box if the chart library fails (the
 * figures around a chart must stay usable).
 */
import { Empty, Skeleton } from 'antd';
import { Component, Suspense, type ReactNode } from 'react';

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

interface ChartFrameProps {
  height: number;
  /** Accessible name of the chart region. */
  label: string;
  /** False shows antd's empty state instead of the chart. */
  hasData: boolean;
  children: ReactNode;
}

export function ChartFrame({ height, label, hasData, children }: ChartFrameProps) {
  return (
    <div role="img" aria-label={label} style={{ height, width: '100%' }}>
      {hasData ? (
        <ChartErrorBoundary height={height}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>{children}</Suspense>
        </ChartErrorBoundary>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 0, paddingTop: Math.max(0, height / 2 - 40) }} />
      )}
    </div>
  );
}
