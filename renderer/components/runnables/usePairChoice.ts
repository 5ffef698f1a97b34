/**
 * What every start form of a runnable reads to pick its pair: whether futures are on, the pairs
 * (refreshed as the header's list is, SPEC section 2, Layout, and under the same key), and the
 * picked pair's live price on the market of its category.
 */
import { useQuery } from '@tanstack/react-query';
import type { BotCategory } from '../../../common/api/bots';
import { REFRESH_MS } from '../../../common/constants';
import { BOT_KEYS } from '../../api/bots';
import { api } from '../../api/client';

export function usePairChoice(pair: string | undefined, category: BotCategory | undefined) {
  const features = useQuery({ queryKey: BOT_KEYS.features, queryFn: () => api.bots.features() });
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

export type PairChoice = ReturnType<typeof usePairChoice>;
