/** The Wallet's data: both USDT balances and both asset lists, refreshed every 10 s while visible. */
import { useQuery } from '@tanstack/react-query';
import { REFRESH_MS } from '../../../common/constants';
import { Decimal } from '../../../common/decimal';
import { EXCHANGE_KEYS, walletApi } from '../../api/exchange';

// react-query pauses refetchInterval while the document is hidden (refetchIntervalInBackground off).
const live = { refetchInterval: REFRESH_MS } as const;

export function useWallet() {
  const spot = useQuery({ queryKey: [...EXCHANGE_KEYS.wallet, 'spotBalance'], queryFn: walletApi.spotBalance, ...live });
  const futures = useQuery({ queryKey: [...EXCHANGE_KEYS.wallet, 'futuresBalance'], queryFn: walletApi.futuresBalance, ...live });
  const spotAssets = useQuery({ queryKey: [...EXCHANGE_KEYS.wallet, 'spotAssets'], queryFn: walletApi.spotAssets, ...live });
  const futuresAssets = useQuery({ queryKey: [...EXCHANGE_KEYS.wallet, 'futuresAssets'], queryFn: walletApi.futuresAssets, ...live });

  const spotUsdt = usable(spot.data?.spotusdtAmount);
  const futuresUsdt = usable(futures.data?.futuresusdtAmount);
  return {
    spotUsdt,
    futuresUsdt,
    // A total of one side only would mislead: it needs both.
    totalUsdt: spotUsdt !== null && futuresUsdt !== null ? new Decimal(spotUsdt).plus(futuresUsdt).toFixed() : null,
    loading: spot.isPending || futures.isPending,
    spotAssets: spotAssets.data ?? [],
    futuresAssets: futuresAssets.data ?? [],
    assetsLoading: spotAssets.isPending || futuresAssets.isPending,
  };
}

/** A balance the member can rely on, or null (shown as 'NO DATA'). */
function usable(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    return new Decimal(value).isFinite() ? value : null;
  } catch {
    return null;
  }
}
