/**
 * POST /account/swap/usdt-reward/create: moves earned USDT rewards into the member's USDT
 * wallet, one for one, as a single two-leg ledger posting (USDT_REWARD down, USDT up) in one
 * transaction. The member's row lock orders their swaps, withdrawals and purchases so the
 * balance read for the refusal message is the one the posting meets; the ledger's own balance
 * condition is what finally makes an overdraft impossible. An Idempotency-Key makes a repeated
 * request answer from the first (ledger/idempotent-requests.ts); without one, each request is a
 * new swap (ledger key `reward_swap:<random id>`).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RewardSwapData } from '../../../common/api/billing';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { DomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { oncePerKey } from '../ledger/idempotent-requests';
import { InsufficientBalance, post } from '../ledger/post';

function tooLarge(balance: string): DomainError {
  return new DomainError('billing.reward_swap_too_large', SERVER.rewardSwapTooLarge(balance));
}

/** The two-leg posting, in the caller's transaction with the member's row locked. */
async function swap(tx: Db, userId: string, value: Decimal): Promise<RewardSwapData> {
  const balances = await balancesOf(tx, userId);
  if (value.gt(balances.USDT_REWARD)) throw tooLarge(balances.USDT_REWARD);
  const swapId = randomUUID();
  const { entries } = await post(tx, {
    key: `reward_swap:${swapId}`,
    kind: 'reward_swap',
    reference: swapId,
    legs: [
      { userId, asset: 'USDT_REWARD', amount: value.neg().toFixed() },
      { userId, asset: 'USDT', amount: value.toFixed() },
    ],
  }).catch(async (error: unknown) => {
    // Only reachable if the lock were bypassed (another path debiting without it): same answer.
    throw error instanceof InsufficientBalance ? tooLarge((await balancesOf(tx, userId)).USDT_REWARD) : error;
  });
  const after = (asset: string) => entries.find((entry) => entry.asset === asset)!.balanceAfter;
  return { usdtToken: after('USDT'), usdtRewardToken: after('USDT_REWARD') };
}

/**
 * `amount` is a positive decimal string (rewardSwapRequestSchema checked it). With `requestKey`
 * (the member's Idempotency-Key), the same key again answers the first swap's balances and
 * moves nothing.
 */
export async function swapRewards(db: Db, userId: string, amount: string, requestKey?: string): Promise<RewardSwapData> {
  const value = new Decimal(amount);
  if (!value.isFinite() || value.lte(0)) throw new DomainError('validation.invalid', VALIDATION.amountPositive);
  const keyed = { userId, key: requestKey, operation: 'reward_swap', request: { amount: value.toFixed() } } as const;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return oncePerKey(tx, keyed, () => swap(tx, userId, value));
  });
}
