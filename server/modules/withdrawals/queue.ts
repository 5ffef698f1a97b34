/**
 * The payout worker's side of the withdrawals table.
 *
 * Claiming: a worker takes the oldest PENDING row nobody holds (FOR UPDATE SKIP LOCKED) whose
 * updated_at is older than the lease, and stamps updated_at in the same statement's
 * transaction. The stamp is the lease: no other worker takes the row for `leaseMs`, and a
 * worker that died holding it gives it up when the lease runs out. Safety never rests on the
 * lease, only the duplicated work does: signing is a compare-and-set (storeSigned), only the
 * stored raw transaction is ever broadcast, and settling is once per row (settle.ts).
 *
 * A new row (updated_at still equal to created_at) is claimable at once; every worker write
 * stamps a time strictly after created_at, so a claimed row is never mistaken for a new one.
 * A worker's own lease does not keep it out: it names the rows it holds (`held`) and follows a
 * sent payout to its confirmations on its next passes, re-stamping the lease each time.
 */
import { and, asc, eq, inArray, isNull, lte, max, notInArray, or, sql } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { withdrawals } from '../../db/schema';

export interface PayoutRow {
  id: string;
  userId: string;
  /** Whole USDT, a plain decimal string: what the member asked for, fee included. */
  amount: string;
  /** The network fee kept from `amount`: the chain pays amount - fee. */
  fee: string;
  toAddress: string;
  nonce: bigint | null;
  signedTx: string | null;
  txHash: string | null;
  attempts: number;
}

/** `now`, but never equal to created_at (see above). */
const stamp = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${withdrawals.createdAt} + interval '1 millisecond')`;

const columns = {
  id: withdrawals.id,
  userId: withdrawals.userId,
  amount: withdrawals.amount,
  fee: withdrawals.fee,
  toAddress: withdrawals.toAddress,
  nonce: withdrawals.nonce,
  signedTx: withdrawals.signedTx,
  txHash: withdrawals.txHash,
  attempts: withdrawals.attempts,
};

type Raw = Pick<typeof withdrawals.$inferSelect, keyof typeof columns>;

function rowOf(raw: Raw): PayoutRow {
  return {
    id: raw.id,
    userId: raw.userId,
    amount: new Decimal(raw.amount).toFixed(),
    fee: new Decimal(raw.fee).toFixed(),
    toAddress: raw.toAddress,
    nonce: raw.nonce === null ? null : BigInt(new Decimal(raw.nonce).toFixed()),
    signedTx: raw.signedTx,
    txHash: raw.txHash,
    attempts: raw.attempts,
  };
}

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  /** Rows this worker is backing off from, or has handled in this pass. */
  skip?: readonly string[];
  /** Rows this worker holds (claimed, not settled): claimable by it whatever their lease. */
  held?: readonly string[];
}

export async function claimNext(db: Db, { now, leaseMs, skip = [], held = [] }: ClaimOptions): Promise<PayoutRow | null> {
  const cutoff = new Date(now.getTime() - leaseMs);
  return db.transaction(async (tx) => {
    const [raw] = await tx
      .select(columns)
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'PENDING'),
          or(
            lte(withdrawals.updatedAt, cutoff),
            eq(withdrawals.updatedAt, withdrawals.createdAt),
            held.length > 0 ? inArray(withdrawals.id, [...held]) : undefined,
          ),
          skip.length > 0 ? notInArray(withdrawals.id, [...skip]) : undefined,
        ),
      )
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!raw) return null;
    await tx
      .update(withdrawals)
      .set({ updatedAt: stamp(now) })
      .where(eq(withdrawals.id, raw.id));
    return rowOf(raw);
  });
}

/** Arbitrary constant: the advisory lock that serialises hot-wallet nonce assignment. */
const NONCE_LOCK = 7_311_943;

export interface SignedPayout {
  signedTx: string;
  txHash: string;
}

/**
 * Gives the row the hot wallet's next nonce and stores the transaction signed with it, before
 * anything is broadcast. The next nonce is the larger of (highest nonce any withdrawal holds)+1
 * and the chain's pending count: the first covers payouts signed but not yet sent (a crash
 * between the two), the second transactions the wallet sent otherwise. The advisory lock makes
 * two workers take turns; the unique index on nonce would refuse a duplicate anyway. Returns
 * the row as stored, which is another worker's signature when that one got there first.
 */
export async function storeSigned(
  db: Db,
  id: string,
  chainPendingNonce: bigint,
  sign: (nonce: bigint) => Promise<SignedPayout>,
  now: Date,
): Promise<PayoutRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${NONCE_LOCK})`);
    const [raw] = await tx
      .select(columns)
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')))
      .for('update');
    if (!raw) return null;
    if (raw.signedTx !== null) return rowOf(raw);
    const [held] = await tx.select({ top: max(withdrawals.nonce) }).from(withdrawals);
    const afterHeld = held?.top == null ? 0n : BigInt(new Decimal(held.top).toFixed()) + 1n;
    const nonce = afterHeld > chainPendingNonce ? afterHeld : chainPendingNonce;
    const signed = await sign(nonce);
    const [stored] = await tx
      .update(withdrawals)
      .set({ nonce: nonce.toString(), signedTx: signed.signedTx, txHash: signed.txHash, updatedAt: stamp(now) })
      .where(and(eq(withdrawals.id, id), isNull(withdrawals.signedTx)))
      .returning(columns);
    return rowOf(stored!);
  });
}

/** One more try at the chain (a broadcast, or a step that failed); `error` null on success. */
export async function recordAttempt(db: Db, id: string, error: string | null, now: Date): Promise<void> {
  await db
    .update(withdrawals)
    .set({ attempts: sql`${withdrawals.attempts} + 1`, updatedAt: stamp(now), ...(error === null ? {} : { lastError: error }) })
    .where(eq(withdrawals.id, id));
}
