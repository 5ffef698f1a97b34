/**
 * A skeleton shaped like the content it stands in for, so the page keeps its layout while the
 * data loads (a spinner at the edge or a 'No data' under it said nothing true). It is announced
 * once as busy, under the screen's 'Loading...' text.
 */
import { Card, Col, Row, Skeleton } from 'antd';
import { STATE_LABELS } from '../../../common/messages';

export type SkeletonShape = 'cards' | 'table' | 'figures' | 'detail' | 'block';

interface Props {
  shape: SkeletonShape;
  /** Cards, table rows or figures to draw. */
  count?: number;
  /** A block's height in px (a chart's place). */
  height?: number;
  label?: string;
}

function Shape({ shape, count, height }: Required<Omit<Props, 'label'>>) {
  switch (shape) {
    case 'cards':
      return (
        <Row gutter={[16, 16]}>
          {Array.from({ length: count }, (_, i) => (
            <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
              <Card>
                <Skeleton active avatar paragraph={{ rows: 3 }} />
              </Card>
            </Col>
          ))}
        </Row>
      );
    case 'figures':
      return (
        <Row gutter={[16, 16]}>
          {Array.from({ length: count }, (_, i) => (
            <Col key={i} xs={24} md={24 / Math.min(count, 3)}>
              <Card>
                <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '60%' }} />
              </Card>
            </Col>
          ))}
        </Row>
      );
    case 'table':
      return <Skeleton active title={false} paragraph={{ rows: count, width: '100%' }} />;
    case 'block':
      return <Skeleton.Node active style={{ width: '100%', height }} />;
    case 'detail':
      return <Skeleton active paragraph={{ rows: count }} />;
  }
}

export function LoadingSkeleton({ shape, count = 3, height = 200, label = STATE_LABELS.loading }: Props) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="state-skeleton" data-shape={shape}>
      <Shape shape={shape} count={count} height={height} />
    </div>
  );
}
