/** History's Cycle tab: the member's completed and stopped cycles, reloaded when one ends. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CycleHistoryRow } from '../../../common/api/cycles';
import { onBotEvent } from '../../api/bots';
import { api } from '../../api/client';
import { CYCLE_KEYS } from '../../api/cycles';
import { PagedHistoryTable } from './PagedHistoryTable';
import { CYCLE_HISTORY_COLUMNS } from './historyColumns';

async function fetchCycleHistory(): Promise<CycleHistoryRow[]> {
  try {
    return await api.cycles.history();
  } catch (error) {
    // Logged, then said on the tab with Retry: an empty table would read as no history.
    console.error('History: cycle failed', error);
    throw error;
  }
}

export function CycleHistoryTable() {
  const queryClient = useQueryClient();
  const rows = useQuery({ queryKey: CYCLE_KEYS.history, queryFn: fetchCycleHistory });
  useEffect(
    () =>
      onBotEvent((event) => {
        if (event.kind === 'cycle.completed' || event.kind === 'cycle.stopped') {
          void queryClient.invalidateQueries({ queryKey: CYCLE_KEYS.history });
        }
      }),
    [queryClient],
  );
  return <PagedHistoryTable query={rows} columns={CYCLE_HISTORY_COLUMNS} />;
}
