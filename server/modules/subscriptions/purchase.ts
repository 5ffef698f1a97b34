/**
 * Buying a plan (POST /account/subscription/create): paid whole from the member's USDT balance,
 * or, when that is short, whole from their IFC at the plan's IFC price; the days extend an active
 * subscription. One transaction holds the purchase row, the ledger debit and every sponsor's
 * level reward; the member's row lock orders their purchases, and the ledger's own balance
 * condition stops any overdraft by a concurrent withdrawal or swap. An Idempotency-Key makes
 * a repeated request answer from the first (ledger/idempotent-requests.ts).
 */
import { eq } from 'drizzle-orm';
import { Decimal } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import type { Db } from '../../db/database';
import { memberSubscriptions, users } from '../../db/schema';
import type { Clock } from '../clock';
import { DomainError } from '../errors';
import type { LedgerAsset } from '../ledger/assets';
import { balancesOf } from '../ledger/balances';
import { oncePerKey, type AnswerCodec } from '../ledger/idempotent-requests';
import { InsufficientBalance, post } from '../ledger/post';
import { distributeLevelRewards } from './level-rewards';
import { offeredPlan, type Plan } from './plans';
import { currentExpiry, extendedExpiry } from './subscriptions';

export interface PurchaseResult {
  subscriptionId: string;
  expireDate: Date;
  paidWith: LedgerAsset;
  amount: string;
  rewardsCredited: number;
}

function unaffordable(plan: Plan): DomainError {
  return new DomainError('billing.unaffordable', SERVER.subscriptionUnaffordable(plan.usdtToken, plan.ifcNewToken));
}

/** USDT when it covers the price, else IFC when that does, else null. */
function payment(plan: Plan, balances: Record<LedgerAsset, string>): { asset: LedgerAsset; amount: string } | null {
  if (new Decimal(balances.USDT).gte(plan.usdtToken)) return { asset: 'USDT', amount: plan.usdtToken };
  if (new Decimal(balances.IFC).gte(plan.ifcNewToken)) return { asset: 'IFC', amount: plan.ifcNewToken };
  return null;
}

const purchaseAnswer: AnswerCodec<PurchaseResult> = {
  save: (bought) => ({ ...bought, expireDate: bought.expireDate.toISOString() }),
  load: (saved) => {
    const stored = saved as Omit<PurchaseResult, 'expireDate'> & { expireDate: string };
    return { ...stored, expireDate: new Date(stored.expireDate) };
  },
};

/** The purchase itself, in the caller's transaction with the member's row locked. */
async function buy(tx: Db, userId: string, planId: string, clock: Clock): Promise<PurchaseResult> {
  const plan = await offeredPlan(tx, planId);
  if (!plan) throw new DomainError('billing.plan_not_found', SERVER.planNotFound);
  const pay = payment(plan, await balancesOf(tx, userId));
  if (!pay) throw unaffordable(plan);
  const now = clock();
  const expireDate = extendedExpiry(await currentExpiry(tx, userId), plan.days, now);
  const [row] = await tx
    .insert(memberSubscriptions)
    .values({
      userId,
      expireDate,
      days: plan.days,
      source: 'purchase',
      planId: plan.id,
      usdtValue: plan.usdtToken,
      paidUsdt: pay.asset === 'USDT' ? pay.amount : '0',
      paidIfc: pay.asset === 'IFC' ? pay.amount : '0',
      createdAt: now,
    })
    .returning({ id: memberSubscriptions.id });
  const subscriptionId = row!.id;
  const debit = await post(tx, {
    key: `subscription:${subscriptionId}`,
    kind: 'subscription',
    reference: subscriptionId,
    legs: [{ userId, asset: pay.asset, amount: new Decimal(pay.amount).neg().toFixed() }],
  }).catch((error: unknown) => {
    // Only reachable if the lock were bypassed (another path debiting without it): same answer.
    throw error instanceof InsufficientBalance ? unaffordable(plan) : error;
  });
  await tx
    .update(memberSubscriptions)
    .set({ availableCredit: debit.entries[0]!.balanceAfter })
    .where(eq(memberSubscriptions.id, subscriptionId));
  const rewardsCredited = await distributeLevelRewards(tx, { subscriptionId, buyerId: userId, usdtValue: plan.usdtToken });
  return { subscriptionId, expireDate, paidWith: pay.asset, amount: pay.amount, rewardsCredited };
}

/**
 * With `requestKey` (the member's Idempotency-Key), the same key again answers the first
 * purchase and buys nothing, even when the plan was retired since.
 */
export async function purchasePlan(
  db: Db,
  userId: string,
  planId: string,
  clock: Clock,
  requestKey?: string,
): Promise<PurchaseResult> {
  const keyed = { userId, key: requestKey, operation: 'subscription', request: { planId: planId.toLowerCase() } } as const;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return oncePerKey(tx, keyed, () => buy(tx, userId, planId, clock), purchaseAnswer);
  });
}
