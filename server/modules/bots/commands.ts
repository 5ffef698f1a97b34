/**
 * A bot's member commands (stop, stop & sell, settings) on the one command path every runnable
 * shares (../runnables/commands.ts): its commands table, and its refusals as the member reads
 * them, each with its reason and SPEC's message.
 */
import { SERVER } from '../../../common/messages';
import { botCommands } from '../../db/schema';
import type { CommandKind } from '../../runnables/bot/index';
import { DomainError } from '../errors';
import { runnableCommands, type RefusedCommand } from '../runnables/commands';

export { DEFAULT_COMMAND_WAIT, type CommandWait } from '../runnables/commands';

function refusalError(result: RefusedCommand): DomainError {
  switch (result.refusal) {
    case 'already_stopped':
      return new DomainError('bot.already_stopped', SERVER.botAlreadyStopped);
    case 'bot_not_found':
      return new DomainError('bot.not_found', SERVER.botNotFound);
    case 'not_applied_now':
      return new DomainError('bot.change_not_applied', SERVER.botChangeNotApplied);
    case 'other':
      // An engine of another version said something this API does not name: its text stays in
      // the command's row for support, never the member's message.
      return new DomainError('bot.change_not_applied', SERVER.botChangeNotApplied);
  }
}

export const botCommandPath = runnableCommands<CommandKind>(botCommands, refusalError);
