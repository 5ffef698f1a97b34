/**
 * Withdraws USDT rewards to a BEP-20 address (SPEC section 5: the amount keeps only digits and
 * dots; 'Amount is required.', 'Address is required.'). Before submitting, the terms in force
 * (minimum, network fee, what arrives, the member's pending and daily counts) are shown and the
 * minimum is checked in the words the server would refuse with; a refusal is worded by its
 * reason (withdrawErrors.ts). Disabled (every field and the button) while the server cannot pay
 * out: the page says why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space, Typography } from 'antd';
import type { WithdrawalLimits } from '../../../common/api/billing';
import { ACCOUNT_LABELS } from '../../../common/messages';
import { withdrawAmountInput, withdrawFormSchema, withdrawRequestSchema } from '../../../common/schemas/billing';
import { BILLING_KEYS } from '../../api/billing';
import { api } from '../../api/client';
import { useMessage } from '../../app/feedback';
import { yupRule } from '../../hooks/yupRule';
import { withdrawBlockedReason } from './withdrawAvailability';
import { withdrawErrorMessage } from './withdrawErrors';
import { WithdrawTerms } from './WithdrawTerms';

interface Values {
  amount: string;
  toAddress: string;
}

interface Props {
  disabled?: boolean;
  /** The terms of the user data; until they arrive only the request's own rules apply (the server checks the rest). */
  limits?: WithdrawalLimits;
  /** The rewards available (usdtRewardToken): with none, or less than the minimum, the button is disabled. */
  rewards?: string | null;
}

export function WithdrawForm({ disabled = false, limits, rewards }: Props) {
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);
  const message = useMessage();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: ({ amount, toAddress }: Values) => api.billing.withdraw({ amount, toAddress }),
    onSuccess: (reply) => {
      void message.success(reply.message);
      form.resetFields();
    },
    onError: (error) => void message.error(withdrawErrorMessage(error, limits)),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.withdrawals });
      await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.userData });
    },
  });
  const blockedReason = withdrawBlockedReason(rewards, limits?.minimum);
  const amountSchema = limits ? withdrawFormSchema(limits.minimum, limits.fee) : withdrawRequestSchema;
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
        rules={[yupRule(amountSchema, 'amount')]}
      >
        <Input inputMode="decimal" suffix="USDT" aria-label={ACCOUNT_LABELS.colAmount} />
      </Form.Item>
      <Form.Item name="toAddress" label={ACCOUNT_LABELS.toAddress} required rules={[yupRule(withdrawRequestSchema, 'toAddress')]}>
        <Input placeholder="0x..." spellCheck={false} aria-label={ACCOUNT_LABELS.toAddress} />
      </Form.Item>
      {limits && (
        <Form.Item>
          <WithdrawTerms limits={limits} amount={amount} />
        </Form.Item>
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={withdraw.isPending} disabled={disabled || blockedReason !== null}>
          {ACCOUNT_LABELS.withdraw}
        </Button>
        {blockedReason && (
          <Typography.Text type="secondary" className="withdraw-blocked-reason">
            {blockedReason}
          </Typography.Text>
        )}
      </Space>
    </Form>
  );
}
