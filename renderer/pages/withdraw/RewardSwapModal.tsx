/**
 * Moves USDT rewards into the USDT wallet (SPEC sections 2 and 5: reward swap). The amount is
 * checked against the reward balance shown; the service's msg is shown either way.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { rewardSwapFormSchema } from '../../../common/schemas/billing';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { money } from '../../components/billing/format';
import { yupRule } from '../../hooks/yupRule';

interface Props {
  open: boolean;
  balance: string;
  onClose: () => void;
}

export function RewardSwapModal({ open, balance, onClose }: Props) {
  const [form] = Form.useForm<{ amount: string }>();
  const message = useMessage();
  const queryClient = useQueryClient();
  const swap = useMutation({
    mutationFn: (amount: string) => api.billing.swapReward({ amount }),
    onSuccess: (reply) => {
      void message.success(reply.message);
      onClose();
    },
    onError: (error) => void message.error(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BILLING_KEYS.userData }),
  });
  return (
    <Modal
      title={ACCOUNT_LABELS.swapRewardsTitle}
      open={open}
      onCancel={onClose}
      okText={ACCOUNT_LABELS.swap}
      onOk={() => form.submit()}
      confirmLoading={swap.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{ACCOUNT_LABELS.rewardBalance(money(balance))}</Typography.Paragraph>
      <Form
        form={form}
        name="rewardSwap"
        layout="vertical"
        requiredMark={false}
        onFinish={({ amount }) => swap.mutate(amount.trim())}
      >
        <Form.Item name="amount" label={ACCOUNT_LABELS.swapAmount} rules={[yupRule(rewardSwapFormSchema(balance), 'amount')]}>
          <Input inputMode="decimal" suffix="USDT" aria-label={ACCOUNT_LABELS.swapAmount} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
