/**
 * Ending a payout, once. SUCCESS only moves the status (the member was debited at request
 * time); FAILED also gives the amount back to the member's USDT rewards in the same
 * transaction, as the two entries it was debited as: `withdrawal_refund:<id>` (amount - fee)
 * and `withdrawal_fee_refund:<id>` (the fee, when there was one: nothing was paid on chain), so a
 * refund can neither be lost nor paid twice, even by two workers or a retry after a crash.
 */
import { and, eq } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import type { Db } from '../../db/database';
import { withdrawals } from '../../db/schema';
import { post } from '../ledger/post';
import { payableOf } from './limits';

/** True when this call marked it; false when the row had already ended. */
export async function markPaid(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(withdrawals)
    .set({ status: 'SUCCESS', completedAt: now, updatedAt: now })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'PENDING')))
    .returning({ id: withdrawals.id });
  return rows.length === 1;
}

export async function failAndRefund(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: withdrawals.userId, amount: withdrawals.amount, fee: withdrawals.fee, status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update');
    if (!row || row.status !== 'PENDING') return false;
    await tx
      .update(withdrawals)
      .set({ status: 'FAILED', lastError: reason, completedAt: now, updatedAt: now })
      .where(eq(withdrawals.id, id));
    await post(tx, {
      key: `withdrawal_refund:${id}`,
      kind: 'withdrawal_refund',
      reference: id,
      legs: [{ userId: row.userId, asset: 'USDT_REWARD', amount: payableOf(row.amount, row.fee) }],
    });
    if (!new Decimal(row.fee).isZero()) {
      await post(tx, {
        key: `withdrawal_fee_refund:${id}`,
        kind: 'withdrawal_fee_refund',
        reference: id,
        legs: [{ userId: row.userId, asset: 'USDT_REWARD', amount: new Decimal(row.fee).toFixed() }],
      });
    }
    return true;
  });
}
