/**
 * Member commands as the engine reads and answers them (the API queues them: modules/bots; both
 * hear each other through runnables/command-delivery.ts). Each is applied once: its result is
 * written only while it is still unapplied, and the API waiting for it is woken with the answer.
 * The tables are the runnable's (tables.ts); a command's kind is its runnable's protocol.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import { storedCommandResult, type CommandResult } from '../runnables/command-results';
import { COMMAND_ANSWERED_CHANNEL, notifyCommand } from '../runnables/command-delivery';
import type { StatusColumn } from './runnable';
import type { TableNames } from './tables';

export interface PendingCommand {
  id: string;
  runnableId: string;
  kind: string;
  status: StatusColumn;
  leaseOwner: string | null;
}

/** Unapplied member commands, oldest first, with their runnable's status and holder. */
export async function pendingCommands(db: Db, t: TableNames, limit: number): Promise<PendingCommand[]> {
  const result = await db.execute(sql`
    SELECT c.id, c.${t.runnableId} AS "runnableId", c.kind, r.status, r.lease_owner AS "leaseOwner"
    FROM ${t.commands} c INNER JOIN ${t.runnables} r ON r.id = c.${t.runnableId}
    WHERE c.applied_at IS NULL ORDER BY c.created_at LIMIT ${limit}`);
  return rowsOf<PendingCommand>(result);
}

export async function completeCommand(db: Db, t: TableNames, id: string, result: CommandResult): Promise<void> {
  await db.transaction(async (tx) => {
    const answered = rowsOf(await tx.execute(sql`
      UPDATE ${t.commands} SET applied_at = now(), result = ${storedCommandResult(result)}
      WHERE id = ${id} AND applied_at IS NULL RETURNING id`));
    if (answered.length > 0) await notifyCommand(tx, COMMAND_ANSWERED_CHANNEL, id);
  });
}
