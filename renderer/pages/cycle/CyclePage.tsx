/** Start Cycle (SPEC section 2, Cycle page): the 'Start New Cycle' form beside the member's 'Live Cycles'. */
import { Card, Col, Row } from 'antd';
import { CYCLE_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { LiveCycles } from './LiveCycles';
import { StartCycleForm } from './StartCycleForm';

export default function CyclePage() {
  return (
    <>
      <PageTitle title={SCREEN_TITLES.cycle} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={9}>
          <Card title={CYCLE_LABELS.startNewCycle}>
            <StartCycleForm />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <LiveCycles />
        </Col>
      </Row>
    </>
  );
}
