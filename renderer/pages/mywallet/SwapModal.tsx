/**
 * Sells one spot asset into USDT (SPEC sections 2, 5, 8: Swap). Max and the amount rule stop at
 * what is free; when running bots or cycles hold the coin, the member is asked first, with who
 * holds how much, before the swap is sent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Typography } from 'antd';
import type { WalletAsset } from '../../../common/api/exchange';
import { EXCHANGE_LABELS, SERVER } from '../../../common/messages';
import { api } from '../../api/client';
import { EXCHANGE_KEYS } from '../../api/exchange';
import { swapErrorMessage } from '../../api/exchangeErrors';
import { useMessage } from '../../app/feedback';
import { AmountField } from './AmountField';
import { assetBalance } from './assetBalance';
import { atHandOf, heldByBots, type AtHand } from './atHand';
import { swapSchema } from './walletSchemas';

interface Props {
  asset: WalletAsset | null;
  onClose: () => void;
}

function HeldBy({ asset }: { asset: WalletAsset }) {
  return (
    <>
      <Typography.Paragraph>{EXCHANGE_LABELS.swapHeldBody(asset.asset)}</Typography.Paragraph>
      <ul>
        {(asset.holders ?? []).map((h) => (
          <li key={`${h.kind}:${h.id}`}>
            {EXCHANGE_LABELS.holder(h.kind, h.label, assetBalance(asset.asset, h.amount), asset.asset)}
          </li>
        ))}
      </ul>
      <Typography.Paragraph type="secondary">{EXCHANGE_LABELS.swapHeldNote}</Typography.Paragraph>
    </>
  );
}

/** The asset's balance, and what of it is free and what bots hold when they hold some. */
function SwapBalance({ asset, atHand }: { asset: WalletAsset; atHand: AtHand }) {
  return (
    <Typography.Paragraph type="secondary">
      {EXCHANGE_LABELS.swapBalance(assetBalance(asset.asset, asset.balance), asset.asset)}
      {heldByBots(atHand) && (
        <>
          <br />
          {EXCHANGE_LABELS.freeAndInBots(
            assetBalance(asset.asset, atHand.free),
            assetBalance(asset.asset, atHand.inBots),
            asset.asset,
          )}
        </>
      )}
    </Typography.Paragraph>
  );
}

/** Sends the swap, asking first when running bots or cycles hold the coin; the holder renders that question. */
function useSwap(onClose: () => void) {
  const [modal, modalHolder] = Modal.useModal();
  const message = useMessage();
  const queryClient = useQueryClient();
  const swap = useMutation({
    mutationFn: ({ symbol, amount }: { symbol: string; amount: string }) => api.wallet.swap({ asset: symbol, amount }),
    onSuccess: async () => {
      message.success(SERVER.swapSuccessful);
      onClose();
      await queryClient.invalidateQueries({ queryKey: EXCHANGE_KEYS.wallet });
    },
    onError: (error) => {
      message.error(swapErrorMessage(error));
    },
  });

  const submit = (current: WalletAsset, amount: string) => {
    const send = () => swap.mutate({ symbol: current.asset, amount });
    if ((current.holders ?? []).length === 0) return send();
    modal.confirm({
      title: EXCHANGE_LABELS.swapHeldTitle(current.asset),
      content: <HeldBy asset={current} />,
      okText: EXCHANGE_LABELS.swapAnyway,
      okButtonProps: { danger: true },
      onOk: send,
    });
  };

  return { submit, swapping: swap.isPending, modalHolder };
}

export function SwapModal({ asset, onClose }: Props) {
  const [form] = Form.useForm<{ amount: string }>();
  const { submit, swapping, modalHolder } = useSwap(onClose);
  const atHand = atHandOf(asset ?? undefined, asset?.balance);
  const schema = swapSchema(() => ({ name: asset?.asset ?? '', balance: asset?.balance ?? '0', atHand }));
  return (
    <>
      {modalHolder}
      <Modal
        title={asset ? EXCHANGE_LABELS.swapTitle(asset.asset) : EXCHANGE_LABELS.swap}
        open={asset !== null}
        onCancel={onClose}
        okText={EXCHANGE_LABELS.swap}
        onOk={() => form.submit()}
        confirmLoading={swapping}
        destroyOnHidden
      >
        {asset && (
          <>
            <SwapBalance asset={asset} atHand={atHand} />
            <Form form={form} layout="vertical" requiredMark={false} onFinish={({ amount }) => submit(asset, amount.trim())}>
              <AmountField form={form} schema={schema} suffix={asset.asset} max={atHand.free} />
            </Form>
          </>
        )}
      </Modal>
    </>
  );
}
