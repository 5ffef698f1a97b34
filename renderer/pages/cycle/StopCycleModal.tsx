/**
 * 'Confirm Stop Cycle' (SPEC sections 2, 4, 8): Stop cancels the resting order and keeps what
 * is held; once the round has bought (last_bought_price present) 'Stop & Sell' also sells it.
 */
import { Button, Modal, Typography } from 'antd';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { cyclesApi } from '../../api/cycles';
import { STOP_MESSAGES, STOP_SELL_MESSAGES } from './cycleErrors';
import { cyclePair } from './cycleFormat';
import { useCycleCommand } from './useCycleCommand';

export function StopCycleModal({ cycle, onClose }: { cycle: LiveCycle; onClose: () => void }) {
  const stop = useCycleCommand(() => cyclesApi.stop(cycle.id), STOP_MESSAGES, onClose);
  const stopAndSell = useCycleCommand(() => cyclesApi.stopAndSell(cycle.id), STOP_SELL_MESSAGES, onClose);
  const bought = !!cycle.last_bought_price;
  const busy = stop.isPending || stopAndSell.isPending;
  const buttons = [
    <Button key="cancel" onClick={onClose} disabled={busy}>
      {CYCLE_LABELS.cancel}
    </Button>,
    <Button key="stop" danger onClick={() => stop.mutate(undefined)} loading={stop.isPending} disabled={busy}>
      {CYCLE_LABELS.stop}
    </Button>,
  ];
  if (bought) {
    buttons.push(
      <Button
        key="sell"
        type="primary"
        danger
        onClick={() => stopAndSell.mutate(undefined)}
        loading={stopAndSell.isPending}
        disabled={busy}
      >
        {CYCLE_LABELS.stopAndSell}
      </Button>,
    );
  }
  return (
    <Modal title={CYCLE_LABELS.stopTitle} open onCancel={onClose} destroyOnHidden footer={buttons}>
      <Typography.Paragraph strong>{cyclePair(cycle)}</Typography.Paragraph>
      <Typography.Paragraph>{CYCLE_LABELS.stopBody}</Typography.Paragraph>
      {bought && <Typography.Paragraph>{CYCLE_LABELS.stopSellBody}</Typography.Paragraph>}
    </Modal>
  );
}
