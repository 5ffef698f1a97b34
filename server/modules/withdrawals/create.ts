/**
 * Requesting a withdrawal (POST /account/withdraw/create): one transaction inserts the PENDING
 * row and debits the member's USDT rewards by the amount, as two entries: what is paid out
 * (ledger key `withdrawal:<id>`, amount - fee) and the network fee (`withdrawal_fee:<id>`), so
 * the money is reserved before the payout worker ever sees the row. The limits (limits.ts) are
 * counted after the member's row is locked, so simultaneous requests cannot all slip under a
 * cap; a payout to the platform's own addresses is refused. The member's row lock orders
 * their own requests (and their purchases and swaps); the ledger's balance condition is what
 * makes an overdraft impossible under any concurrency, the read after a refusal only shapes
 * the message. An Idempotency-Key makes a repeated request answer from the first
 * (ledger/idempotent-requests.ts).
 */
import { eq } from 'drizzle-orm';
import type { CreateWithdrawData, CreateWithdrawRequest } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import type { ChecksumAddress } from '../../config/chain';
import type { Db } from '../../db/database';
import { users, withdrawals } from '../../db/schema';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { oncePerKey } from '../ledger/idempotent-requests';
import { InsufficientBalance, post } from '../ledger/post';
import { payoutAddress } from './address';
import { payableOf, withdrawalRefusal } from './limits';
import { isPlatformAddress, withdrawalCounts, withdrawalTerms } from './terms';

export interface CreateWithdrawOptions {
  clock: Clock;
  /** False when this server pays no withdrawals out (config.chain.payouts). */
  available: boolean;
  /** The chain's EIP-55 check (config.chain.checksummedAddress). */
  checksummedAddress: ChecksumAddress;
  /** The hot wallet's own address (config.chain.payouts), refused like a deposit address; null when unknown. */
  hotWalletAddress?: string | null;
}

async function refusal(db: Db, userId: string): Promise<DomainError> {
  const available = (await balancesOf(db, userId)).USDT_REWARD;
  return new DomainError('billing.withdrawal_insufficient', SERVER.withdrawInsufficient(new Decimal(available).toFixed()));
}

/** The PENDING row and its debit, in the caller's transaction with the member's row locked. */
async function reserve(
  tx: Db,
  userId: string,
  amount: string,
  toAddress: string,
  options: CreateWithdrawOptions,
): Promise<CreateWithdrawData> {
  if (!options.available) throw new DomainError('billing.withdrawals_unavailable', SERVER.withdrawalsUnavailable);
  if (await isPlatformAddress(tx, toAddress, options.hotWalletAddress ?? null)) {
    throw new DomainError('billing.withdrawal_to_platform_address', SERVER.withdrawToPlatformAddress);
  }
  const now = options.clock();
  const terms = await withdrawalTerms(tx);
  const refused = withdrawalRefusal(amount, terms, await withdrawalCounts(tx, userId, now));
  if (refused) throw refused;
  const [row] = await tx
    .insert(withdrawals)
    .values({ userId, amount, fee: terms.fee, toAddress, status: 'PENDING', createdAt: now, updatedAt: now })
    .returning({ id: withdrawals.id });
  const id = row!.id;
  try {
    // One savepoint for both entries: a refused fee leaves no payout debit behind for the balance read below.
    await tx.transaction(async (both) => {
      await post(both, {
        key: `withdrawal:${id}`,
        kind: 'withdrawal',
        reference: id,
        legs: [{ userId, asset: 'USDT_REWARD', amount: new Decimal(payableOf(amount, terms.fee)).neg().toFixed() }],
      });
      if (new Decimal(terms.fee).isZero()) return; // staff may waive the fee; the ledger keeps no zero entries
      await post(both, {
        key: `withdrawal_fee:${id}`,
        kind: 'withdrawal_fee',
        reference: id,
        legs: [{ userId, asset: 'USDT_REWARD', amount: new Decimal(terms.fee).neg().toFixed() }],
      });
    });
  } catch (error) {
    // The posting's savepoint rolled back alone: the transaction still reads the balance.
    throw error instanceof InsufficientBalance ? await refusal(tx, userId) : error;
  }
  return { id, status: 'PENDING' as const };
}

/**
 * With `requestKey` (the member's Idempotency-Key), the same key again answers the first
 * request's id and status and debits nothing.
 */
export async function createWithdrawal(
  db: Db,
  userId: string,
  request: CreateWithdrawRequest,
  options: CreateWithdrawOptions,
  requestKey?: string,
): Promise<CreateWithdrawData> {
  const toAddress = payoutAddress(request.toAddress, options.checksummedAddress);
  const amount = new Decimal(request.amount);
  if (!amount.isFinite() || amount.lte(0)) throw new RangeError('a withdrawal amount must be positive');
  const keyed = { userId, key: requestKey, operation: 'withdrawal', request: { amount: amount.toFixed(), toAddress } } as const;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return oncePerKey(tx, keyed, () => reserve(tx, userId, amount.toFixed(), toAddress, options));
  });
}
