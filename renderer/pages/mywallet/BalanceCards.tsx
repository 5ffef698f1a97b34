/** Total, Spot and Futures USDT cards (SPEC section 2, Wallet). */
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS, TEXT } from '../../../common/messages';

interface Props {
  totalUsdt: string | null;
  spotUsdt: string | null;
  futuresUsdt: string | null;
  loading: boolean;
}

function Figure({ title, value, loading }: { title: string; value: string | null; loading: boolean }) {
  return (
    <Col xs={24} md={8}>
      <Card>
        {/* A labelled group, so the figure reads (and is found) with its title. */}
        <div role="group" aria-label={title}>
          <Typography.Text type="secondary">{title}</Typography.Text>
          {loading ? (
            <Skeleton.Input active size="small" style={{ display: 'block', marginTop: 8 }} />
          ) : (
            <div style={{ fontSize: 24, fontWeight: 600, marginTop: 4 }}>
              <span>{value === null ? TEXT.noData : formatUsdt(value)}</span>
              {value !== null && (
                <Typography.Text type="secondary" style={{ fontSize: 14, marginInlineStart: 6 }}>
                  USDT
                </Typography.Text>
              )}
            </div>
          )}
        </div>
      </Card>
    </Col>
  );
}

export function BalanceCards({ totalUsdt, spotUsdt, futuresUsdt, loading }: Props) {
  return (
    <Row gutter={[16, 16]}>
      <Figure title={EXCHANGE_LABELS.totalUsdt} value={totalUsdt} loading={loading} />
      <Figure title={EXCHANGE_LABELS.spotUsdt} value={spotUsdt} loading={loading} />
      <Figure title={EXCHANGE_LABELS.futuresUsdt} value={futuresUsdt} loading={loading} />
    </Row>
  );
}
