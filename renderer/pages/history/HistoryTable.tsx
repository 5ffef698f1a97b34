/** One History pane: the rows of one kind, 20 a page with at most five page numbers. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from 'antd';
import { useEffect, useState } from 'react';
import type { BotHistoryRow } from '../../../common/api/bots';
import { PAGE_SIZE_TABLES } from '../../../common/constants';
import type { BotHistoryKind } from '../../../common/ipc/contract';
import { TEXT } from '../../../common/messages';
import { BOT_KEYS, botsApi, onBotEvent } from '../../api/bots';
import { TablePager, pageCount } from '../../components/bots/TablePager';
import { HISTORY_COLUMNS } from './historyColumns';

/** History's panes: the bots' kinds, and the Cycle tab. */
export type HistoryKind = BotHistoryKind | 'cycle';

async function fetchHistory(kind: HistoryKind): Promise<BotHistoryRow[]> {
  try {
    if (kind === 'cycle') return (await botsApi.cycleHistory()).map((row) => ({ ...row, stopReason: null }));
    return await botsApi.history(kind);
  } catch (error) {
    // SPEC section 8: fetch failures are only logged; the table stays empty.
    console.error(`History: ${kind} failed`, error);
    return [];
  }
}

export function HistoryTable({ kind }: { kind: HistoryKind }) {
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: BOT_KEYS.history(kind), queryFn: () => fetchHistory(kind) });
  // A bot that stops while the page is open joins the list at once.
  useEffect(
    () =>
      onBotEvent((event) => {
        if (event.kind === 'bot.stopped') void queryClient.invalidateQueries({ queryKey: BOT_KEYS.history(kind) });
      }),
    [kind, queryClient],
  );
  const [page, setPage] = useState(1);
  const data = rows.data ?? [];
  const pages = pageCount(data.length, PAGE_SIZE_TABLES);
  const current = Math.min(page, pages);
  return (
    <>
      <Table<BotHistoryRow>
        rowKey="id"
        size="middle"
        columns={HISTORY_COLUMNS}
        dataSource={data.slice((current - 1) * PAGE_SIZE_TABLES, current * PAGE_SIZE_TABLES)}
        loading={rows.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: rows.isPending ? TEXT.loading : TEXT.noRecords }}
      />
      <TablePager page={current} pages={pages} onChange={setPage} />
    </>
  );
}
