/**
 * A stand-in for the engine that answers cycle commands as a test says, through the kernel's own
 * answer (command-queue.ts: a refused edit's columns go back to the state's). Tests only.
 */
import { eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cycleCommands, cycles } from '../../db/schema';
import { commandResultOf } from '../../runnables/command-results';
import { cycleCodec } from '../../runnables/cycle/index';
import { completeCommand } from '../command-queue';
import { tableNames } from '../tables';

const CYCLE_TABLES = tableNames(cycleCodec.tables);

/** What the stand-in engine answers a command with: 'ok', a refusal, or null to leave it pending. */
export type CycleCommandAnswer = (command: { kind: string; runnableId: string }) => string | null;

/**
 * A stand-in for the engine: applies pending cycle commands every few ms with `answer`'s result;
 * an accepted stop also stops the cycle, as the engine would.
 */
export function startCycleTestEngine(db: Db, answer: CycleCommandAnswer = () => 'ok', everyMs = 20): { stop(): void } {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const pending = await db.select().from(cycleCommands).where(isNull(cycleCommands.appliedAt));
      for (const command of pending) {
        const result = answer(command);
        if (result === null) continue;
        if (result === 'ok' && command.kind !== 'settings') {
          await db
            .update(cycles)
            .set({ status: 'Stopped', stoppedAt: new Date(), stopReason: command.kind === 'stop' ? 'manual' : 'stopAndSell' })
            .where(eq(cycles.id, command.runnableId));
        }
        // Answered as the engine answers (a refused edit's columns go back to the state's).
        await completeCommand(db, CYCLE_TABLES, command.id, commandResultOf(result));
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick().catch(() => undefined), everyMs);
  return { stop: () => clearInterval(timer) };
}
