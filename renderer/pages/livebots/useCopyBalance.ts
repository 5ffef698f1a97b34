/**
 * The Copy BOTs dialog's available USDT: free USDT of the wallet the copy would trade from (spot,
 * or the USD-M futures wallet for a Future bot). Same queries as the wallet screen, so they share
 * its cache.
 */
import { useQuery } from '@tanstack/react-query';
import type { BotCategory } from '../../../common/api/bots';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';

/** The free USDT as a decimal string; null while loading or when it cannot be read (no keys bound). */
export function useCopyBalance(category: BotCategory): string | null {
  const future = category === 'Future';
  const spot = useQuery({
    queryKey: [...EXCHANGE_KEYS.wallet, 'spotBalance'],
    queryFn: () => api.wallet.spotBalance(),
    enabled: !future,
  });
  const futures = useQuery({
    queryKey: [...EXCHANGE_KEYS.wallet, 'futuresBalance'],
    queryFn: () => api.wallet.futuresBalance(),
    enabled: future,
  });
  return (future ? futures.data?.futuresusdtAmount : spot.data?.spotusdtAmount) ?? null;
}
