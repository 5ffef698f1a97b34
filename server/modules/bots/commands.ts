/**
 * Member commands for the engine that holds the bot (stop, stop & sell, settings). The API
 * writes the command in the same transaction as the settings it refers to (with its
 * notification: runnables/command-delivery.ts), then waits briefly for the engine's verdict,
 * woken by the engine's answer (or polling while notifications cannot be trusted): applied
 * answers with the success message, a refusal with its own reason and message. An engine that
 * has not answered within the wait (not running, or busy) leaves the command pending: it is
 * durable, and applied when the engine next runs, so the member gets the success message.
 */
import { eq } from 'drizzle-orm';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import type { NotificationFeed } from '../../db/notifications';
import { botCommands } from '../../db/schema';
import { commandResultOf, type CommandKind, type CommandResult } from '../../runnables/bot/index';
import { awaitCommandAnswer, COMMAND_QUEUED_CHANNEL, DEFAULT_COMMAND_WAIT, notifyCommand, type CommandWait } from '../../runnables/command-delivery';
import { DomainError } from '../errors';

export { DEFAULT_COMMAND_WAIT, type CommandWait };

/** Queues the command with `tx`; the engines hear of it when `tx` commits. */
export async function queueCommand(tx: Db, botId: string, kind: CommandKind): Promise<string> {
  const [row] = await tx.insert(botCommands).values({ botId, kind }).returning({ id: botCommands.id });
  await notifyCommand(tx, COMMAND_QUEUED_CHANNEL);
  return row!.id;
}

async function answerOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ appliedAt: botCommands.appliedAt, result: botCommands.result }).from(botCommands).where(eq(botCommands.id, id));
  return row?.appliedAt ? (row.result ?? 'ok') : null;
}

/** The result the engine recorded for the command ('ok' when applied), or null while it is still unapplied after the wait. */
export function awaitCommand(db: Db, feed: NotificationFeed | undefined, id: string, wait: CommandWait = DEFAULT_COMMAND_WAIT): Promise<string | null> {
  return awaitCommandAnswer(feed, id, () => answerOf(db, id), wait);
}

/** The refusal as the member reads it: its reason (what the member must do) and SPEC's message. */
function refusalError(result: Extract<CommandResult, { kind: 'refused' }>): DomainError {
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

/** Waits for the command; the success message unless the engine refused it. */
export async function settle(db: Db, feed: NotificationFeed | undefined, id: string, success: string, wait?: CommandWait): Promise<{ message: string }> {
  const stored = await awaitCommand(db, feed, id, wait);
  const result = stored === null ? null : commandResultOf(stored);
  if (result?.kind === 'refused') throw refusalError(result);
  return { message: success };
}
