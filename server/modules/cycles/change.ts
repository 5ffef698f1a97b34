/**
 * The one path of every member change to a live cycle, as changeBot is for bots: lock the cycle,
 * refuse one that no longer runs, write the settings columns and queue the engine's command in
 * the same transaction, then wait for the engine's verdict (commands.ts).
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { cycles } from '../../db/schema';
import type { CycleCommandKind, CycleRow } from '../../runnables/cycle/index';
import { assertLive, ownCycle } from './access';
import { queueCycleCommand, settleCycleCommand, type CommandWait } from './commands';
import type { CyclesDeps } from './deps';

export type CycleSettingsColumns = Partial<Pick<CycleRow, 'buyPrice' | 'sellPrice' | 'stopLoss' | 'noOfCycle'>>;

export interface CycleChange {
  kind: CycleCommandKind;
  /** The columns to write, decided on the locked row (may throw a validation error). */
  settings?: (cycle: CycleRow) => CycleSettingsColumns;
  success: string;
}

export async function changeCycle(deps: CyclesDeps, userId: string, cycleId: string, change: CycleChange, wait?: CommandWait): Promise<{ message: string }> {
  let written: { previous: CycleSettingsColumns; settings: CycleSettingsColumns } | null = null;
  const commandId = await deps.db.transaction(async (tx) => {
    const cycle = await ownCycle(tx, userId, cycleId, true);
    assertLive(cycle);
    const settings = change.settings?.(cycle);
    if (settings && Object.keys(settings).length > 0) {
      await tx.update(cycles).set(settings).where(eq(cycles.id, cycle.id));
      const previous = Object.fromEntries(Object.keys(settings).map((k) => [k, cycle[k as keyof CycleSettingsColumns]])) as CycleSettingsColumns;
      written = { previous, settings };
    }
    return queueCycleCommand(tx, cycle.id, change.kind);
  });
  try {
    return await settleCycleCommand(deps.db, deps.notifications, commandId, change.success, wait);
  } catch (refusal) {
    if (written) await restoreSettings(deps, cycleId, written);
    throw refusal;
  }
}

/**
 * The engine refused the edit (the cycle ran more rounds meanwhile, or stopped): its core kept
 * the settings it had, so the columns the pages read go back to them, unless a later edit has
 * written its own since (the columns then no longer hold ours).
 */
async function restoreSettings(deps: CyclesDeps, cycleId: string, written: { previous: CycleSettingsColumns; settings: CycleSettingsColumns }): Promise<void> {
  const stillOurs: SQL[] = Object.entries(written.settings)
    .map(([k, v]) => eq(cycles[k as keyof CycleSettingsColumns], v as never));
  await deps.db.update(cycles).set(written.previous).where(and(eq(cycles.id, cycleId), ...stillOurs));
}
