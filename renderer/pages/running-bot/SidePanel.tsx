/**
 * Running Bot side panel (SPEC section 2): investment, booked orders, pair, start date, the
 * editable prices, Liq. Price (futures, red), Overbuy Protection, Profit book and Stop. A stopped
 * bot shows why it stopped and offers no edits.
 */
import EditOutlined from '@ant-design/icons/EditOutlined';
import { Alert, Button, Card, Descriptions, Grid, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { BotInfo } from '../../../common/api/bots';
import { BOT_LABELS, RUNNING_BOT_LABELS } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { formatDateTime, formatPercent, formatPrice, formatUsdt, NO_VALUE, type FormatInput } from '../../../common/format';
import { LoadError } from '../../components/states';
import type { RunningBotData } from './useRunningBot';
import { STOP_REASON_TEXT } from '../../../common/api/stop-reasons';

export type BotDialog = 'sltp' | 'protection' | 'profitBook' | 'stop';

interface Props {
  bot: BotInfo;
  data: RunningBotData;
  onOpen: (dialog: BotDialog) => void;
}

function Editable({
  label,
  value,
  editable,
  onEdit,
}: {
  label: string;
  value: ReactNode;
  editable: boolean;
  onEdit: () => void;
}) {
  return (
    <Space>
      <span>{value}</span>
      {editable && (
        <Button size="small" type="text" icon={<EditOutlined />} aria-label={RUNNING_BOT_LABELS.edit(label)} onClick={onEdit} />
      )}
    </Space>
  );
}

/** A number of grids as a whole count, or the dash when there is none. */
function gridCount(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_VALUE : String(value);
}

function protectionText(data: RunningBotData, bot: BotInfo): string {
  if (data.protection)
    return data.protection.is_protection_active ? gridCount(data.protection.protection_grid_at) : RUNNING_BOT_LABELS.notSet;
  return gridCount(bot.overbuy_protection_value);
}

/** The panel's rows: figures first, then the prices and settings a live bot lets the member edit. */
function panelItems({ bot, data, onOpen }: Props) {
  const live = bot.status !== 'Stopped';
  const edit = (label: string, value: ReactNode, dialog: BotDialog) => (
    <Editable label={label} value={value} editable={live} onEdit={() => onOpen(dialog)} />
  );
  const L = RUNNING_BOT_LABELS;
  const price = (value: FormatInput) => formatPrice(value, bot.tickSize);
  return [
    { key: 'investment', label: L.totalInvestment, children: formatUsdt(bot.investment) },
    { key: 'booked', label: L.bookedOrders, children: data.orders.filter((o) => o.type === 'SELL').length },
    { key: 'pair', label: BOT_LABELS.pair, children: pairLabel(bot.name) },
    { key: 'start', label: L.startDate, children: formatDateTime(bot.botstartdate) },
    ...(live ? [] : [{ key: 'stop', label: L.stopDate, children: formatDateTime(bot.botstopdate) }]),
    { key: 'pause', label: L.pausePrice, children: edit(L.pausePrice, price(data.sltp?.sell_all_and_pause_at_price), 'sltp') },
    { key: 'restart', label: L.restartPrice, children: edit(L.restartPrice, price(data.sltp?.restart_at_price), 'sltp') },
    {
      key: 'stoploss',
      label: L.stoplossPrice,
      children: edit(L.stoplossPrice, price(data.sltp?.stoploss_and_stopbot_at_price), 'sltp'),
    },
    ...(bot.category === 'Future'
      ? [
          {
            key: 'liq',
            label: L.liqPrice,
            children: (
              <Typography.Text type="danger" className="liq-price">
                {price(data.liquidationPrice)}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      key: 'protection',
      label: L.overbuyProtection,
      children: edit(L.overbuyProtection, protectionText(data, bot), 'protection'),
    },
    { key: 'profitBook', label: L.profitBook, children: edit(L.profitBook, formatPercent(data.profitBook), 'profitBook') },
  ];
}

/** Stop, for a live bot, and the note on what stopping does. */
function StopFoot({ live, onStop }: { live: boolean; onStop: () => void }) {
  return (
    <div className="running-bot-side-foot">
      {live && (
        <div className="running-bot-stop">
          <Button danger type="primary" block onClick={onStop}>
            {RUNNING_BOT_LABELS.stop}
          </Button>
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {RUNNING_BOT_LABELS.stopNote}
      </Typography.Paragraph>
    </div>
  );
}

export function SidePanel({ bot, data, onOpen }: Props) {
  const live = bot.status !== 'Stopped';
  const screens = Grid.useBreakpoint();
  // A column beside the figures but under 1200 px (about 290 px wide) cannot hold a label and
  // its value side by side without cutting the value: there each label sits above its value.
  const stacked = Boolean(screens.lg && !screens.xl);
  const L = RUNNING_BOT_LABELS;
  return (
    <Card className="running-bot-side-panel">
      {/* The figures scroll inside the panel; Stop and its note stay at its foot (RunningBotPage.css). */}
      <div className="running-bot-side-scroll">
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {data.settingsFailed && <LoadError compact onRetry={data.retrySettings} />}
          {!live && (
            <Alert
              type="warning"
              showIcon
              title={L.stoppedTitle}
              description={`${L.stopReason}: ${bot.stopReason ? STOP_REASON_TEXT[bot.stopReason] : L.notSet}`}
            />
          )}
          {bot.status === 'Pause' && bot.stopReason && <Alert type="info" showIcon title={STOP_REASON_TEXT[bot.stopReason]} />}
          <Descriptions
            column={1}
            size="small"
            bordered
            layout={stacked ? 'vertical' : 'horizontal'}
            items={panelItems({ bot, data, onOpen })}
          />
        </Space>
      </div>
      <StopFoot live={live} onStop={() => onOpen('stop')} />
    </Card>
  );
}
