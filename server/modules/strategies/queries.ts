/** Strategy queries: who may see which strategy, its grids, and whether a live bot uses it. */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bots, strategies, strategyGrids } from '../../db/schema';
import { RUNNING_BOT_STATUSES } from '../../runnables/bot/index';

export type StrategyRecord = typeof strategies.$inferSelect;
export type GridRecord = typeof strategyGrids.$inferSelect;
export type StrategyKind = 'advanced' | 'scalping';

/** Bot statuses during which a strategy is in use ('active', not deletable). */
export const IN_USE_STATUSES = RUNNING_BOT_STATUSES;

/** A SQL condition: a Live or Paused bot of `userId` runs strategy `id`. */
function inUseBy(userId: string) {
  // Columns spelled out with their tables: drizzle leaves them unqualified in a select list,
  // where "id" would resolve to the bot's own id inside the subquery.
  return sql<boolean>`exists (select 1 from "bots" where "bots"."strategy_id" = "strategies"."id" and "bots"."user_id" = ${userId} and ${inArray(bots.status, [...IN_USE_STATUSES])})`;
}

export interface StrategySummary {
  id: string;
  name: string;
  gridCount: number;
  active: boolean;
}

/** The member's own strategies (owner = userId) or the system ones (owner = null), by name. */
export async function listStrategies(
  db: Db,
  userId: string,
  owner: 'member' | 'system',
  kind?: StrategyKind,
): Promise<StrategySummary[]> {
  const ownerCondition = owner === 'member' ? eq(strategies.userId, userId) : isNull(strategies.userId);
  return db
    .select({ id: strategies.id, name: strategies.name, gridCount: strategies.gridCount, active: inUseBy(userId) })
    .from(strategies)
    .where(kind ? and(ownerCondition, eq(strategies.kind, kind)) : ownerCondition)
    .orderBy(asc(strategies.createdAt), asc(strategies.gridCount), asc(strategies.name));
}

/**
 * The strategy `name` as the member sees it: their own, else a system strategy of that name.
 * Own first, so a later system strategy can never shadow a member's.
 */
export async function findVisible(db: Db, userId: string, name: string): Promise<StrategyRecord | undefined> {
  const rows = await db
    .select()
    .from(strategies)
    .where(and(eq(strategies.name, name), or(eq(strategies.userId, userId), isNull(strategies.userId))));
  return rows.find((r) => r.userId === userId) ?? rows[0];
}

export async function systemNameTaken(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: strategies.id })
    .from(strategies)
    .where(and(eq(strategies.name, name), isNull(strategies.userId)));
  return row !== undefined;
}

/** Locks the member's own strategy row for the rest of the transaction (edit, delete). */
export async function lockOwn(tx: Db, userId: string, name: string): Promise<StrategyRecord | undefined> {
  const [row] = await tx
    .select()
    .from(strategies)
    .where(and(eq(strategies.userId, userId), eq(strategies.name, name)))
    .for('update');
  return row;
}

export async function gridsOf(db: Db, strategyId: string): Promise<GridRecord[]> {
  return db.select().from(strategyGrids).where(eq(strategyGrids.strategyId, strategyId)).orderBy(asc(strategyGrids.gridNo));
}

/** Whether any Live or Paused bot (of any member) runs the strategy. */
export async function inUse(db: Db, strategyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.strategyId, strategyId), inArray(bots.status, [...IN_USE_STATUSES])))
    .limit(1);
  return row !== undefined;
}
