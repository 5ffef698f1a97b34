/**
 * The one path of every member change to a live cycle, as changeBot is for bots: lock the cycle,
 * refuse one that no longer runs, write the settings columns and queue the engine's command in
 * the same transaction, then wait for the engine's verdict (commands.ts). A refused edit leaves
 * nothing behind: the engine writes the columns back from the cycle's state with its refusal
 * (engine/command-queue.ts), whether or not anyone still waits for the answer.
 */
import { eq } from 'drizzle-orm';
import { cycles } from '../../db/schema';
import type { CycleCommandKind, CycleRow } from '../../runnables/cycle/index';
import { assertLive, ownCycle } from './access';
import { cycleCommandPath, type CommandWait } from './commands';
import type { CyclesDeps } from './deps';

export type CycleSettingsColumns = Partial<Pick<CycleRow, 'buyPrice' | 'sellPrice' | 'stopLoss' | 'noOfCycle'>>;

export interface CycleChange {
  kind: CycleCommandKind;
  /** The columns to write, decided on the locked row (may throw a validation error). */
  settings?: (cycle: CycleRow) => CycleSettingsColumns;
  success: string;
}

export async function changeCycle(
  deps: CyclesDeps,
  userId: string,
  cycleId: string,
  change: CycleChange,
  wait?: CommandWait,
): Promise<{ message: string }> {
  const commandId = await deps.db.transaction(async (tx) => {
    const cycle = await ownCycle(tx, userId, cycleId, true);
    assertLive(cycle);
    const settings = change.settings?.(cycle);
    if (settings && Object.keys(settings).length > 0) await tx.update(cycles).set(settings).where(eq(cycles.id, cycle.id));
    return cycleCommandPath.queue(tx, cycle.id, change.kind);
  });
  return cycleCommandPath.settle(deps.db, deps.notifications, commandId, change.success, wait);
}
