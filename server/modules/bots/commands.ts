/**
 * Member commands for the engine that holds the bot (stop, stop & sell, settings). The API
 * writes the command in the same transaction as the settings it refers to, then waits briefly
 * for the engine's verdict: applied answers with the success message, a refusal with its
 * message and a 400. An engine that has not answered within the wait (not running, or busy)
 * leaves the command pending: it is durable, and applied when the engine next runs, so the
 * member gets the success message.
 */
import { eq } from 'drizzle-orm';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { botCommands } from '../../db/schema';
import { commandResultOf, type CommandKind, type CommandResult } from '../../runnables/bot/index';
import { DomainError } from '../errors';

export interface CommandWait {
  intervalMs: number;
  timeoutMs: number;
}

/** Commands reach the engine within 1 s (issue 8); 5 s covers a busy engine. */
export const DEFAULT_COMMAND_WAIT: CommandWait = { intervalMs: 50, timeoutMs: 5_000 };

export async function queueCommand(tx: Db, botId: string, kind: CommandKind): Promise<string> {
  const [row] = await tx.insert(botCommands).values({ botId, kind }).returning({ id: botCommands.id });
  return row!.id;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The result the engine recorded for the command ('ok' when applied), or null while it is still unapplied after the wait. */
export async function awaitCommand(db: Db, id: string, wait: CommandWait = DEFAULT_COMMAND_WAIT): Promise<string | null> {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    const [row] = await db.select({ appliedAt: botCommands.appliedAt, result: botCommands.result })
      .from(botCommands).where(eq(botCommands.id, id));
    if (row?.appliedAt) return row.result ?? 'ok';
    if (Date.now() >= deadline) return null;
    await sleep(Math.min(wait.intervalMs, Math.max(0, deadline - Date.now())));
  }
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
      return new DomainError('bot.command_refused', result.text);
  }
}

/** Waits for the command; the success message unless the engine refused it. */
export async function settle(db: Db, id: string, success: string, wait?: CommandWait): Promise<{ message: string }> {
  const stored = await awaitCommand(db, id, wait);
  const result = stored === null ? null : commandResultOf(stored);
  if (result?.kind === 'refused') throw refusalError(result);
  return { message: success };
}
