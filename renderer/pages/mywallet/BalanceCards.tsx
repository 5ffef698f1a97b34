/** Total, Spot and Futures USDT cards (SPEC section 2, Wallet), each side's free USDT beside what bots hold. */
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS, TEXT } from '../../../common/messages';
import { heldByBots, type AtHand } from './atHand';

interface Props {
  totalUsdt: string | null;
  spot: AtHand;
  futures: AtHand;
  loading: boolean;
}

function Figure({
  title,
  value,
  inBots,
  loading,
}: {
  title: string;
  value: string | null;
  inBots?: string | null;
  loading: boolean;
}) {
  return (
    <Col xs={24} md={8}>
      <Card>
        {/* A labelled group, so the figure reads (and is found) with its title. */}
        <div role="group" aria-label={title}>
          <Typography.Text type="secondary">{title}</Typography.Text>
          {loading ? (
            <Skeleton.Input active size="small" style={{ display: 'block', marginTop: 8 }} />
          ) : (
            <>
              <div style={{ fontSize: 24, fontWeight: 600, marginTop: 4 }}>
                <span>{value === null ? TEXT.noData : formatUsdt(value)}</span>
                {value !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 14, marginInlineStart: 6 }}>
                    USDT
                  </Typography.Text>
                )}
              </div>
              {value !== null && inBots && (
                <Typography.Text type="secondary">{EXCHANGE_LABELS.inBots(formatUsdt(inBots), 'USDT')}</Typography.Text>
              )}
            </>
          )}
        </div>
      </Card>
    </Col>
  );
}

/** The in-bot line only when bots hold some: the transferable figure above is then what is free. */
const inBotsOf = (atHand: AtHand) => (heldByBots(atHand) ? atHand.inBots : null);

export function BalanceCards({ totalUsdt, spot, futures, loading }: Props) {
  return (
    <Row gutter={[16, 16]}>
      <Figure title={EXCHANGE_LABELS.totalUsdt} value={totalUsdt} loading={loading} />
      <Figure title={EXCHANGE_LABELS.spotUsdt} value={spot.free} inBots={inBotsOf(spot)} loading={loading} />
      <Figure title={EXCHANGE_LABELS.futuresUsdt} value={futures.free} inBots={inBotsOf(futures)} loading={loading} />
    </Row>
  );
}
