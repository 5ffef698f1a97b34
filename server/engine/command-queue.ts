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

/** The command kind whose refusal puts the settings columns back (TableNames.settingsInState). */
const SETTINGS_COMMAND = 'settings';

export async function completeCommand(db: Db, t: TableNames, id: string, result: CommandResult): Promise<void> {
  await db.transaction(async (tx) => {
    const answered = rowsOf<{ runnableId: string; kind: string }>(
      await tx.execute(sql`
      UPDATE ${t.commands} SET applied_at = now(), result = ${storedCommandResult(result)}
      WHERE id = ${id} AND applied_at IS NULL RETURNING ${t.runnableId} AS "runnableId", kind`),
    );
    const command = answered[0];
    if (!command) return;
    if (result.kind === 'refused' && command.kind === SETTINGS_COMMAND)
      await settingsFromState(tx as unknown as Db, t, command.runnableId);
    await notifyCommand(tx, COMMAND_ANSWERED_CHANNEL, id);
  });
}

/**
 * A refused edit leaves nothing behind: the settings columns are written back from the state,
 * which holds what the core runs on (every applied edit's state is written before its command is
 * answered). Not while another edit waits: the columns are that edit's, and its own answer
 * settles them.
 */
async function settingsFromState(tx: Db, t: TableNames, runnableId: string): Promise<void> {
  if (t.settingsInState.length === 0) return;
  const set = sql.join(
    t.settingsInState.map((c) => sql`${sql.identifier(c.name)} = (r.state->>${c.key})::${sql.raw(c.type)}`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${t.runnables} r SET ${set}
    WHERE r.id = ${runnableId} AND r.state IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM ${t.commands} c WHERE c.${t.runnableId} = r.id AND c.kind = ${SETTINGS_COMMAND} AND c.applied_at IS NULL)`);
}
