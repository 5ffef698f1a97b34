/** Start New Cycle's data (features, pairs, the pair's live price) and the start call. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BotCategory } from '../../../common/api/bots';
import type { StartCycleRequest } from '../../../common/api/cycles';
import { REFRESH_MS } from '../../../common/constants';
import { UI } from '../../../common/messages';
import { BOT_KEYS } from '../../api/bots';
import { api } from '../../api/client';
import { CYCLE_KEYS } from '../../api/cycles';
import { useMessage } from '../../app/feedback';
import { startCycleErrorMessage } from './cycleErrors';

export function useStartCycleData(pair: string | undefined, category: BotCategory | undefined) {
  const features = useQuery({ queryKey: BOT_KEYS.features, queryFn: () => api.bots.features() });
  // Same key and refresh as the header's list and Start New Bot's (SPEC section 2, Layout).
  const pairs = useQuery({
    queryKey: ['market', 'symbolPairs'],
    queryFn: () => api.market.symbolPairs(),
    refetchInterval: REFRESH_MS,
  });
  const future = category === 'Future';
  const livePrice = useQuery({
    queryKey: ['market', 'livePrice', future ? 'Future' : 'Spot', pair],
    queryFn: () => (future ? api.market.futureLivePrice({ pair: pair! }) : api.market.livePrice({ pair: pair! })),
    enabled: !!pair,
  });
  return {
    futuresEnabled: features.data?.futuresEnabled === true,
    pairs: pairs.data?.pairs ?? [],
    /** For the pair Select's loading and failed states. */
    pairsQuery: pairs,
    livePrice,
  };
}

/** Sends the form as it is: the server checks it and its refusal is what the member reads (SPEC section 5). */
export function useStartCycle() {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StartCycleRequest) => api.cycles.start(request),
    onSuccess: async () => {
      message.success(UI.cycleStarting);
      await queryClient.invalidateQueries({ queryKey: CYCLE_KEYS.live });
    },
    onError: (error) => {
      message.error(startCycleErrorMessage(error));
    },
  });
}
