/**
 * A running bot's data (SPEC sections 3, 4, 7): info, order book, purchased quantity, SL/TP,
 * protection, profit book and, for futures, the liquidation price. Everything refreshes every
 * 10 s and at once when main pushes an event about this bot; a stopped bot no longer changes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REFRESH_MS } from '../../../common/constants';
import { BOT_KEYS, onBotEvent } from '../../api/bots';
import { api } from '../../api/client';

export function useRunningBot(id: string) {
  const queryClient = useQueryClient();
  const key = BOT_KEYS.bot(id);
  const info = useQuery({
    queryKey: [...key, 'info'],
    queryFn: () => api.bots.info({ botID: id }),
    refetchInterval: (query) => (query.state.data?.status === 'Stopped' ? false : REFRESH_MS),
  });
  const live = info.data !== undefined && info.data.status !== 'Stopped';
  const refresh = { refetchInterval: live ? REFRESH_MS : false, enabled: info.data !== undefined } as const;
  const orderBook = useQuery({ queryKey: [...key, 'orderBook'], queryFn: () => api.bots.orderBook({ botID: id }), ...refresh });
  const purchased = useQuery({
    queryKey: [...key, 'purchasedQty'],
    queryFn: () => api.bots.purchasedQty({ botID: id }),
    ...refresh,
  });
  const sltp = useQuery({ queryKey: [...key, 'sltp'], queryFn: () => api.bots.sltp({ botID: id }), ...refresh });
  const protection = useQuery({
    queryKey: [...key, 'protection'],
    queryFn: () => api.bots.protection({ botID: id }),
    ...refresh,
  });
  const profitBook = useQuery({
    queryKey: [...key, 'profitBook'],
    queryFn: () => api.bots.profitBook({ botID: id }),
    ...refresh,
  });
  const position = useQuery({
    queryKey: [...key, 'position'],
    queryFn: () => api.bots.position({ botID: id }),
    ...refresh,
    enabled: info.data?.category === 'Future',
  });

  useEffect(
    () =>
      onBotEvent((event) => {
        if ('botID' in event && event.botID === id) void queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(id) });
      }),
    [id, queryClient],
  );

  // The side panel's settings: any that could not be read is said, not shown as a dash.
  const settings = [sltp, protection, profitBook, position];
  return {
    info,
    orders: orderBook.data?.orders ?? [],
    ordersLoading: orderBook.isPending && info.data !== undefined,
    ordersFailed: orderBook.isError && orderBook.data === undefined,
    retryOrders: () => orderBook.refetch(),
    settingsFailed: settings.some((q) => q.isError && q.data === undefined),
    retrySettings: () => Promise.all(settings.filter((q) => q.isError).map((q) => q.refetch())),
    purchased: purchased.data,
    sltp: sltp.data,
    protection: protection.data,
    profitBook: profitBook.data?.profitbookat ?? null,
    liquidationPrice: position.data?.liquidationPrice ?? null,
  };
}

export type RunningBotData = ReturnType<typeof useRunningBot>;
