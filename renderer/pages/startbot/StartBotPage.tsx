/** Start New Bot (SPEC section 2): the start form beside the market chart of the selected pair. */
import { Card, Col, Row } from 'antd';
import { useState } from 'react';
import { SCREEN_TITLES } from '../../../common/routes';
import { MarketChart } from '../../components/MarketChart';
import { PageTitle } from '../../components/PageTitle';
import { StartBotForm } from './StartBotForm';

const DEFAULT_PAIR = 'BTCUSDT';

export default function StartBotPage() {
  const [pair, setPair] = useState(DEFAULT_PAIR);
  return (
    <>
      <PageTitle title={SCREEN_TITLES.startBot} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9}>
          <Card>
            <StartBotForm onPairChange={(next) => setPair(next || DEFAULT_PAIR)} />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card styles={{ body: { padding: 8 } }}>
            <MarketChart pair={pair} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
