/**
 * Whether a member's pair is taken by a live cycle, or by a cycle's start under way: a cycle runs
 * alone on its pair, so neither another cycle nor a bot may start there (SPEC section 8).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { cycles } from '../../db/schema';
import type { PendingStart } from './starting';

export async function cycleHoldsPair(tx: Db, userId: string, pair: string, pending: readonly PendingStart[]): Promise<boolean> {
  const [cycle] = await tx
    .select({ id: cycles.id })
    .from(cycles)
    .where(and(eq(cycles.userId, userId), eq(cycles.symbol, pair), eq(cycles.status, 'Live')))
    .limit(1);
  return cycle !== undefined || pending.some((p) => p.kind === 'cycle' && p.symbol === pair);
}
