/**
 * Member commands as the engine reads and answers them (the API queues them: modules/bots; both
 * hear each other through runnables/command-delivery.ts). Each is applied once: its result is
 * written only while it is still unapplied, and the API waiting for it is woken with the answer.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { botCommands, bots } from '../db/schema';
import { storedCommandResult, type CommandKind, type CommandResult } from '../runnables/bot/index';
import { COMMAND_ANSWERED_CHANNEL, notifyCommand } from '../runnables/command-delivery';

/** Unapplied member commands, oldest first, with their bot's status and holder. */
export async function pendingCommands(db: Db, limit: number) {
  const rows = await db.select({ id: botCommands.id, botId: botCommands.botId, kind: botCommands.kind, status: bots.status, leaseOwner: bots.leaseOwner })
    .from(botCommands).innerJoin(bots, eq(bots.id, botCommands.botId))
    .where(isNull(botCommands.appliedAt)).orderBy(asc(botCommands.createdAt)).limit(limit);
  // The table's check constraint admits only the protocol's kinds.
  return rows.map((r) => ({ ...r, kind: r.kind as CommandKind }));
}

export async function completeCommand(db: Db, id: string, result: CommandResult): Promise<void> {
  await db.transaction(async (tx) => {
    const answered = await tx.update(botCommands).set({ appliedAt: new Date(), result: storedCommandResult(result) })
      .where(and(eq(botCommands.id, id), isNull(botCommands.appliedAt))).returning({ id: botCommands.id });
    if (answered.length > 0) await notifyCommand(tx, COMMAND_ANSWERED_CHANNEL, id);
  });
}
