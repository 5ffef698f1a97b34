/**
 * Dashboard (SPEC sections 2, 4, 7, 8, 9): disclaimer popup, the API warning banner, 'Daily
 * Chart', 'Total Funds' and 'Live BOTs', refreshed every 10 s while the popup is closed.
 */
import { Card, Col, Row, Space, Spin } from 'antd';
import { DAILY_CHART_HEIGHT } from '../../../common/constants';
import { BOT_LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { DailyProfitChart } from '../../components/charts/DailyProfitChart';
import { ApiWhitelistBanner } from './ApiWhitelistBanner';
import { DisclaimerModal } from './DisclaimerModal';
import { LiveBotsSection } from './LiveBotsSection';
import { TotalFundsCard } from './TotalFundsCard';
import { useDashboard, type DashboardData } from './useDashboard';

function DashboardBody({ data }: { data: DashboardData }) {
  const { pie, bots, profit } = data;
  return (
    <>
      <Row gutter={[16, 16]}>
        {bots && (
          <Col xs={24} xl={16}>
            <Card title={BOT_LABELS.dailyChart}>
              <DailyProfitChart bots={bots} height={DAILY_CHART_HEIGHT} />
            </Card>
          </Col>
        )}
        {(pie || profit) && (
          <Col xs={24} xl={8}>
            <TotalFundsCard pie={pie} profit={profit} />
          </Col>
        )}
      </Row>
      {bots && <LiveBotsSection bots={bots} />}
    </>
  );
}

export default function DashboardPage() {
  const { disclaimer, loading, data } = useDashboard();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.dashboard} />
      <ApiWhitelistBanner />
      {loading ? (
        <Spin size="large" className="full-page-spin" aria-label={TEXT.loading} />
      ) : (
        data && <DashboardBody data={data} />
      )}
      {/* Mounted only while it shows: nothing of it lingers once agreed. */}
      {disclaimer.showing && (
        <DisclaimerModal open agreeing={disclaimer.agree.isPending} onAgree={() => disclaimer.agree.mutate()} />
      )}
    </Space>
  );
}
