/**
 * One start at a time per member, and every start counted until it is written: the one-bot-or-
 * cycle-per-pair rule and the free quote hold under any concurrency (bot starts, copy starts and
 * cycle starts alike).
 *
 * A start runs in three steps:
 * 1. claim: in one short transaction under the member's row lock, the pair is checked against
 *    the member's running bots, live cycles and the starts under way, and a `runnable_starts` row
 *    records this start (its pair, wallet and amount). Starts of one member queue on the lock
 *    here, so of two starts of one pair the second sees the first, however they interleave.
 * 2. prepare: the exchange's checks (the pair's rules, the balance: free quote less what running
 *    bots, live cycles and the other starts under way hold, wallet/quote-at-hand.ts) run with no
 *    transaction open: an exchange call never holds a lock, nor PGlite's one connection.
 * 3. record: the runnable's row is written and the start's row deleted in one transaction; a
 *    refusal at any step deletes it too.
 * A start's row older than START_VOID_MS is void (its process died mid-start) and is ignored and
 * cleared by the next claim.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { runnableStarts, users } from '../../db/schema';
import type { Clock } from '../clock';

/** Longer than any start takes (its exchange calls are bounded well within it). */
export const START_VOID_MS = 2 * 60_000;

export type StartKind = 'bot' | 'cycle';

export interface StartClaim {
  userId: string;
  kind: StartKind;
  symbol: string;
  /** Its wallet: 'Spot' or 'Future'. */
  category: string;
  /** The quote it will commit, as a decimal string. */
  amount: string;
}

/** A start under way, as the pair checks and the balance see it. */
export interface PendingStart extends StartClaim {
  id: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StartSteps<P, T> {
  /** Refuses (throws) when the pair is not free: reads the member's rows with `tx`, under the lock. */
  pairFree(tx: Db, pending: readonly PendingStart[]): Promise<void>;
  /** The exchange's checks, outside any transaction; `startId` is this start's row (leave it out of the balance). */
  prepare(startId: string): Promise<P>;
  /** Writes the runnable with `tx`; the start's row goes in the same transaction. */
  record(tx: Db, prepared: P): Promise<T>;
}

const voidBefore = (clock: Clock) => new Date(clock().getTime() - START_VOID_MS);

/** The member's starts under way (not void), oldest first. */
export async function pendingStarts(db: Db, userId: string, clock: Clock): Promise<PendingStart[]> {
  return db
    .select({
      id: runnableStarts.id,
      userId: runnableStarts.userId,
      kind: runnableStarts.kind,
      symbol: runnableStarts.symbol,
      category: runnableStarts.category,
      amount: runnableStarts.amount,
    })
    .from(runnableStarts)
    .where(and(eq(runnableStarts.userId, userId), gt(runnableStarts.startedAt, voidBefore(clock))))
    .orderBy(runnableStarts.startedAt);
}

async function claim(
  db: Db,
  clock: Clock,
  start: StartClaim,
  pairFree: StartSteps<unknown, unknown>['pairFree'],
): Promise<string> {
  return db.transaction(async (tx: Tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, start.userId)).for('update');
    await tx
      .delete(runnableStarts)
      .where(and(eq(runnableStarts.userId, start.userId), lte(runnableStarts.startedAt, voidBefore(clock))));
    await pairFree(tx as unknown as Db, await pendingStarts(tx as unknown as Db, start.userId, clock));
    const [row] = await tx
      .insert(runnableStarts)
      .values({ ...start, startedAt: clock() })
      .returning({ id: runnableStarts.id });
    return row!.id;
  });
}

/** Runs a start through claim, prepare and record (see above); the start's row never outlives it. */
export async function startExclusively<P, T>(db: Db, clock: Clock, start: StartClaim, steps: StartSteps<P, T>): Promise<T> {
  const startId = await claim(db, clock, start, steps.pairFree);
  try {
    const prepared = await steps.prepare(startId);
    return await db.transaction(async (tx: Tx) => {
      const recorded = await steps.record(tx as unknown as Db, prepared);
      await tx.delete(runnableStarts).where(eq(runnableStarts.id, startId));
      return recorded;
    });
  } catch (error) {
    // A refusal (or a failure) leaves nothing behind.
    await db
      .delete(runnableStarts)
      .where(eq(runnableStarts.id, startId))
      .catch(() => undefined);
    throw error;
  }
}
