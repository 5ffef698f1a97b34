/**
 * The bot's member command protocol between the API, which queues a command in `bot_commands`,
 * and the engine that holds the bot, which applies it once and writes its result back (the
 * result protocol every runnable shares: ../command-results.ts).
 */

/** What a member asks of a running bot: stop, stop & sell, or re-read its settings columns. */
export const COMMAND_KINDS = ['stop', 'stopAndSell', 'settings'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export {
  APPLIED,
  COMMAND_REFUSALS,
  commandResultOf,
  refused,
  storedCommandResult,
  type CommandRefusal,
  type CommandResult,
} from '../command-results';
