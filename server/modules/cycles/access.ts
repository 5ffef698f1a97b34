/**
 * A member reaches only their own cycles: another member's cycle, an unknown id and a malformed
 * id all answer the same 404, so an id tells nobody whether it exists.
 */
import { and, eq } from 'drizzle-orm';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { cycles } from '../../db/schema';
import type { CycleRow } from '../../runnables/cycle/index';
import { DomainError } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const cycleNotFound = () => new DomainError('cycle.not_found', SERVER.cycleNotFound);
export const cycleAlreadyStopped = () => new DomainError('cycle.already_stopped', SERVER.cycleAlreadyStopped);

/** The member's cycle; `lock` takes the row (FOR UPDATE) so a settings write and its command are one step. */
export async function ownCycle(db: Db, userId: string, cycleId: string, lock = false): Promise<CycleRow> {
  if (!UUID.test(cycleId)) throw cycleNotFound();
  const query = db
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), eq(cycles.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw cycleNotFound();
  return row;
}

/** Edits and stops only reach a cycle that still runs. */
export function assertLive(cycle: CycleRow): void {
  if (cycle.status !== 'Live') throw cycleAlreadyStopped();
}
