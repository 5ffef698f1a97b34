/**
 * The deposit listening window (SPEC section 4): 'make payment' asks the server to listen and
 * main saves the end in the desktop settings; on load the saved end is read back, so a reload
 * keeps counting; at 0 the window closes (and main forgets it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DepositWindow } from '../../../common/ipc/contract';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { orNull } from '../../components/billing/useBillingData';
import { useSecondsLeft } from '../../components/billing/useSecondsLeft';

const CLOSED: DepositWindow = { endsAt: null };

export function useDepositWindow() {
  const message = useMessage();
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: BILLING_KEYS.depositWindow,
    queryFn: async () => (await orNull('Deposit window', () => api.billing.depositWindow())) ?? CLOSED,
    staleTime: Infinity,
  });
  const endsAt = saved.data?.endsAt ?? null;
  const { left: secondsLeft, sync } = useSecondsLeft(endsAt);
  const set = (window: DepositWindow) => queryClient.setQueryData(BILLING_KEYS.depositWindow, window);

  const listen = useMutation({
    mutationFn: () => api.billing.depositListen(),
    onSuccess: (window) => {
      sync();
      set(window);
    },
    onError: (error) => void message.error(error.message),
  });
  const { mutate: close } = useMutation({
    mutationFn: () => api.billing.depositWindowClose(),
    onError: (error) => console.error('Deposit window: close failed', error),
    onSettled: () => set(CLOSED),
  });

  useEffect(() => {
    if (endsAt !== null && secondsLeft === 0) close();
  }, [endsAt, secondsLeft, close]);

  return { secondsLeft, listen: () => listen.mutate(), listenBusy: listen.isPending };
}
