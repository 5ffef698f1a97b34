/**
 * Moves USDT between spot and futures (SPEC sections 2, 4, 5, 8: Wallet transfer). Offers only the
 * source side's free USDT: what its running bots and cycles hold is shown beside it, not offered.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Segmented, Typography } from 'antd';
import { useState } from 'react';
import type { TransferDirection } from '../../../common/api/exchange';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS, SERVER, TEXT } from '../../../common/messages';
import { EXCHANGE_KEYS, walletApi } from '../../api/exchange';
import { transferErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { yupRule } from '../../hooks/yupRule';
import { MaxAmountButton } from './MaxAmountButton';
import { transferSchema } from './walletSchemas';
import type { AtHand } from './atHand';

interface Props {
  open: boolean;
  onClose: () => void;
  spot: AtHand;
  futures: AtHand;
}

export function TransferModal({ open, onClose, spot, futures }: Props) {
  const [form] = Form.useForm<{ amount: string }>();
  const [direction, setDirection] = useState<TransferDirection>('SpotToFutures');
  const message = useMessage();
  const queryClient = useQueryClient();
  const source = direction === 'SpotToFutures' ? spot : futures;
  const schema = transferSchema(() => source);

  const transfer = useMutation({
    mutationFn: (amount: string) => walletApi.transfer(direction, amount),
    onSuccess: async () => {
      message.success(SERVER.transferSuccessful);
      form.resetFields();
      onClose();
      await queryClient.invalidateQueries({ queryKey: EXCHANGE_KEYS.wallet });
    },
    onError: (error) => {
      message.error(transferErrorMessage(error));
    },
  });

  const toggle = (next: TransferDirection) => {
    setDirection(next);
    // The limit just changed; re-check an amount the member already typed.
    if (form.isFieldTouched('amount')) setTimeout(() => void form.validateFields(['amount']).catch(() => undefined));
  };

  return (
    <Modal
      title={EXCHANGE_LABELS.transfer}
      open={open}
      onCancel={onClose}
      okText={EXCHANGE_LABELS.transfer}
      onOk={() => form.submit()}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <Segmented<TransferDirection>
        block
        value={direction}
        onChange={toggle}
        options={[
          { label: EXCHANGE_LABELS.spotToFutures, value: 'SpotToFutures' },
          { label: EXCHANGE_LABELS.futuresToSpot, value: 'FuturesToSpot' },
        ]}
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph type="secondary">
        {source.free === null
          ? TEXT.noData
          : source.inBots === null
            ? EXCHANGE_LABELS.available(formatUsdt(source.free))
            : EXCHANGE_LABELS.freeAndInBots(formatUsdt(source.free), formatUsdt(source.inBots), 'USDT')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ amount }) => transfer.mutate(amount.trim())} requiredMark={false}>
        <Form.Item label={EXCHANGE_LABELS.amount} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="amount" noStyle rules={[yupRule(schema, 'amount')]}>
              <Input inputMode="decimal" aria-label={EXCHANGE_LABELS.amount} suffix="USDT" />
            </Form.Item>
            <MaxAmountButton form={form} amount={source.free} />
          </div>
        </Form.Item>
      </Form>
    </Modal>
  );
}
