/** One member command on a running bot: says how it went (SPEC section 8) and reloads the bot. */
import { BOT_KEYS } from '../../api/bots';
import { useRunnableCommand } from '../../hooks/useRunnableCommand';

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
  // SPEC reloads the page after most saves; reloading the bot's data is what the member sees.
  return useRunnableCommand({
    run,
    success: messages.success,
    failure: () => messages.failure,
    reloads: BOT_KEYS.bot(id),
    onDone,
  });
}
