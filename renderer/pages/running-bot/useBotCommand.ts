/** One member command on a running bot: says how it went (SPEC section 8) and reloads the bot. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BOT_KEYS } from '../../api/bots';
import { useMessage } from '../../app/feedback';

interface CommandMessages {
  success: string;
  failure: string;
}

export function useBotCommand<T>(
  id: string,
  run: (input: T) => Promise<unknown>,
  messages: CommandMessages,
  onDone?: () => void | Promise<void>,
) {
  const message = useMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      message.success(messages.success);
      await onDone?.();
      // SPEC reloads the page after most saves; reloading the bot's data is what the member sees.
      await queryClient.invalidateQueries({ queryKey: BOT_KEYS.bot(id) });
    },
    onError: () => {
      message.error(messages.failure);
    },
  });
}
