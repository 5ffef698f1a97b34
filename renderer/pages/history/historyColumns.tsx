/** The History tables' columns (SPEC section 2, History; section 3, History row), and what the Cycle tab adds. */
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BotHistoryRow } from '../../../common/api/bots';
import type { CycleHistoryRow } from '../../../common/api/cycles';
import { SYSTEM_STRATEGY_NAME } from '../../../common/constants';
import { BOT_LABELS, CYCLE_LABELS, TEXT } from '../../../common/messages';
import { pairLabel } from '../../../common/pairs';
import { SymbolIcon } from '../../components/bots/SymbolIcon';
import { SignedValue } from '../../components/SignedValue';
import { frozenFirst, numeric } from '../../components/states';
import {
  formatDateTime,
  formatPercent,
  formatPrice,
  formatRuntime,
  formatRuntimeDays,
  formatUsdt,
  secondsBetween,
} from '../../../common/format';
import { type CycleStopReason, cycleStopReasonText } from '../../../common/api/stop-reasons';

/** The fields every History row has, a bot's or a cycle's. */
export type HistoryRowCore = Omit<BotHistoryRow, 'stopReason'>;

/** 'NA' when the bot booked no loss (SPEC: loss book 'NA' if none). */
export function lossBookText(lossbook: string | null | undefined): string {
  if (lossbook === null || lossbook === undefined || lossbook === '' || lossbook === TEXT.notApplicable)
    return TEXT.notApplicable;
  return formatUsdt(lossbook, TEXT.notApplicable);
}

/**
 * How long the bot ran, from its start to its stop ('2d 4h', '13m'); the API's whole days when
 * a time is missing. A row without a stop time counts to now.
 */
export function runtimeText(
  row: Pick<HistoryRowCore, 'botstarttime' | 'botstoptime' | 'runtime'>,
  now: Date = new Date(),
): string {
  const seconds = secondsBetween(row.botstarttime, row.botstoptime, now);
  return seconds === null ? formatRuntimeDays(row.runtime) : formatRuntime(seconds);
}

export function strategyText(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : SYSTEM_STRATEGY_NAME;
}

/**
 * SPEC's columns, for any row that has them. The symbol stays on the left while the rest scroll
 * sideways; figures, times and prices keep to one line, right-aligned.
 */
export function historyColumns<T extends HistoryRowCore>(): ColumnsType<T> {
  const num = numeric<T>;
  return frozenFirst<T>([
    {
      title: BOT_LABELS.colSymbol,
      width: 150,
      dataIndex: 'symbol',
      render: (symbol: string) => (
        <Space size="small">
          <SymbolIcon symbol={symbol} size={24} />
          {pairLabel(symbol)}
        </Space>
      ),
    },
    { title: BOT_LABELS.colStrategy, dataIndex: 'strategy_name', render: strategyText },
    num({ title: BOT_LABELS.colRuntime, key: 'runtime', render: (_: unknown, row: T) => runtimeText(row) }),
    num({ title: BOT_LABELS.colInvestment, dataIndex: 'investment', render: (v: string) => formatUsdt(v) }),
    num({ title: BOT_LABELS.colProfitBook, dataIndex: 'profit', render: (v: string) => <SignedValue value={v} /> }),
    num({
      title: BOT_LABELS.colLossBook,
      dataIndex: 'lossbook',
      render: (v: string) => <SignedValue value={v}>{lossBookText(v)}</SignedValue>,
    }),
    num({ title: BOT_LABELS.colTotalPnl, dataIndex: 'totalpnl', render: (v: string) => <SignedValue value={v} /> }),
    num({
      title: BOT_LABELS.colRoi,
      dataIndex: 'roi',
      render: (v: string) => <SignedValue value={v}>{formatPercent(v)}</SignedValue>,
    }),
    num({ title: BOT_LABELS.colStartTime, dataIndex: 'botstarttime', render: (v: string) => formatDateTime(v) }),
    num({ title: BOT_LABELS.colStopTime, dataIndex: 'botstoptime', render: (v: string | null) => formatDateTime(v) }),
    num({ title: BOT_LABELS.colClosedPrice, dataIndex: 'stopAt', render: (v: string | null) => formatPrice(v) }),
    num({ title: BOT_LABELS.colTotalOrders, dataIndex: 'trades' }),
  ]);
}

export const HISTORY_COLUMNS: ColumnsType<BotHistoryRow> = historyColumns<BotHistoryRow>();

/** Why a cycle stopped, in the member's words (the bots' words for the reasons they share). */
function cycleStopText(reason: CycleStopReason | null | undefined): string | null {
  return reason ? cycleStopReasonText(reason) : null;
}

function CycleStatus({ row }: { row: CycleHistoryRow }) {
  const why = row.status === 'Stopped' ? cycleStopText(row.stopReason) : null;
  return (
    <div>
      <Typography.Text type={row.status === 'Completed' ? 'success' : undefined}>{row.status}</Typography.Text>
      {why && (
        <div>
          <Typography.Text type="secondary">{why}</Typography.Text>
        </div>
      )}
    </div>
  );
}

/** The Cycle tab: SPEC's columns, then the rounds done of the count and how the cycle ended. */
export const CYCLE_HISTORY_COLUMNS: ColumnsType<CycleHistoryRow> = [
  ...historyColumns<CycleHistoryRow>(),
  {
    title: CYCLE_LABELS.colCycles,
    key: 'cycles',
    align: 'right',
    onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    render: (_: unknown, row: CycleHistoryRow) => `${row.cycles_completed}/${row.no_of_cycle}`,
  },
  { title: CYCLE_LABELS.colStatus, key: 'status', render: (_: unknown, row: CycleHistoryRow) => <CycleStatus row={row} /> },
];
