/**
 * The member's live cycles: every 10 s (SPEC section 9) and at once when main reports a cycle
 * event (a completion, a stop, a failed order). A failed refresh is logged and the cards keep
 * what they last showed; a first load that fails is said, with Retry.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LiveCycle } from '../../../common/api/cycles';
import { REFRESH_MS } from '../../../common/constants';
import { onBotEvent } from '../../api/bots';
import { api } from '../../api/client';
import { CYCLE_KEYS, isCycleEvent } from '../../api/cycles';

export function useLiveCycles() {
  const queryClient = useQueryClient();
  const cycles = useQuery({
    queryKey: CYCLE_KEYS.live,
    queryFn: async (): Promise<LiveCycle[]> => {
      try {
        return await api.cycles.live();
      } catch (error) {
        console.error('Cycle page: livecycles failed', error);
        // react-query keeps the last cycles it read when a refresh fails.
        throw error;
      }
    },
    refetchInterval: REFRESH_MS,
  });
  useEffect(
    () =>
      onBotEvent((event) => {
        if (isCycleEvent(event)) void queryClient.invalidateQueries({ queryKey: CYCLE_KEYS.all });
      }),
    [queryClient],
  );
  return {
    cycles: cycles.data ?? [],
    loading: cycles.isPending && !cycles.isError,
    failed: cycles.isError && cycles.data === undefined,
    // A refresh failed after a success: the cards stay, said to be as of this time.
    staleSince: cycles.isError && cycles.data !== undefined ? cycles.dataUpdatedAt : null,
    retry: () => cycles.refetch(),
  };
}
