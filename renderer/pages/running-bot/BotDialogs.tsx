/** The Running Bot's edit and stop dialogs, one open at a time (the side panel opens them). */
import type { BotInfo } from '../../../common/api/bots';
import { ProfitBookDialog } from './ProfitBookDialog';
import { ProtectionDialog } from './ProtectionDialog';
import type { BotDialog } from './SidePanel';
import { SltpDialog } from './SltpDialog';
import { StopBotDialog } from './StopBotDialog';
import type { RunningBotData } from './useRunningBot';

interface Props {
  id: string;
  bot: BotInfo;
  data: RunningBotData;
  open: BotDialog | null;
  onClose: () => void;
}

export function BotDialogs({ id, bot, data, open, onClose }: Props) {
  return (
    <>
      <SltpDialog
        id={id}
        open={open === 'sltp'}
        onClose={onClose}
        livePrice={bot.liveprice}
        tickSize={bot.tickSize}
        values={data.sltp}
      />
      <ProtectionDialog
        id={id}
        open={open === 'protection'}
        onClose={onClose}
        totalGrid={bot.total_grid}
        value={data.protection?.is_protection_active ? data.protection.protection_grid_at : null}
      />
      <ProfitBookDialog id={id} open={open === 'profitBook'} onClose={onClose} value={data.profitBook} />
      <StopBotDialog id={id} open={open === 'stop'} onClose={onClose} />
    </>
  );
}
