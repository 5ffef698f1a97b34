/** Running Bot (SPEC sections 2, 3, 4, 5, 8): one bot's figures, settings, profit and orders. */
import { Card, Col, Empty, Grid, Row, Space, Spin } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BotInfo } from '../../../common/api/bots';
import { RUNNING_BOT_LABELS, TEXT } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { useHeaderTitleOverride } from '../../app/layout/headerTitle';
import { PageTitle } from '../../components/PageTitle';
import { ProfitChart } from '../../components/charts/ProfitChart';
import { BotHeader } from './BotHeader';
import { BotStats } from './BotStats';
import { OrderBook } from './OrderBook';
import { ProfitBookDialog } from './ProfitBookDialog';
import { ProtectionDialog } from './ProtectionDialog';
import { SidePanel, type BotDialog } from './SidePanel';
import { SltpDialog } from './SltpDialog';
import { StopBotDialog } from './StopBotDialog';
import { useRunningBot } from './useRunningBot';

/** SPEC's 'Running Bot' while the bot runs (Live or Pause); a stopped bot is not called running. */
export function runningBotTitle(bot: Pick<BotInfo, 'status'> | undefined): string {
  return bot?.status === 'Stopped' ? RUNNING_BOT_LABELS.stoppedBotTitle : SCREEN_TITLES.runningBot;
}

/** SPEC: the profit chart is 200 px high on a narrow window, 500 px on a wide one. */
const PROFIT_CHART_HEIGHT = { narrow: 200, wide: 500 } as const;

export default function RunningBotPage() {
  const { id = '' } = useParams();
  const data = useRunningBot(id);
  const [dialog, setDialog] = useState<BotDialog | null>(null);
  const screens = Grid.useBreakpoint();
  const close = () => setDialog(null);
  const bot = data.info.data;
  const title = runningBotTitle(bot);
  useHeaderTitleOverride(title);

  let body;
  if (data.info.isPending) {
    body = <Spin size="large" className="full-page-spin" aria-label={TEXT.loading} />;
  } else if (!bot) {
    // SPEC: fetch failures are only logged; the member sees an empty page, not an error.
    body = <Empty />;
  } else {
    body = (
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <BotHeader bot={bot} />
            <BotStats bot={bot} purchased={data.purchased} />
            <Card title={RUNNING_BOT_LABELS.profitChart}>
              <ProfitChart
                datewiseprofit={bot.datewiseprofit}
                height={screens.md ? PROFIT_CHART_HEIGHT.wide : PROFIT_CHART_HEIGHT.narrow}
                label={RUNNING_BOT_LABELS.profitChart}
              />
            </Card>
            <OrderBook orders={data.orders} loading={data.ordersLoading} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <SidePanel bot={bot} data={data} onOpen={setDialog} />
        </Col>
        <SltpDialog id={id} open={dialog === 'sltp'} onClose={close} livePrice={bot.liveprice} values={data.sltp} />
        <ProtectionDialog
          id={id}
          open={dialog === 'protection'}
          onClose={close}
          totalGrid={bot.total_grid}
          value={data.protection?.is_protection_active ? data.protection.protection_grid_at : null}
        />
        <ProfitBookDialog id={id} open={dialog === 'profitBook'} onClose={close} value={data.profitBook} />
        <StopBotDialog id={id} open={dialog === 'stop'} onClose={close} />
      </Row>
    );
  }
  return (
    <>
      <PageTitle title={title} />
      {body}
    </>
  );
}
