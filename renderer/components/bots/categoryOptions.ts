/**
 * The category choices of Start New Bot and Start New Cycle: Spot, and Future once support staff
 * switched futures on (shown as coming soon, and not selectable, until then).
 */
import type { BotCategory } from '../../../common/api/bots';
import { START_BOT_LABELS } from '../../../common/messages';

export function categoryOptions(futuresEnabled: boolean): { value: BotCategory; label: string; disabled?: boolean }[] {
  return [
    { value: 'Spot', label: 'Spot' },
    futuresEnabled
      ? { value: 'Future', label: 'Future' }
      : { value: 'Future', label: START_BOT_LABELS.comingSoonOption('Future'), disabled: true },
  ];
}
