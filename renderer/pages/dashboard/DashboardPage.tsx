/**
 * Dashboard (SPEC sections 2, 4, 7, 8, 9): disclaimer popup, the API warning banner, 'Daily
 * Chart', 'Total Funds' and 'Live BOTs', refreshed every 10 s while the popup is closed. While
 * loading, skeletons in the shape of those cards hold their places; a part that could not be
 * read says so in its card, with Retry, instead of leaving the page blank.
 */
import { Card, Col, Row, Space } from 'antd';
import { DAILY_CHART_HEIGHT } from '../../../common/constants';
import { BOT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { DailyProfitChart } from '../../components/charts/DailyProfitChart';
import { LoadError, LoadingSkeleton } from '../../components/states';
import { ApiWhitelistBanner } from './ApiWhitelistBanner';
import { DisclaimerModal } from './DisclaimerModal';
import { LiveBotsSection } from './LiveBotsSection';
import { TotalFundsCard } from './TotalFundsCard';
import { useDashboard, type DashboardData } from './useDashboard';

/** The page's cards, each with its content, a skeleton while nothing is known, or the error. */
function DashboardBody({ data, onRetry }: { data: DashboardData | null; onRetry: () => unknown }) {
  const loading = data === null;
  const { pie, bots, profit } = data ?? { pie: null, bots: null, profit: null };
  const error = <LoadError compact onRetry={onRetry} />;
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={BOT_LABELS.dailyChart} style={{ height: '100%' }}>
            {loading && <LoadingSkeleton shape="block" height={DAILY_CHART_HEIGHT} label={BOT_LABELS.dailyChart} />}
            {!loading && (bots ? <DailyProfitChart bots={bots} height={DAILY_CHART_HEIGHT} /> : error)}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          {loading ? (
            <Card title={BOT_LABELS.totalFunds} style={{ height: '100%' }}>
              <LoadingSkeleton shape="detail" count={6} label={BOT_LABELS.totalFunds} />
            </Card>
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {/* A figure that could not be read is said, not left out as if it did not exist. */}
              {(!pie || !profit) && error}
              {(pie || profit) && <TotalFundsCard pie={pie} profit={profit} />}
            </Space>
          )}
        </Col>
      </Row>
      {loading && (
        <Card title={BOT_LABELS.liveBots}>
          <LoadingSkeleton shape="cards" count={3} label={BOT_LABELS.liveBots} />
        </Card>
      )}
      {!loading && (bots ? <LiveBotsSection bots={bots} /> : <Card title={BOT_LABELS.liveBots}>{error}</Card>)}
    </>
  );
}

export default function DashboardPage() {
  const { disclaimer, data, retry } = useDashboard();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle title={SCREEN_TITLES.dashboard} />
      <ApiWhitelistBanner />
      <DashboardBody data={data} onRetry={retry} />
      {/* Mounted only while it shows: nothing of it lingers once agreed. */}
      {disclaimer.showing && (
        <DisclaimerModal open agreeing={disclaimer.agree.isPending} onAgree={() => disclaimer.agree.mutate()} />
      )}
    </Space>
  );
}
