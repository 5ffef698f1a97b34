/**
 * The price ticker every signed-in screen shares: main's snapshot for the first paint, then
 * its `market:tickers` pushes written into the same query, so one subscription feeds the
 * ticker bar and the market chart alike.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TickerEntry, TickersResponse } from '../../common/api/exchange';
import { api } from '../api/client';
import { EXCHANGE_KEYS, onTickers } from '../api/exchange';

/** Newer entries replace older ones by symbol; the order of first appearance is kept. */
export function mergeTickers(previous: TickerEntry[], next: TickerEntry[]): TickerEntry[] {
  const bySymbol = new Map(previous.map((t) => [t.symbol, t]));
  for (const entry of next) bySymbol.set(entry.symbol, entry);
  return [...bySymbol.values()];
}

export function useLiveTickers(): TickerEntry[] {
  const queryClient = useQueryClient();
  const snapshot = useQuery({
    queryKey: EXCHANGE_KEYS.tickers,
    queryFn: () => api.market.tickers(),
    // Pushes keep it fresh; a refetch would only race them.
    staleTime: Infinity,
  });
  useEffect(
    () =>
      onTickers((tickers) =>
        queryClient.setQueryData<TickersResponse>(EXCHANGE_KEYS.tickers, (previous) => ({
          tickers: mergeTickers(previous?.tickers ?? [], tickers),
        })),
      ),
    [queryClient],
  );
  return snapshot.data?.tickers ?? [];
}
