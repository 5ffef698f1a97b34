/**
 * Member commands for the engine that holds the cycle (stop, stop & sell, settings), as for bots
 * (../bots/commands.ts): the API writes the command in the same transaction as the settings it
 * refers to, with its notification, then waits briefly for the engine's verdict. An engine that
 * has not answered within the wait leaves the command pending: it is durable and applied when
 * the engine next runs, so the member gets the success message.
 */
import { eq } from 'drizzle-orm';
import { SERVER, VALIDATION } from '../../../common/messages';
import type { Db } from '../../db/database';
import type { NotificationFeed } from '../../db/notifications';
import { cycleCommands } from '../../db/schema';
import { commandResultOf, type CommandResult } from '../../runnables/command-results';
import { cycleEditRefusalOf, type CycleCommandKind, type CycleEditRefusal } from '../../runnables/cycle/index';
import { awaitCommandAnswer, COMMAND_QUEUED_CHANNEL, DEFAULT_COMMAND_WAIT, notifyCommand, type CommandWait } from '../../runnables/command-delivery';
import { DomainError } from '../errors';
import { cycleAlreadyStopped, cycleNotFound } from './access';

export type { CommandWait };

type RefusedCommand = Extract<CommandResult, { kind: 'refused' }>;

/** Queues the command with `tx`; the engines hear of it when `tx` commits. */
export async function queueCycleCommand(tx: Db, cycleId: string, kind: CycleCommandKind): Promise<string> {
  const [row] = await tx.insert(cycleCommands).values({ cycleId, kind }).returning({ id: cycleCommands.id });
  await notifyCommand(tx, COMMAND_QUEUED_CHANNEL);
  return row!.id;
}

async function answerOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ appliedAt: cycleCommands.appliedAt, result: cycleCommands.result }).from(cycleCommands)
    .where(eq(cycleCommands.id, id));
  return row?.appliedAt ? (row.result ?? 'ok') : null;
}

/** The result the engine recorded for the command ('ok' when applied), or null while it is still unapplied after the wait. */
export function awaitCycleCommand(db: Db, feed: NotificationFeed | undefined, id: string, wait: CommandWait = DEFAULT_COMMAND_WAIT): Promise<string | null> {
  return awaitCommandAnswer(feed, id, () => answerOf(db, id), wait);
}

/**
 * The engine's refusal as the member reads it: the kernel's refusals (runnables/command-results.ts)
 * and the cycle core's own (runnables/cycle/commands.ts), each with its reason and SPEC's words.
 * A refusal neither names (an engine of another version) is a change that did not apply: its
 * text stays in the command's row for support and never becomes the member's message.
 */
export function cycleRefusalError(result: RefusedCommand): DomainError {
  switch (result.refusal) {
    case 'already_stopped':
      return cycleAlreadyStopped();
    case 'bot_not_found':
      return cycleNotFound();
    case 'not_applied_now':
      return changeNotApplied();
    case 'other':
      return cycleEditRefusalError(cycleEditRefusalOf(result));
  }
}

const changeNotApplied = () => new DomainError('cycle.change_not_applied', SERVER.cycleChangeNotApplied);

function cycleEditRefusalError(refusal: CycleEditRefusal | null): DomainError {
  switch (refusal) {
    case 'cycles_below_completed':
      return new DomainError('cycle.cycles_below_completed', SERVER.cyclesBelowCompleted());
    case 'stoploss_above_buy':
      return new DomainError('validation.invalid', VALIDATION.cycleStopLossAboveBuy);
    case 'sell_not_above_buy':
      return new DomainError('validation.invalid', VALIDATION.cycleSellNotAboveBuy);
    case null:
      return changeNotApplied();
  }
}

/** Waits for the command; the success message unless the engine refused it. */
export async function settleCycleCommand(db: Db, feed: NotificationFeed | undefined, id: string, success: string, wait?: CommandWait): Promise<{ message: string }> {
  const stored = await awaitCycleCommand(db, feed, id, wait);
  const result = stored === null ? null : commandResultOf(stored);
  if (result?.kind === 'refused') throw cycleRefusalError(result);
  return { message: success };
}
