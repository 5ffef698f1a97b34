/** Sells one spot asset into USDT (SPEC sections 2, 5, 8: Swap). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Typography } from 'antd';
import type { WalletAsset } from '../../../common/api/exchange';
import { EXCHANGE_LABELS, SERVER } from '../../../common/messages';
import { EXCHANGE_KEYS, walletApi } from '../../api/exchange';
import { swapErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { yupRule } from '../../hooks/yupRule';
import { MaxAmountButton } from './MaxAmountButton';
import { swapSchema } from './walletSchemas';
import { assetBalance } from './assetBalance';

interface Props {
  asset: WalletAsset | null;
  onClose: () => void;
}

export function SwapModal({ asset, onClose }: Props) {
  const [form] = Form.useForm<{ amount: string }>();
  const message = useMessage();
  const queryClient = useQueryClient();
  const schema = swapSchema(() => asset?.balance ?? '0');
  const swap = useMutation({
    mutationFn: ({ symbol, amount }: { symbol: string; amount: string }) => walletApi.swap(symbol, amount),
    onSuccess: async () => {
      message.success(SERVER.swapSuccessful);
      onClose();
      await queryClient.invalidateQueries({ queryKey: EXCHANGE_KEYS.wallet });
    },
    onError: (error) => {
      message.error(swapErrorMessage(error));
    },
  });

  return (
    <Modal
      title={asset ? EXCHANGE_LABELS.swapTitle(asset.asset) : EXCHANGE_LABELS.swap}
      open={asset !== null}
      onCancel={onClose}
      okText={EXCHANGE_LABELS.swap}
      onOk={() => form.submit()}
      confirmLoading={swap.isPending}
      destroyOnHidden
    >
      {asset && (
        <>
          <Typography.Paragraph type="secondary">{EXCHANGE_LABELS.swapBalance(assetBalance(asset.asset, asset.balance), asset.asset)}</Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={({ amount }) => swap.mutate({ symbol: asset.asset, amount: amount.trim() })}
          >
            <Form.Item label={EXCHANGE_LABELS.amount} required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item name="amount" noStyle rules={[yupRule(schema, 'amount')]}>
                  <Input inputMode="decimal" aria-label={EXCHANGE_LABELS.amount} suffix={asset.asset} />
                </Form.Item>
                <MaxAmountButton form={form} amount={asset.balance} />
              </div>
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
