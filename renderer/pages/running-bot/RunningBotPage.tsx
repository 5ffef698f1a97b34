/** Running Bot (SPEC sections 2, 3, 4, 5, 8): one bot's figures, settings, profit and orders. */
import { Card, Col, Grid, Row, Space } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BotInfo } from '../../../common/api/bots';
import { RUNNING_BOT_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { useHeaderTitleOverride } from '../../app/layout/headerTitle';
import { PageTitle } from '../../components/PageTitle';
import { ProfitChart } from '../../components/charts/ProfitChart';
import { LoadError, LoadingSkeleton, StaleNotice } from '../../components/states';
import { BotDialogs } from './BotDialogs';
import { BotHeader } from './BotHeader';
import { BotStats } from './BotStats';
import { OrderBook } from './OrderBook';
import { SidePanel, type BotDialog } from './SidePanel';
import { useRunningBot, type RunningBotData } from './useRunningBot';
import './RunningBotPage.css';

/** SPEC's 'Running Bot' while the bot runs (Live or Pause); a stopped bot is not called running. */
export function runningBotTitle(bot: Pick<BotInfo, 'status'> | undefined): string {
  return bot?.status === 'Stopped' ? RUNNING_BOT_LABELS.stoppedBotTitle : SCREEN_TITLES.runningBot;
}

/**
 * SPEC: the profit chart is 200 px high on a narrow window, 500 px on a wide one. 'Wide' starts
 * at antd's xxl (1600 px): on a 1024x700 window a 500 px chart of a new bot was an empty area
 * that pushed everything under it out of view.
 */
const PROFIT_CHART_HEIGHT = { narrow: 200, wide: 500 } as const;

/**
 * Two columns from antd's lg (992 px): the figures, chart and orders, and beside them the side
 * panel, sticky (RunningBotPage.css). Narrower, one column with the side panel first, so the
 * prices and Stop open the page. The classes are what the layout test and the e2e look for.
 */
export const RUNNING_BOT_LAYOUT = {
  row: 'running-bot-layout',
  main: {
    className: 'running-bot-main',
    xs: { span: 24, order: 2 },
    lg: { span: 15, order: 1 },
    xxl: { span: 16, order: 1 },
  },
  side: {
    className: 'running-bot-side',
    xs: { span: 24, order: 1 },
    lg: { span: 9, order: 2 },
    xxl: { span: 8, order: 2 },
  },
} as const;

/** The page's shape while the bot loads: header, figures, chart place; the side panel beside. */
function RunningBotSkeleton() {
  return (
    <Row gutter={[24, 24]} className={RUNNING_BOT_LAYOUT.row}>
      <Col {...RUNNING_BOT_LAYOUT.main}>
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <LoadingSkeleton shape="detail" count={1} />
          <LoadingSkeleton shape="figures" count={3} />
          <LoadingSkeleton shape="block" height={PROFIT_CHART_HEIGHT.narrow} />
        </Space>
      </Col>
      <Col {...RUNNING_BOT_LAYOUT.side}>
        <Card>
          <LoadingSkeleton shape="detail" count={8} />
        </Card>
      </Col>
    </Row>
  );
}

/** The figures, the profit chart and the orders of a loaded bot. */
function BotMainColumn({ bot, data }: { bot: BotInfo; data: RunningBotData }) {
  const screens = Grid.useBreakpoint();
  return (
    <Col {...RUNNING_BOT_LAYOUT.main}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <BotHeader bot={bot} />
        <BotStats bot={bot} purchased={data.purchased} />
        <Card title={RUNNING_BOT_LABELS.profitChart}>
          <ProfitChart
            datewiseprofit={bot.datewiseprofit}
            height={screens.xxl ? PROFIT_CHART_HEIGHT.wide : PROFIT_CHART_HEIGHT.narrow}
            label={RUNNING_BOT_LABELS.profitChart}
          />
        </Card>
        <OrderBook
          steps={bot}
          orders={data.orders}
          loading={data.ordersLoading}
          failed={data.ordersFailed}
          onRetry={data.retryOrders}
        />
      </Space>
    </Col>
  );
}

interface BotViewProps {
  id: string;
  bot: BotInfo;
  data: RunningBotData;
  dialog: BotDialog | null;
  onDialog: (dialog: BotDialog | null) => void;
}

/** A loaded bot: a note when its latest figures could not be read, the two columns and the dialogs. */
function RunningBotView({ id, bot, data, dialog, onDialog }: BotViewProps) {
  return (
    <>
      {data.info.isError && <StaleNotice updatedAt={data.info.dataUpdatedAt} onRetry={() => data.info.refetch()} />}
      <Row gutter={[24, 24]} className={RUNNING_BOT_LAYOUT.row}>
        <BotMainColumn bot={bot} data={data} />
        <Col {...RUNNING_BOT_LAYOUT.side}>
          <SidePanel bot={bot} data={data} onOpen={onDialog} />
        </Col>
        <BotDialogs id={id} bot={bot} data={data} open={dialog} onClose={() => onDialog(null)} />
      </Row>
    </>
  );
}

export default function RunningBotPage() {
  const { id = '' } = useParams();
  const data = useRunningBot(id);
  const [dialog, setDialog] = useState<BotDialog | null>(null);
  const bot = data.info.data;
  const title = runningBotTitle(bot);
  useHeaderTitleOverride(title);

  let body;
  if (!bot && data.info.isError) {
    // Said, with Retry, rather than an empty 'No data' page the member cannot act on.
    body = <LoadError onRetry={() => data.info.refetch()} />;
  } else if (!bot) {
    body = <RunningBotSkeleton />;
  } else {
    body = <RunningBotView id={id} bot={bot} data={data} dialog={dialog} onDialog={setDialog} />;
  }
  return (
    <>
      <PageTitle title={title} />
      {body}
    </>
  );
}
