/** One member command on a live cycle (edit, stop, stop & sell): its toasts (SPEC section 8), then the lists reload. */
import { CYCLE_KEYS } from '../../api/cycles';
import { useRunnableCommand } from '../../hooks/useRunnableCommand';
import { commandErrorMessage, type CommandMessages } from './cycleErrors';

export function useCycleCommand<T>(
  run: (input: T) => Promise<unknown>,
  messages: CommandMessages,
  onDone: () => void,
  onRefused?: (error: unknown) => void,
) {
  // A stopped cycle leaves the live list for History's Cycle tab.
  return useRunnableCommand({
    run,
    success: messages.success,
    failure: (error) => commandErrorMessage(error, messages),
    reloads: CYCLE_KEYS.all,
    onDone,
    onRefused,
  });
}
