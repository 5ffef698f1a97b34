/** 'make payment' and 'sync status' (SPEC section 2). Sync shows the server's msg on either outcome (SPEC section 8). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';

interface Props {
  disabled: boolean;
  listening: boolean;
  listenBusy: boolean;
  onListen: () => void;
}

export function DepositActions({ disabled, listening, listenBusy, onListen }: Props) {
  const message = useMessage();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => api.billing.depositSync(),
    onSuccess: (reply) => void message.success(reply.message),
    onError: (error) => void message.error(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.deposits });
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.userData });
    },
  });
  return (
    <Space wrap>
      <Button type="primary" disabled={disabled || listening} loading={listenBusy} onClick={onListen}>
        {ACCOUNT_LABELS.makePayment}
      </Button>
      <Button disabled={disabled} loading={sync.isPending} onClick={() => sync.mutate()}>
        {ACCOUNT_LABELS.syncStatus}
      </Button>
    </Space>
  );
}
