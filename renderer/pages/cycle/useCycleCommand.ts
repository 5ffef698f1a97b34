/** One member command on a live cycle (edit, stop, stop & sell): its toasts (SPEC section 8), then the lists reload. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CYCLE_KEYS } from '../../api/cycles';
import { useMessage } from '../../app/feedback';
import { commandErrorMessage, type CommandMessages } from './cycleErrors';

export function useCycleCommand<T>(
  run: (input: T) => Promise<unknown>,
  messages: CommandMessages,
  onDone: () => void,
  onRefused?: (error: unknown) => void,
) {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      message.success(messages.success);
      onDone();
      // A stopped cycle leaves the live list for History's Cycle tab.
      await queryClient.invalidateQueries({ queryKey: CYCLE_KEYS.all });
    },
    onError: (error) => {
      message.error(commandErrorMessage(error, messages));
      onRefused?.(error);
    },
  });
}
