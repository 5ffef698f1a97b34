/**
 * The Wallet's data: both USDT balances and both asset lists, refreshed every 10 s while visible,
 * with what is free and what running bots and cycles hold, and whether a request failed (the page
 * then says so and offers Retry instead of showing zeros).
 */
import { useQuery } from '@tanstack/react-query';
import { REFRESH_MS } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';
import { atHandOf, usable } from './atHand';

// react-query pauses refetchInterval while the document is hidden (refetchIntervalInBackground off).
const live = { refetchInterval: REFRESH_MS } as const;

export function useWallet() {
  const spot = useQuery({ queryKey: [...EXCHANGE_KEYS.wallet, 'spotBalance'], queryFn: () => api.wallet.spotBalance(), ...live });
  const futures = useQuery({
    queryKey: [...EXCHANGE_KEYS.wallet, 'futuresBalance'],
    queryFn: () => api.wallet.futuresBalance(),
    ...live,
  });
  const spotAssets = useQuery({
    queryKey: [...EXCHANGE_KEYS.wallet, 'spotAssets'],
    queryFn: () => api.wallet.spotAssets(),
    ...live,
  });
  const futuresAssets = useQuery({
    queryKey: [...EXCHANGE_KEYS.wallet, 'futuresAssets'],
    queryFn: () => api.wallet.futuresAssets(),
    ...live,
  });

  const spotUsdt = usable(spot.data?.spotusdtAmount);
  const futuresUsdt = usable(futures.data?.futuresusdtAmount);
  const balancesError = spot.error ?? futures.error;
  return {
    spotUsdt,
    futuresUsdt,
    spotAtHand: atHandOf(spot.data, spot.data?.spotusdtAmount),
    futuresAtHand: atHandOf(futures.data, futures.data?.futuresusdtAmount),
    // A total of one side only would mislead: it needs both.
    totalUsdt: spotUsdt !== null && futuresUsdt !== null ? new Decimal(spotUsdt).plus(futuresUsdt).toFixed() : null,
    loading: spot.isPending || futures.isPending,
    balancesError: balancesError ?? null,
    retryBalances: () => void Promise.all([spot.refetch(), futures.refetch()]),
    // Undefined while loading or after a failure: the tables show a skeleton or the error, not an empty list.
    spotAssets: spotAssets.data,
    futuresAssets: futuresAssets.data,
    spotAssetsError: spotAssets.error ?? null,
    futuresAssetsError: futuresAssets.error ?? null,
    retrySpotAssets: () => void spotAssets.refetch(),
    retryFuturesAssets: () => void futuresAssets.refetch(),
  };
}
