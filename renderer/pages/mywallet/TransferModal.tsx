/**
 * Moves USDT between spot and futures (SPEC sections 2, 4, 5, 8: Wallet transfer). Offers only the
 * source side's free USDT: what its running bots and cycles hold is shown beside it, not offered.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Segmented, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import type { TransferDirection } from '../../../common/api/exchange';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS, SERVER, TEXT } from '../../../common/messages';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';
import { transferErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { AmountField } from './AmountField';
import { transferSchema } from './walletSchemas';
import type { AtHand } from './atHand';

interface Props {
  open: boolean;
  onClose: () => void;
  spot: AtHand;
  futures: AtHand;
}

type AmountForm = FormInstance<{ amount: string }>;

/** Sends the transfer; on success the form empties, the dialog closes and the wallet reloads. */
function useTransfer(form: AmountForm, direction: TransferDirection, onClose: () => void) {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => api.wallet.transfer({ direction, amount }),
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
}

/** The source side's free USDT, and what its bots hold when that is known. */
function SourceBalance({ source }: { source: AtHand }) {
  return (
    <Typography.Paragraph type="secondary">
      {source.free === null
        ? TEXT.noData
        : source.inBots === null
          ? EXCHANGE_LABELS.available(formatUsdt(source.free))
          : EXCHANGE_LABELS.freeAndInBots(formatUsdt(source.free), formatUsdt(source.inBots), 'USDT')}
    </Typography.Paragraph>
  );
}

export function TransferModal({ open, onClose, spot, futures }: Props) {
  const [form] = Form.useForm<{ amount: string }>();
  const [direction, setDirection] = useState<TransferDirection>('SpotToFutures');
  const source = direction === 'SpotToFutures' ? spot : futures;
  const schema = transferSchema(() => source);
  const transfer = useTransfer(form, direction, onClose);

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
      <SourceBalance source={source} />
      <Form form={form} layout="vertical" onFinish={({ amount }) => transfer.mutate(amount.trim())} requiredMark={false}>
        <AmountField form={form} schema={schema} suffix="USDT" max={source.free} />
      </Form>
    </Modal>
  );
}
