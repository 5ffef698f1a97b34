/**
 * The Dashboard's data (SPEC sections 4 and 7): the disclaimer check, and pichart, botstatus and
 * totalprofitbookdata fetched together every 10 s and at once on a bot event, but only while
 * the disclaimer is not showing. Failures are only logged (SPEC section 8): a part that fails
 * keeps what it last showed, or shows nothing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DisclaimerCheckResponse, LiveBot, PieChartResponse, TotalProfitBookResponse } from '../../../common/api/bots';
import { REFRESH_MS } from '../../../common/constants';
import { BOT_KEYS, onBotEvent } from '../../api/bots';
import { api } from '../../api/client';

export const DISCLAIMER_KEY = [...BOT_KEYS.dashboard, 'disclaimer'] as const;
export const DASHBOARD_DATA_KEY = [...BOT_KEYS.dashboard, 'data'] as const;

export interface DashboardData {
  pie: PieChartResponse | null;
  bots: LiveBot[] | null;
  profit: TotalProfitBookResponse | null;
}

function settledValue<T>(result: PromiseSettledResult<T>, previous: T | null | undefined, what: string): T | null {
  if (result.status === 'fulfilled') return result.value;
  console.error(`Dashboard: ${what} failed`, result.reason);
  return previous ?? null;
}

function useDisclaimer() {
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: DISCLAIMER_KEY,
    queryFn: async () => {
      try {
        return await api.dashboard.disclaimerCheck();
      } catch (error) {
        // SPEC section 8: a failed check shows the disclaimer.
        console.error('Dashboard: disclaimer check failed', error);
        return { agreed: false } satisfies DisclaimerCheckResponse;
      }
    },
    staleTime: Infinity,
  });
  const agree = useMutation({
    mutationFn: () => api.dashboard.disclaimer({ disclaimerAgree: true }),
    onError: (error) => console.error('Dashboard: disclaimer agreement failed', error),
    // The member agreed: close it either way; the server asks again next time if it did not store it.
    onSettled: () => queryClient.setQueryData<DisclaimerCheckResponse>(DISCLAIMER_KEY, { agreed: true }),
  });
  return { showing: check.data?.agreed === false, checked: check.isSuccess, agree };
}

export function useDashboard() {
  const queryClient = useQueryClient();
  const disclaimer = useDisclaimer();
  const refreshing = disclaimer.checked && !disclaimer.showing;
  const data = useQuery({
    queryKey: DASHBOARD_DATA_KEY,
    queryFn: async (): Promise<DashboardData> => {
      const previous = queryClient.getQueryData<DashboardData>(DASHBOARD_DATA_KEY);
      const [pie, bots, profit] = await Promise.allSettled([
        api.dashboard.pieChart(),
        api.bots.status(),
        api.dashboard.totalProfit(),
      ]);
      return {
        pie: settledValue(pie, previous?.pie, 'pichart'),
        bots: settledValue(bots, previous?.bots, 'botstatus'),
        profit: settledValue(profit, previous?.profit, 'totalprofitbookdata'),
      };
    },
    // The first load happens under the popup too; refreshing waits for Agree.
    refetchInterval: refreshing ? REFRESH_MS : false,
  });

  useEffect(() => {
    if (!refreshing) return undefined;
    return onBotEvent(() => void queryClient.invalidateQueries({ queryKey: DASHBOARD_DATA_KEY }));
  }, [refreshing, queryClient]);

  return { disclaimer, loading: data.isPending, data: data.data ?? null, retry: () => data.refetch() };
}
