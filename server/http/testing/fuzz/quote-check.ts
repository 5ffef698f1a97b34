/**
 * Concurrent starts never commit more quote than is free (issue 34, item 2): before a burst the
 * member's USDT at hand for a start is read per wallet with the rule the starts use
 * (wallet/quote-at-hand.ts); after it, the starts it got accepted may hold at most that, plus what
 * bots and cycles that stopped meanwhile gave back. The read waits for the orders of the
 * member's stopped bots and cycles to settle: a stopped cycle's resting order is cancelled after
 * its stop is answered, and the USDT it frees would otherwise reach the starts and not the read.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { Decimal } from '../../../../common/money';
import type { Db } from '../../../db/database';
import { botOrders, bots, cycleOrders, cycles } from '../../../db/schema';
import type { Clock } from '../../../modules/clock';
import { quoteAtHand } from '../../../modules/wallet/quote-at-hand';
import type { MemberGateway } from '../../../exchange/core/gateway';
import type { FuzzAnswer } from './deep-client';
import type { Running } from './invariants';

export const WALLETS = ['Spot', 'Future'] as const;
export type Wallet = (typeof WALLETS)[number];
export type PerWallet = Record<Wallet, Decimal>;

/** What a member may commit of each wallet now. */
export type FreeQuote = (member: { userId: string }) => Promise<PerWallet>;

/** FreeQuote from the members' exchange gateways, as a start reads it (no start of theirs under way). */
export function freeQuoteOf(db: Db, clock: Clock, gateways: ReadonlyMap<string, MemberGateway>): FreeQuote {
  return async ({ userId }) => {
    const gateway = gateways.get(userId)!;
    const [Spot, Future] = await Promise.all(WALLETS.map((wallet) => quoteAtHand(db, clock, userId, gateway, wallet, '')));
    return { Spot: Decimal.max(0, Spot!), Future: Decimal.max(0, Future!) };
  };
}

const UNSETTLED = ['intent', 'unknown', 'open', 'cancel'];

/** Orders of the member's stopped bots and cycles the exchange has not settled yet. */
async function unsettledOfStopped(db: Db, userId: string): Promise<number> {
  const [botRows, cycleRows] = await Promise.all([
    db
      .select({ id: botOrders.id })
      .from(botOrders)
      .innerJoin(bots, eq(bots.id, botOrders.runnableId))
      .where(and(eq(bots.userId, userId), eq(bots.status, 'Stopped'), inArray(botOrders.status, UNSETTLED))),
    db
      .select({ id: cycleOrders.id })
      .from(cycleOrders)
      .innerJoin(cycles, eq(cycles.id, cycleOrders.runnableId))
      .where(and(eq(cycles.userId, userId), notInArray(cycles.status, ['Live']), inArray(cycleOrders.status, UNSETTLED))),
  ]);
  return botRows.length + cycleRows.length;
}

/** Waits (at most `waitMs`) until the orders of the member's stopped bots and cycles settled. */
export async function stoppedOrdersSettled(db: Db, userId: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while ((await unsettledOfStopped(db, userId)) > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Orders an engine has written but the exchange's answer has not settled: sent or about to be. */
const IN_FLIGHT = ['intent', 'unknown', 'cancel'];

/** The member's orders as (id, status) pairs, in flight ones flagged: what a read of free money can race. */
async function orderStates(db: Db, userId: string): Promise<{ states: string; inFlight: boolean }> {
  const [botRows, cycleRows] = await Promise.all([
    db
      .select({ id: botOrders.id, status: botOrders.status })
      .from(botOrders)
      .innerJoin(bots, eq(bots.id, botOrders.runnableId))
      .where(eq(bots.userId, userId)),
    db
      .select({ id: cycleOrders.id, status: cycleOrders.status })
      .from(cycleOrders)
      .innerJoin(cycles, eq(cycles.id, cycleOrders.runnableId))
      .where(eq(cycles.userId, userId)),
  ]);
  const rows = [...botRows, ...cycleRows];
  return {
    states: rows
      .map((r) => `${r.id}:${r.status}`)
      .sort()
      .join(','),
    inFlight: rows.some((r) => IN_FLIGHT.includes(r.status)),
  };
}

/**
 * The member's free quote read while no engine moved the member's money: an order sent but not yet
 * booked has left the exchange's balance while its runnable still holds the amount, so a read
 * then counts that money out twice and understates what a start may commit (a start a moment
 * later, after the booking, rightly commits more). The read is kept only when no order of the
 * member was in flight before it and none was written or changed while it ran; else it is taken
 * again, and after `waitMs` the last read stands.
 */
export async function settledFreeQuote(
  db: Db,
  userId: string,
  read: () => Promise<PerWallet>,
  waitMs: number,
): Promise<PerWallet> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const before = await orderStates(db, userId);
    const free = await read();
    const after = await orderStates(db, userId);
    if ((!before.inFlight && before.states === after.states) || Date.now() >= deadline) return free;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The id a start's answer names (botID or cycle_id), or null for a refusal. */
export function startedId(answer: FuzzAnswer): string | null {
  if (answer.status !== 200 || answer.json === null || typeof answer.json !== 'object') return null;
  const json = answer.json as Record<string, unknown>;
  const id = json.botID ?? json.cycle_id;
  return typeof id === 'string' ? id : null;
}

/** What the started bots and cycles commit, per wallet, as their rows say. */
export async function committedBy(db: Db, ids: readonly string[]): Promise<PerWallet> {
  const sum: PerWallet = { Spot: new Decimal(0), Future: new Decimal(0) };
  if (ids.length === 0) return sum;
  const [botRows, cycleRows] = await Promise.all([
    db
      .select({ category: bots.category, amount: bots.investment })
      .from(bots)
      .where(inArray(bots.id, [...ids])),
    db
      .select({ category: cycles.category, amount: cycles.amount })
      .from(cycles)
      .where(inArray(cycles.id, [...ids])),
  ]);
  for (const row of [...botRows, ...cycleRows]) sum[row.category as Wallet] = sum[row.category as Wallet].plus(row.amount);
  return sum;
}

/**
 * The burst's breaches: a wallet whose accepted starts hold more than was free plus what was given
 * back meanwhile: the amounts of bots and cycles that stopped, and what the sells of those still
 * running realized (a sell's proceeds beyond its cost are free money a start may use).
 */
export function committedBreaches(
  label: string,
  free: PerWallet,
  committed: PerWallet,
  runningBefore: readonly Running[],
  runningAfter: readonly Running[],
): string[] {
  const after = new Map(runningAfter.map((r) => [r.id, r]));
  const breaches: string[] = [];
  for (const wallet of WALLETS) {
    const givenBack = runningBefore
      .filter((r) => r.category === wallet)
      .reduce((s, r) => {
        const now = after.get(r.id);
        return now === undefined ? s.plus(r.amount) : s.plus(new Decimal(now.realized).minus(r.realized));
      }, new Decimal(0));
    if (committed[wallet].gt(free[wallet].plus(givenBack))) {
      breaches.push(
        `${label}'s concurrent starts committed ${committed[wallet].toFixed()} USDT of the ${wallet} wallet; ${free[wallet].toFixed()} was free before` +
          ` and ${givenBack.toFixed()} given back since`,
      );
    }
  }
  return breaches;
}
