/**
 * The billing-service operations (common/ops/billing.ts), served under /account with the
 * `{code:'0000', data, msg}` envelope: each is one call into its module, answering its data and
 * the `msg` the member reads. Subscribe, withdraw and the reward swap take the optional
 * Idempotency-Key header (a malformed one is a 400, never ignored). Without a chain, the deposit
 * listen and sync answer 503 with a message the Deposit screen shows, never an address nothing
 * would ever credit; a server that cannot pay out refuses new withdrawals instead of debiting
 * rewards it cannot pay.
 */
import { SERVER } from '../../../common/messages';
import type { billingOps } from '../../../common/ops/billing';
import type { DepositSettings } from '../../config/chain';
import { depositHistory } from '../../modules/deposits/history';
import { openListenWindow, openWindowStart } from '../../modules/deposits/listen';
import { creditedSince, requestDepositScan, waitForScan } from '../../modules/deposits/sync';
import { DomainError } from '../../modules/errors';
import { walletUserData } from '../../modules/profile/user-data';
import { levelRewardHistory, levelRewardSummary } from '../../modules/referrals/level-income';
import { swapRewards } from '../../modules/rewards/swap';
import { subscriptionHistory } from '../../modules/subscriptions/history';
import { listPlans } from '../../modules/subscriptions/plans';
import { purchasePlan } from '../../modules/subscriptions/purchase';
import { teamDashboard } from '../../modules/team/dashboard';
import { teamLevelMembers } from '../../modules/team/members';
import { createWithdrawal } from '../../modules/withdrawals/create';
import { withdrawHistory } from '../../modules/withdrawals/history';
import { idempotencyKeyOf } from '../idempotency-key';
import type { BillingAnswer, OpHandlers } from '../ops/register';
import type { AppDeps } from '../types';

/** A read's answer: its data with the service's usual 'Success'. */
const success = async <T>(data: Promise<T>): Promise<BillingAnswer<T>> => ({ data: await data, msg: SERVER.accountOk });

/** The deposit settings of a server with a chain; a 503 the member reads without one. */
function depositChain({ config }: AppDeps): DepositSettings {
  const { deposits } = config.chain;
  if (!deposits.enabled) throw new DomainError('billing.deposits_unavailable', SERVER.depositsUnavailable);
  return deposits.settings;
}

export const billingHandlers: OpHandlers<typeof billingOps> = {
  'billing:userData': (_input, { deps, userId }) => success(walletUserData(deps.db, deps.config, userId, deps.clock)),

  'billing:plans': (_input, { deps }) => success(listPlans(deps.db).then((plans) => ({ plans }))),
  'billing:subscriptions': ({ page, limit }, { deps, userId }) => success(subscriptionHistory(deps.db, userId, { page, limit })),
  'billing:subscribe': async ({ planId }, { deps, userId, request }) => {
    const bought = await purchasePlan(deps.db, userId, planId, deps.clock, idempotencyKeyOf(request));
    return {
      data: { expireDate: bought.expireDate.toISOString(), paidWith: bought.paidWith, amount: bought.amount },
      msg: SERVER.subscriptionPurchased,
    };
  },

  'billing:levelReward': (_input, { deps, userId }) => success(levelRewardSummary(deps.db, userId)),
  'billing:levelIncome': ({ page, limit }, { deps, userId }) => success(levelRewardHistory(deps.db, userId, { page, limit })),

  'billing:deposits': ({ page, limit }, { deps, userId }) => success(depositHistory(deps.db, userId, { page, limit })),
  'billing:depositListen': (_input, { deps, userId }) =>
    success(openListenWindow(deps.db, depositChain(deps).addresses, userId, deps.config.depositListenSeconds, deps.clock)),
  'billing:depositSync': async (_input, { deps, userId }) => {
    const { confirmations } = depositChain(deps);
    const windowStart = await openWindowStart(deps.db, userId, deps.config.depositListenSeconds, deps.clock);
    const asked = await requestDepositScan(deps.db);
    await waitForScan(deps.db, asked);
    // New = credited since 'make payment' opened the window, or since this request without one.
    const credited = await creditedSince(deps.db, userId, windowStart ?? asked);
    return { data: { credited }, msg: credited > 0 ? SERVER.depositsCredited(credited) : SERVER.depositsNoneYet(confirmations) };
  },

  'billing:withdrawals': ({ page, limit }, { deps, userId }) => success(withdrawHistory(deps.db, userId, { page, limit })),
  'billing:withdraw': async (body, { deps, userId, request }) => {
    const { payouts, checksummedAddress } = deps.config.chain;
    const options = {
      clock: deps.clock,
      available: payouts.enabled,
      checksummedAddress,
      hotWalletAddress: payouts.enabled ? payouts.settings.hotWalletAddress : null,
    };
    return {
      data: await createWithdrawal(deps.db, userId, body, options, idempotencyKeyOf(request)),
      msg: SERVER.withdrawRequested,
    };
  },
  'billing:swapReward': async ({ amount }, { deps, userId, request }) => ({
    data: await swapRewards(deps.db, userId, amount, idempotencyKeyOf(request)),
    msg: SERVER.rewardSwapped,
  }),

  'billing:teamLevels': (_input, { deps, userId }) => success(teamDashboard(deps.db, userId)),
  'billing:teamMembers': ({ filters, page, limit }, { deps, userId }) =>
    success(teamLevelMembers(deps.db, userId, filters.level, { page, limit }, deps.clock())),
};
