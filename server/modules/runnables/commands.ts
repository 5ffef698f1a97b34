/**
 * Member commands for the engine that holds a runnable (stop, stop & sell, settings), one path
 * for every kind: the API writes the command in the same transaction as the settings it refers
 * to, with its notification (runnables/command-delivery.ts), then waits briefly for the engine's
 * verdict, woken by the engine's answer (or polling while notifications cannot be trusted):
 * applied answers with the success message, a refusal with the kind's reason and SPEC's words.
 * An engine that has not answered within the wait (not running, or busy) leaves the command
 * pending: it is durable, and applied when the engine next runs, so the member gets the success
 * message.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { NotificationFeed } from '../../db/notifications';
import type { RunnableCommandsTable } from '../../db/schema/runnable-tables';
import { commandResultOf, type CommandResult } from '../../runnables/command-results';
import {
  awaitCommandAnswer,
  COMMAND_QUEUED_CHANNEL,
  DEFAULT_COMMAND_WAIT,
  notifyCommand,
  type CommandWait,
} from '../../runnables/command-delivery';
import type { DomainError } from '../errors';

export { DEFAULT_COMMAND_WAIT, type CommandWait };

export type RefusedCommand = Extract<CommandResult, { kind: 'refused' }>;

export interface RunnableCommands<Kind extends string> {
  /** Queues the command with `tx`; the engines hear of it when `tx` commits. Returns its id. */
  queue(tx: Db, runnableId: string, kind: Kind): Promise<string>;
  /** The result the engine recorded ('ok' when applied), or null while it is unapplied after the wait. */
  awaitAnswer(db: Db, feed: NotificationFeed | undefined, id: string, wait?: CommandWait): Promise<string | null>;
  /** Waits for the command: the success message, or the kind's error for the engine's refusal. */
  settle(
    db: Db,
    feed: NotificationFeed | undefined,
    id: string,
    success: string,
    wait?: CommandWait,
  ): Promise<{ message: string }>;
}

/**
 * The command path of one kind: its commands table and how its refusals read to the member
 * (the kernel's, runnables/command-results.ts, and the kind's own, each with its reason).
 */
export function runnableCommands<Kind extends string>(
  table: RunnableCommandsTable,
  refusalError: (refused: RefusedCommand) => DomainError,
): RunnableCommands<Kind> {
  async function answerOf(db: Db, id: string): Promise<string | null> {
    const [row] = await db.select({ appliedAt: table.appliedAt, result: table.result }).from(table).where(eq(table.id, id));
    return row?.appliedAt ? (row.result ?? 'ok') : null;
  }
  const awaitAnswer = (db: Db, feed: NotificationFeed | undefined, id: string, wait: CommandWait = DEFAULT_COMMAND_WAIT) =>
    awaitCommandAnswer(feed, id, () => answerOf(db, id), wait);
  return {
    async queue(tx, runnableId, kind) {
      const [row] = await tx.insert(table).values({ runnableId, kind }).returning({ id: table.id });
      await notifyCommand(tx, COMMAND_QUEUED_CHANNEL);
      return row!.id;
    },
    awaitAnswer,
    async settle(db, feed, id, success, wait) {
      const stored = await awaitAnswer(db, feed, id, wait);
      const result = stored === null ? null : commandResultOf(stored);
      if (result?.kind === 'refused') throw refusalError(result);
      return { message: success };
    },
  };
}
