/**
 * Withdraws USDT rewards to a BEP-20 address (SPEC section 5: the amount keeps only digits and
 * dots; 'Amount is required.', 'Address is required.'). The service's msg is shown either way.
 * Disabled (every field and the button) while the server cannot pay out: the page says why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { withdrawAmountInput, withdrawRequestSchema } from '../../../common/schemas/billing';
import { BILLING_KEYS, billingApi } from '../../api/billing';
import { yupRule } from '../../hooks/yupRule';

interface Values {
  amount: string;
  toAddress: string;
}

export function WithdrawForm({ disabled = false }: { disabled?: boolean }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: ({ amount, toAddress }: Values) => billingApi.withdraw(amount, toAddress),
    onSuccess: (reply) => {
      void message.success(reply.message);
      form.resetFields();
    },
    onError: (error) => void message.error(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.withdrawals });
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.userData });
    },
  });
  return (
    <Form<Values>
      form={form}
      name="withdraw"
      layout="vertical"
      disabled={disabled}
      style={{ maxWidth: 520 }}
      onFinish={({ amount, toAddress }) => withdraw.mutate({ amount: amount.trim(), toAddress: toAddress.trim() })}
    >
      <Form.Item
        name="amount"
        label={ACCOUNT_LABELS.colAmount}
        required
        normalize={(value: string | undefined) => withdrawAmountInput(value ?? '')}
        rules={[yupRule(withdrawRequestSchema, 'amount')]}
      >
        <Input inputMode="decimal" suffix="USDT" aria-label={ACCOUNT_LABELS.colAmount} />
      </Form.Item>
      <Form.Item name="toAddress" label={ACCOUNT_LABELS.toAddress} required rules={[yupRule(withdrawRequestSchema, 'toAddress')]}>
        <Input placeholder="0x..." spellCheck={false} aria-label={ACCOUNT_LABELS.toAddress} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={withdraw.isPending}>
        {ACCOUNT_LABELS.withdraw}
      </Button>
    </Form>
  );
}
