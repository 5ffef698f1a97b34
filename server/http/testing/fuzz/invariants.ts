/**
 * What must hold after any sequence of member requests (issue 34, item 11), read straight from
 * the database. Each check returns the breaches it found as readable lines (none: it holds):
 * - the ledger: each member account's balance equals the sum of its entries, and its last entry's
 *   balance_after (modules/ledger/post.ts is the one door; nothing else may move a balance);
 * - one per pair: a member's live cycle shares its pair with no other running bot or live cycle
 *   of theirs, and no member has two running Future bots on one pair (two Spot bots on one pair
 *   are allowed by the product);
 * - starts: no `runnable_starts` row outlives the requests (modules/runnables/starting.ts);
 * - funds: what a member's running bots and live cycles commit of a wallet is at most the USDT
 *   the wallet was given (the fuzz moves no money into the exchange wallets and its prices stay
 *   put, so no trade can have added any);
 * - commands: every stop, stop & sell and edit the API queued is applied by the running engines
 *   (the API answers a command the engine has not answered within its wait as done: it must be).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { RUNNING_BOT_STATUSES } from '../../../../common/api/bots';
import { Decimal } from '../../../../common/money';
import type { Db } from '../../../db/database';
import { botCommands, bots, cycleCommands, cycles, ledgerEntries, memberBalances, runnableStarts } from '../../../db/schema';

/** A member the invariants look at, with the USDT each exchange wallet was given. */
export interface FuzzMember {
  label: string;
  userId: string;
  funds: { Spot: string; Future: string };
}

export async function ledgerBreaches(db: Db, member: FuzzMember): Promise<string[]> {
  const [entries, balances] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, member.userId))
      .orderBy(ledgerEntries.id),
    db
      .select({ asset: memberBalances.asset, balance: memberBalances.balance })
      .from(memberBalances)
      .where(eq(memberBalances.userId, member.userId)),
  ]);
  const sums = new Map<string, Decimal>();
  const last = new Map<string, string>();
  for (const entry of entries) {
    sums.set(entry.asset, (sums.get(entry.asset) ?? new Decimal(0)).plus(entry.amount));
    last.set(entry.asset, entry.balanceAfter);
  }
  const breaches: string[] = [];
  const assets = new Set([...sums.keys(), ...balances.map((b) => b.asset)]);
  for (const asset of assets) {
    const balance = new Decimal(balances.find((b) => b.asset === asset)?.balance ?? '0');
    const sum = sums.get(asset) ?? new Decimal(0);
    if (!balance.eq(sum))
      breaches.push(`${member.label}'s ${asset} balance ${balance.toFixed()} is not the sum of its entries ${sum.toFixed()}`);
    const after = last.get(asset);
    if (after !== undefined && !balance.eq(after))
      breaches.push(
        `${member.label}'s ${asset} balance ${balance.toFixed()} is not its last entry's balance_after ${new Decimal(after).toFixed()}`,
      );
  }
  return breaches;
}

/** A running bot (Live, Pause) or live cycle, with the quote it commits. */
export interface Running {
  kind: 'bot' | 'cycle';
  id: string;
  symbol: string;
  category: string;
  amount: string;
  /** Its realized PnL: what its sells gave back beyond their cost (or took, below it). */
  realized: string;
}

/** The member's running bots (Live, Pause) and live cycles. */
export async function runningOf(db: Db, userId: string): Promise<Running[]> {
  const [botRows, cycleRows] = await Promise.all([
    db
      .select({ id: bots.id, symbol: bots.symbol, category: bots.category, amount: bots.investment, realized: bots.realizedPnl })
      .from(bots)
      .where(and(eq(bots.userId, userId), inArray(bots.status, [...RUNNING_BOT_STATUSES]))),
    db
      .select({
        id: cycles.id,
        symbol: cycles.symbol,
        category: cycles.category,
        amount: cycles.amount,
        realized: cycles.realizedPnl,
      })
      .from(cycles)
      .where(and(eq(cycles.userId, userId), eq(cycles.status, 'Live'))),
  ]);
  return [...botRows.map((r) => ({ kind: 'bot' as const, ...r })), ...cycleRows.map((r) => ({ kind: 'cycle' as const, ...r }))];
}

export function onePerPairBreaches(label: string, running: readonly Running[]): string[] {
  const breaches: string[] = [];
  const name = (r: Running) => `${r.category} ${r.kind} ${r.id}`;
  for (const cycle of running.filter((r) => r.kind === 'cycle')) {
    const others = running.filter((r) => r !== cycle && r.symbol === cycle.symbol);
    if (others.length > 0)
      breaches.push(`${label}'s live ${name(cycle)} shares ${cycle.symbol} with ${others.map(name).join(', ')}`);
  }
  const futures = running.filter((r) => r.kind === 'bot' && r.category === 'Future');
  for (const symbol of new Set(futures.map((r) => r.symbol))) {
    const onPair = futures.filter((r) => r.symbol === symbol);
    if (onPair.length > 1)
      breaches.push(`${label} has ${onPair.length} running Future bots on ${symbol}: ${onPair.map((r) => r.id).join(', ')}`);
  }
  return breaches;
}

/** What running bots and live cycles commit of each wallet, beside the USDT it was given. */
export function fundsBreaches(member: FuzzMember, running: readonly Running[]): string[] {
  const breaches: string[] = [];
  for (const wallet of ['Spot', 'Future'] as const) {
    const committed = running.filter((r) => r.category === wallet).reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    if (committed.gt(member.funds[wallet])) {
      breaches.push(
        `${member.label}'s running bots and live cycles commit ${committed.toFixed()} USDT of the ${wallet} wallet, which was given ${member.funds[wallet]}`,
      );
    }
  }
  return breaches;
}

export async function leftoverStartBreaches(db: Db): Promise<string[]> {
  const rows = await db.select().from(runnableStarts);
  return rows.map(
    (r) =>
      `a runnable_starts row outlived its request: ${r.kind} ${r.category} ${r.symbol} ${new Decimal(r.amount).toFixed()} of member ${r.userId}`,
  );
}

/** The members' commands of one kind (bots', cycles') no engine has applied yet, with the runnable each is for. */
function unappliedOf(
  db: Db,
  commands: typeof botCommands | typeof cycleCommands,
  runnables: typeof bots | typeof cycles,
  users: string[],
) {
  return db
    .select({
      kind: commands.kind,
      id: commands.runnableId,
      at: commands.createdAt,
      status: runnables.status,
      category: runnables.category,
      symbol: runnables.symbol,
    })
    .from(commands)
    .innerJoin(runnables, eq(runnables.id, commands.runnableId))
    .where(and(inArray(runnables.userId, users), isNull(commands.appliedAt)));
}

/** The members' commands no engine has applied yet. */
export async function unappliedCommands(db: Db, userIds: readonly string[]): Promise<string[]> {
  const users = [...userIds];
  const [botRows, cycleRows] = await Promise.all([
    unappliedOf(db, botCommands, bots, users),
    unappliedOf(db, cycleCommands, cycles, users),
  ]);
  return [...botRows.map((r) => ({ ...r, what: 'bot' })), ...cycleRows.map((r) => ({ ...r, what: 'cycle' }))].map(
    (r) =>
      `a '${r.kind}' command of ${r.status} ${r.category} ${r.what} ${r.id} on ${r.symbol}, queued at ${r.at.toISOString()}, is still unapplied`,
  );
}

/** Every breach of every invariant above, for `members`; none when all hold. */
export async function invariantBreaches(db: Db, members: readonly FuzzMember[]): Promise<string[]> {
  const breaches = await leftoverStartBreaches(db);
  for (const member of members) {
    const running = await runningOf(db, member.userId);
    breaches.push(
      ...(await ledgerBreaches(db, member)),
      ...onePerPairBreaches(member.label, running),
      ...fundsBreaches(member, running),
    );
  }
  return breaches;
}

/** The members' commands still unapplied once `waitMs` passed (or none, as soon as there are none). */
export async function commandsLeftAfter(db: Db, userIds: readonly string[], waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const left = await unappliedCommands(db, userIds);
    if (left.length === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
