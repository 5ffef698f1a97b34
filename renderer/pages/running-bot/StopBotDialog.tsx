/** Confirm Stop Bot (SPEC sections 2, 4, 8): Stop or Stop & Sell, then the dashboard. */
import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { RUNNING_BOT_LABELS, UI } from '../../../common/messages';
import { ROUTES } from '../../../common/routes';
import { botsApi } from '../../api/bots';
import { useBotCommand } from './useBotCommand';

export function StopBotDialog({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const toDashboard = () => navigate(ROUTES.dashboard);
  const stop = useBotCommand(id, () => botsApi.stop(id), { success: UI.botStopped, failure: UI.botStopError }, toDashboard);
  const stopAndSell = useBotCommand(
    id,
    () => botsApi.stopAndSell(id),
    { success: UI.botStoppedSold, failure: UI.botStopSellError },
    toDashboard,
  );
  const busy = stop.isPending || stopAndSell.isPending;
  return (
    <Modal
      title={RUNNING_BOT_LABELS.stopTitle}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={busy}>
          {RUNNING_BOT_LABELS.cancel}
        </Button>,
        <Button key="stop" danger onClick={() => stop.mutate(undefined)} loading={stop.isPending} disabled={busy}>
          {RUNNING_BOT_LABELS.stop}
        </Button>,
        <Button
          key="sell"
          type="primary"
          danger
          onClick={() => stopAndSell.mutate(undefined)}
          loading={stopAndSell.isPending}
          disabled={busy}
        >
          {RUNNING_BOT_LABELS.stopAndSell}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{RUNNING_BOT_LABELS.stopBody}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{RUNNING_BOT_LABELS.stopNote}</Typography.Paragraph>
    </Modal>
  );
}
