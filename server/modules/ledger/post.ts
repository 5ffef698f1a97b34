/**
 * Posting to the ledger: the one way a member balance changes. A posting is one business
 * operation (a deposit, a purchase, a swap...) with one idempotency key and one or more legs;
 * it applies whole or not at all, once:
 *
 * - a key already posted returns the rows it wrote and changes nothing;
 * - a debit that would take an account below zero fails the whole posting (InsufficientBalance);
 * - accounts are locked in one order (member, asset), so concurrent postings never deadlock,
 *   and the balance check is the UPDATE's own condition, so they never overdraw.
 *
 * Call it with the transaction of the business change; it runs in a savepoint of it, so a
 * refused posting leaves the caller's transaction usable.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { sqlState } from '../../db/database';
import { ledgerEntries, memberBalances } from '../../db/schema';
import { LEDGER_INTEGER_DIGITS, LEDGER_SCALE, isLedgerAsset, type LedgerAsset, type LedgerKind } from './assets';

export interface Leg {
  userId: string;
  asset: LedgerAsset;
  /** Signed: a credit is positive, a debit negative. */
  amount: Decimal.Value;
}

export interface Posting {
  key: string;
  kind: LedgerKind;
  legs: readonly Leg[];
  reason?: string;
  reference?: string;
}

export interface PostedEntry {
  id: number;
  userId: string;
  asset: LedgerAsset;
  amount: string;
  balanceAfter: string;
  leg: number;
}

export interface PostResult {
  /** False when the key had been posted before: nothing changed. */
  applied: boolean;
  entries: PostedEntry[];
}

export class InsufficientBalance extends Error {
  override name = 'InsufficientBalance';
  constructor(
    readonly userId: string,
    readonly asset: LedgerAsset,
  ) {
    super(`insufficient ${asset} balance`);
  }
}

/** A malformed posting is a programming error, never a member's input error. */
function checkedAmount(leg: Leg, index: number): Decimal {
  if (!isLedgerAsset(leg.asset)) throw new RangeError(`leg ${index}: unknown asset ${String(leg.asset)}`);
  const amount = new Decimal(leg.amount);
  if (!amount.isFinite() || amount.isZero()) throw new RangeError(`leg ${index}: amount must be a non-zero number`);
  if (amount.decimalPlaces() > LEDGER_SCALE) throw new RangeError(`leg ${index}: more than ${LEDGER_SCALE} decimals`);
  if (amount.abs().gte(new Decimal(10).pow(LEDGER_INTEGER_DIGITS)))
    throw new RangeError(`leg ${index}: more than ${LEDGER_INTEGER_DIGITS} integer digits`);
  return amount;
}

const entryColumns = {
  id: ledgerEntries.id,
  userId: ledgerEntries.userId,
  asset: ledgerEntries.asset,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  leg: ledgerEntries.leg,
};

function plainEntry(row: {
  id: number;
  userId: string;
  asset: string;
  amount: string;
  balanceAfter: string;
  leg: number;
}): PostedEntry {
  return {
    ...row,
    asset: row.asset as LedgerAsset,
    amount: new Decimal(row.amount).toFixed(),
    balanceAfter: new Decimal(row.balanceAfter).toFixed(),
  };
}

async function postedBefore(db: Db, key: string): Promise<PostedEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, key))
    .orderBy(asc(ledgerEntries.leg));
  return rows.map(plainEntry);
}

/** Applies one leg to its account and returns the balance after it. */
async function applyLeg(tx: Db, leg: Leg, amount: Decimal): Promise<Decimal> {
  const value = amount.toFixed();
  if (amount.isPositive()) {
    const [row] = await tx
      .insert(memberBalances)
      .values({ userId: leg.userId, asset: leg.asset, balance: value })
      .onConflictDoUpdate({
        target: [memberBalances.userId, memberBalances.asset],
        set: { balance: sql`${memberBalances.balance} + excluded.balance`, updatedAt: sql`now()` },
      })
      .returning({ balance: memberBalances.balance });
    return new Decimal(row!.balance);
  }
  const [row] = await tx
    .update(memberBalances)
    .set({ balance: sql`${memberBalances.balance} + ${value}::numeric`, updatedAt: sql`now()` })
    .where(
      and(
        eq(memberBalances.userId, leg.userId),
        eq(memberBalances.asset, leg.asset),
        sql`${memberBalances.balance} + ${value}::numeric >= 0`,
      ),
    )
    .returning({ balance: memberBalances.balance });
  if (!row) throw new InsufficientBalance(leg.userId, leg.asset);
  return new Decimal(row.balance);
}

/**
 * Credits to distinct accounts, in one statement: a purchase's level rewards touch up to ten
 * sponsors' accounts, and every round trip between the first locked row and the commit is time
 * the next purchase of the same upline waits. Rows are taken in the statement's order, which
 * is the posting's (member, asset) order, so the no-deadlock rule still holds.
 */
async function applyCredits(tx: Db, items: readonly { leg: Leg; amount: Decimal }[]): Promise<Decimal[]> {
  const rows = await tx
    .insert(memberBalances)
    .values(items.map(({ leg, amount }) => ({ userId: leg.userId, asset: leg.asset, balance: amount.toFixed() })))
    .onConflictDoUpdate({
      target: [memberBalances.userId, memberBalances.asset],
      set: { balance: sql`${memberBalances.balance} + excluded.balance`, updatedAt: sql`now()` },
    })
    .returning({ userId: memberBalances.userId, asset: memberBalances.asset, balance: memberBalances.balance });
  const after = new Map(rows.map((row) => [`${row.userId}|${row.asset}`, new Decimal(row.balance)]));
  return items.map(({ leg }) => after.get(`${leg.userId}|${leg.asset}`)!);
}

/** True when one statement can apply them: all credits, no account twice. */
function creditsOnly(items: readonly { leg: Leg; amount: Decimal }[]): boolean {
  const accounts = new Set(items.map(({ leg }) => `${leg.userId}|${leg.asset}`));
  return items.length > 1 && accounts.size === items.length && items.every(({ amount }) => amount.isPositive());
}

const compareLegs = (a: { leg: Leg }, b: { leg: Leg }) =>
  a.leg.userId < b.leg.userId
    ? -1
    : a.leg.userId > b.leg.userId
      ? 1
      : a.leg.asset < b.leg.asset
        ? -1
        : a.leg.asset > b.leg.asset
          ? 1
          : 0;

class AlreadyPosted extends Error {}

export async function post(db: Db, posting: Posting): Promise<PostResult> {
  if (posting.key.length === 0 || posting.key.length > 200) throw new RangeError('posting key must be 1-200 characters');
  if (posting.legs.length === 0) throw new RangeError('a posting needs at least one leg');
  const legs = posting.legs.map((leg, index) => ({ leg, index, amount: checkedAmount(leg, index) }));
  const before = await postedBefore(db, posting.key);
  if (before.length > 0) return { applied: false, entries: before };
  try {
    const entries = await db.transaction(async (tx) => {
      const balances = new Map<number, Decimal>();
      const ordered = [...legs].sort(compareLegs);
      if (creditsOnly(ordered)) (await applyCredits(tx, ordered)).forEach((after, i) => balances.set(ordered[i]!.index, after));
      else for (const item of ordered) balances.set(item.index, await applyLeg(tx, item.leg, item.amount));
      const rows = await tx
        .insert(ledgerEntries)
        .values(
          legs.map((item) => ({
            userId: item.leg.userId,
            asset: item.leg.asset,
            amount: item.amount.toFixed(),
            balanceAfter: balances.get(item.index)!.toFixed(),
            kind: posting.kind,
            idempotencyKey: posting.key,
            leg: item.index,
            reason: posting.reason ?? null,
            reference: posting.reference ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning(entryColumns);
      // A concurrent posting of the same key committed first: undo ours (the savepoint).
      if (rows.length !== legs.length) throw new AlreadyPosted();
      return rows.map(plainEntry).sort((a, b) => a.leg - b.leg);
    });
    return { applied: true, entries };
  } catch (error) {
    if (error instanceof AlreadyPosted || sqlState(error).code === '23505')
      return { applied: false, entries: await postedBefore(db, posting.key) };
    throw error;
  }
}
