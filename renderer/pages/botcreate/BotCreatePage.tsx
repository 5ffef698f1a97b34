/** Strategy picker (SPEC section 2): Grid Strategy starts a bot; the other two are coming soon. */
import { AppstoreOutlined, FundOutlined, SwapOutlined } from '@ant-design/icons';
import { Badge, Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TEXT } from '../../../common/messages';
import { ROUTES, SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';

/** The 'Comming Soon' ribbon: white text on it reads at 7:1 (CSS 'gray' gave 3.9:1). */
const RIBBON_GREY = '#595959';

function PickerCard({ icon, title, disabled }: { icon: ReactNode; title: string; disabled?: boolean }) {
  return (
    <Card hoverable={!disabled} className={disabled ? 'picker-card picker-card-soon' : 'picker-card'} aria-disabled={disabled}>
      <div className="picker-icon">{icon}</div>
      <Typography.Title level={4}>{title}</Typography.Title>
    </Card>
  );
}

export default function BotCreatePage() {
  return (
    <>
      <PageTitle title={SCREEN_TITLES.botCreate} />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={8}>
          <Link to={ROUTES.startBot} aria-label={TEXT.gridStrategy}>
            <PickerCard icon={<AppstoreOutlined />} title={TEXT.gridStrategy} />
          </Link>
        </Col>
        <Col xs={24} md={8}>
          <Badge.Ribbon text={TEXT.comingSoon} color={RIBBON_GREY}>
            <PickerCard icon={<SwapOutlined />} title={TEXT.arbitrageBot} disabled />
          </Badge.Ribbon>
        </Col>
        <Col xs={24} md={8}>
          <Badge.Ribbon text={TEXT.comingSoon} color={RIBBON_GREY}>
            <PickerCard icon={<FundOutlined />} title={TEXT.indicatorBots} disabled />
          </Badge.Ribbon>
        </Col>
      </Row>
    </>
  );
}
