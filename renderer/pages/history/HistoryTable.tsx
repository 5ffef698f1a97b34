/** A bots' History pane (Multigrid, and the scalping pane without a tab): its rows, reloaded when a bot stops. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BotHistoryRow } from '../../../common/api/bots';
import type { BotHistoryKind } from '../../api/bots';
import { BOT_KEYS, onBotEvent } from '../../api/bots';
import { api } from '../../api/client';
import { PagedHistoryTable } from './PagedHistoryTable';
import { HISTORY_COLUMNS } from './historyColumns';

async function fetchHistory(kind: BotHistoryKind): Promise<BotHistoryRow[]> {
  try {
    return await (kind === 'multigrid' ? api.bots.multigridHistory() : api.bots.scalpHistory());
  } catch (error) {
    // Logged, then said on the tab with Retry: an empty table would read as no history.
    console.error(`History: ${kind} failed`, error);
    throw error;
  }
}

export function HistoryTable({ kind }: { kind: BotHistoryKind }) {
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
  return <PagedHistoryTable query={rows} columns={HISTORY_COLUMNS} />;
}
