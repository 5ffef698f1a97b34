/**
 * 'Confirm Stop Cycle' (SPEC sections 2, 4, 8): Stop cancels the resting order and keeps what
 * is held; once the round has bought (last_bought_price present) 'Stop & Sell' also sells it.
 */
import { Typography } from 'antd';
import type { LiveCycle } from '../../../common/api/cycles';
import { CYCLE_LABELS } from '../../../common/messages';
import { api } from '../../api/client';
import { StopDialog } from '../../components/runnables/StopDialog';
import { STOP_MESSAGES, STOP_SELL_MESSAGES } from './cycleErrors';
import { cyclePair } from './cycleFormat';
import { useCycleCommand } from './useCycleCommand';

export function StopCycleModal({ cycle, onClose }: { cycle: LiveCycle; onClose: () => void }) {
  const stop = useCycleCommand(() => api.cycles.stop({ cycle_id: cycle.id }), STOP_MESSAGES, onClose);
  const stopAndSell = useCycleCommand(() => api.cycles.stopAndSell({ cycle_id: cycle.id }), STOP_SELL_MESSAGES, onClose);
  const bought = !!cycle.last_bought_price;
  return (
    <StopDialog
      title={CYCLE_LABELS.stopTitle}
      open
      onClose={onClose}
      labels={CYCLE_LABELS}
      stop={stop}
      stopAndSell={bought ? stopAndSell : null}
    >
      <Typography.Paragraph strong>{cyclePair(cycle)}</Typography.Paragraph>
      <Typography.Paragraph>{CYCLE_LABELS.stopBody}</Typography.Paragraph>
      {bought && <Typography.Paragraph>{CYCLE_LABELS.stopSellBody}</Typography.Paragraph>}
    </StopDialog>
  );
}
