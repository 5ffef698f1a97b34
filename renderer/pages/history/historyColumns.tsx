/** The History table's columns (SPEC section 2, History; section 3, History row). */
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BotHistoryRow } from '../../../common/api/bots';
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { BOT_LABELS, TEXT } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { SymbolIcon } from '../../components/bots/SymbolIcon';
import { formatDateTime, formatPercent, isLoss, moneyOr } from '../../components/bots/format';

const DASH = '-';

/** 'NA' when the bot booked no loss (SPEC: loss book 'NA' if none). */
export function lossBookText(lossbook: string | null | undefined): string {
  if (lossbook === null || lossbook === undefined || lossbook === '' || lossbook === TEXT.notApplicable) return TEXT.notApplicable;
  return moneyOr(lossbook, TEXT.notApplicable);
}

export function strategyText(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : SYSTEM_STRATEGY_NAME;
}

function Pnl({ value }: { value: string }) {
  return <Typography.Text type={isLoss(value) ? 'danger' : 'success'}>{moneyOr(value, DASH)}</Typography.Text>;
}

export const HISTORY_COLUMNS: ColumnsType<BotHistoryRow> = [
  {
    title: BOT_LABELS.colSymbol,
    dataIndex: 'symbol',
    render: (symbol: string) => (
      <Space size="small">
        <SymbolIcon symbol={symbol} size={24} />
        {pairLabel(symbol)}
      </Space>
    ),
  },
  { title: BOT_LABELS.colStrategy, dataIndex: 'strategy_name', render: strategyText },
  { title: BOT_LABELS.colRuntime, dataIndex: 'runtime', render: (days: number) => BOT_LABELS.runtimeDays(days ?? 0) },
  { title: BOT_LABELS.colInvestment, dataIndex: 'investment', render: (v: string) => moneyOr(v, DASH) },
  { title: BOT_LABELS.colProfitBook, dataIndex: 'profit', render: (v: string) => moneyOr(v, DASH) },
  { title: BOT_LABELS.colLossBook, dataIndex: 'lossbook', render: lossBookText },
  { title: BOT_LABELS.colTotalPnl, dataIndex: 'totalpnl', render: (v: string) => <Pnl value={v} /> },
  { title: BOT_LABELS.colRoi, dataIndex: 'roi', render: (v: string) => formatPercent(v) },
  { title: BOT_LABELS.colStartTime, dataIndex: 'botstarttime', render: (v: string) => formatDateTime(v) || DASH },
  { title: BOT_LABELS.colStopTime, dataIndex: 'botstoptime', render: (v: string | null) => formatDateTime(v) || DASH },
  { title: BOT_LABELS.colClosedPrice, dataIndex: 'stopAt', render: (v: string | null) => v ?? DASH },
  { title: BOT_LABELS.colTotalOrders, dataIndex: 'trades' },
];
