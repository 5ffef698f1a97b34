/**
 * The last step of the deep paths: what the engine did with the bots and cycles the fuzz got
 * started. Counts, for the given members, the runnables started, those that sent at least one
 * order to the exchange, their orders by status, and why the stopped ones stopped.
 */
import { and, count, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { botOrders, bots, cycleOrders, cycles } from '../../../db/schema';

export async function exchangeReach(db: Db, userIds: readonly string[]): Promise<string> {
  const users = [...userIds];
  const [botCount, cycleCount, botSent, cycleSent, botStatuses, cycleStatuses, botStops, cycleStops, botErrors, cycleErrors] =
    await Promise.all([
      db.select({ n: count() }).from(bots).where(inArray(bots.userId, users)),
      db.select({ n: count() }).from(cycles).where(inArray(cycles.userId, users)),
      db
        .select({ n: countDistinct(botOrders.runnableId) })
        .from(botOrders)
        .innerJoin(bots, eq(bots.id, botOrders.runnableId))
        .where(inArray(bots.userId, users)),
      db
        .select({ n: countDistinct(cycleOrders.runnableId) })
        .from(cycleOrders)
        .innerJoin(cycles, eq(cycles.id, cycleOrders.runnableId))
        .where(inArray(cycles.userId, users)),
      db
        .select({ status: botOrders.status, n: count() })
        .from(botOrders)
        .innerJoin(bots, eq(bots.id, botOrders.runnableId))
        .where(inArray(bots.userId, users))
        .groupBy(botOrders.status),
      db
        .select({ status: cycleOrders.status, n: count() })
        .from(cycleOrders)
        .innerJoin(cycles, eq(cycles.id, cycleOrders.runnableId))
        .where(inArray(cycles.userId, users))
        .groupBy(cycleOrders.status),
      db.select({ reason: bots.stopReason, n: count() }).from(bots).where(inArray(bots.userId, users)).groupBy(bots.stopReason),
      db
        .select({ reason: cycles.stopReason, n: count() })
        .from(cycles)
        .where(inArray(cycles.userId, users))
        .groupBy(cycles.stopReason),
      db
        .select({ error: botOrders.error, n: count() })
        .from(botOrders)
        .innerJoin(bots, eq(bots.id, botOrders.runnableId))
        .where(and(inArray(bots.userId, users), eq(botOrders.status, 'failed')))
        .groupBy(botOrders.error),
      db
        .select({ error: cycleOrders.error, n: count() })
        .from(cycleOrders)
        .innerJoin(cycles, eq(cycles.id, cycleOrders.runnableId))
        .where(and(inArray(cycles.userId, users), eq(cycleOrders.status, 'failed')))
        .groupBy(cycleOrders.error),
    ]);
  const errors = (rows: { error: string | null; n: number }[]) => {
    // One line per kind of error: the order ids in them are told apart by nothing else.
    const kinds = new Map<string, number>();
    for (const r of rows) {
      const kind = String(r.error)
        .replace(/\bgd[0-9a-f]+x\d+\b/g, '<order>')
        .slice(0, 120);
      kinds.set(kind, (kinds.get(kind) ?? 0) + r.n);
    }
    return kinds.size === 0 ? '' : `; failed orders' errors: ${[...kinds].map(([kind, n]) => `${n}x ${kind}`).join(' | ')}`;
  };
  const list = (rows: { n: number }[], key: (r: never) => unknown) =>
    rows.map((r) => `${String(key(r as never) ?? 'none')} ${r.n}`).join(', ');
  return [
    `  bots started ${botCount[0]!.n}, of which sent an order to the exchange ${botSent[0]!.n}; orders: ${list(botStatuses, (r: { status: string }) => r.status)};` +
      ` stop reasons: ${list(botStops, (r: { reason: string | null }) => r.reason)}${errors(botErrors)}`,
    `  cycles started ${cycleCount[0]!.n}, of which sent an order to the exchange ${cycleSent[0]!.n}; orders: ${list(cycleStatuses, (r: { status: string }) => r.status)};` +
      ` stop reasons: ${list(cycleStops, (r: { reason: string | null }) => r.reason)}${errors(cycleErrors)}`,
  ].join('\n');
}
