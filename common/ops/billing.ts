/**
 * Billing-service operations (SPEC section 7: Subscription, deposit, withdraw; Profile, referral,
 * team): the /account HTTP service, every one a POST answered `{code:'0000', data, msg}`
 * (envelope 'billing'). Names are those of the desktop's channels; where a channel answers
 * other than the operation (the plans list out of `data.plans`, a page of a list, a `msg` the
 * member reads), electron main writes that channel by hand around the operation.
 *
 * Subscribe, withdraw and the reward swap take an optional Idempotency-Key header
 * (server/http/idempotency-key.ts), which the desktop sends with every submission.
 * The answers' JSON Schemas, and their types, are in common/api/billing.ts and subscriptions.ts.
 */
import * as billingAnswers from '../api/billing';
import type { TeamLevelMemberRequest } from '../api/billing';
import * as subscriptionAnswers from '../api/subscriptions';
import type { PagedRequest } from '../api/subscriptions';
import {
  createSubscriptionSchema,
  pagedRequestSchema,
  rewardSwapRequestSchema,
  teamLevelMemberSchema,
  withdrawRequestSchema,
} from '../schemas/billing';
import { op } from './define';
import { IDEMPOTENT_REFUSES } from './refusals';

/** A paged list's body once its schema ran: `limit` and `page` have their defaults. */
export type ParsedPage<R extends PagedRequest = PagedRequest> = R & { limit: number; page: number };

// The tag /docs groups these routes under; kept as published.
const billing = { auth: 'member', envelope: 'billing', method: 'POST', tag: 'account service' } as const;
const list = { ...billing, input: pagedRequestSchema } as const;

/** Said in /docs of the three money-moving operations. */
const IDEMPOTENT =
  'Optional Idempotency-Key header (a UUID): the same member sending the same key again gets the first answer back and nothing runs twice; the same key with another body is refused (409)';

export const billingOps = {
  'billing:userData': op()({
    ...billing,
    path: '/account/user-data',
    summary: "The member's balances, subscription and deposit address for the wallet screens",
    response: billingAnswers.walletUserData,
  }),

  'billing:plans': op()({
    ...billing,
    path: '/account/subscription/plans',
    summary: 'The subscription plans on sale',
    response: subscriptionAnswers.plans,
  }),
  'billing:subscriptions': op<PagedRequest, ParsedPage>()({
    ...list,
    path: '/account/subscription/list',
    summary: "A page of the member's subscription purchases",
    response: subscriptionAnswers.subscriptionPage,
  }),
  'billing:subscribe': op()({
    refuses: ['billing.plan_not_found', 'billing.unaffordable', ...IDEMPOTENT_REFUSES],
    ...billing,
    path: '/account/subscription/create',
    input: createSubscriptionSchema,
    summary: 'Buys a plan',
    description: IDEMPOTENT,
    response: billingAnswers.subscriptionPurchase,
  }),

  'billing:levelReward': op()({
    ...billing,
    path: '/account/level-income/level-reward',
    summary: "The member's referral level income",
    response: subscriptionAnswers.levelRewardSummary,
  }),
  'billing:levelIncome': op<PagedRequest, ParsedPage>()({
    ...list,
    path: '/account/level-income/list',
    summary: "A page of the member's level rewards",
    response: subscriptionAnswers.levelRewardPage,
  }),

  'billing:deposits': op<PagedRequest, ParsedPage>()({
    ...list,
    path: '/account/wallet/deposit/list',
    summary: "A page of the member's credited BEP-20 deposits",
    response: billingAnswers.depositPage,
  }),
  'billing:depositListen': op()({
    refuses: ['billing.deposits_unavailable'],
    ...billing,
    path: '/account/wallet/usdt/deposit/listen',
    summary: 'Opens the deposit listening window (503 without a chain)',
    response: billingAnswers.depositListen,
  }),
  'billing:depositSync': op()({
    refuses: ['billing.deposits_unavailable'],
    ...billing,
    path: '/account/wallet/usdt/deposit/sync',
    summary: 'Scans for new deposits now and says how many were credited (503 without a chain)',
    response: billingAnswers.depositSync,
  }),

  'billing:withdrawals': op<PagedRequest, ParsedPage>()({
    ...list,
    path: '/account/withdraw/list',
    summary: "A page of the member's reward withdrawals",
    response: billingAnswers.withdrawPage,
  }),
  'billing:withdraw': op()({
    refuses: [
      'billing.withdrawals_unavailable',
      'billing.withdrawal_insufficient',
      'billing.withdrawal_address_invalid',
      'billing.withdrawal_below_minimum',
      'billing.withdrawal_pending_limit',
      'billing.withdrawal_daily_limit',
      'billing.withdrawal_to_platform_address',
      ...IDEMPOTENT_REFUSES,
    ],
    ...billing,
    path: '/account/withdraw/create',
    input: withdrawRequestSchema,
    summary: 'Asks for USDT rewards to be paid out as BEP-20 USDT',
    description: IDEMPOTENT,
    response: billingAnswers.withdrawCreated,
  }),
  'billing:swapReward': op()({
    refuses: ['billing.reward_swap_too_large', ...IDEMPOTENT_REFUSES],
    ...billing,
    path: '/account/swap/usdt-reward/create',
    input: rewardSwapRequestSchema,
    summary: 'Moves USDT rewards into the USDT wallet',
    description: IDEMPOTENT,
    response: billingAnswers.rewardSwap,
  }),

  'billing:teamLevels': op()({
    ...billing,
    path: '/account/team/dashboard',
    summary: "The member's referral team, level by level",
    response: billingAnswers.teamLevels,
  }),
  'billing:teamMembers': op<TeamLevelMemberRequest, ParsedPage<TeamLevelMemberRequest>>()({
    refuses: ['billing.team_level_unknown'],
    ...billing,
    path: '/account/team/level-member',
    input: teamLevelMemberSchema,
    summary: 'A page of the team members of one level',
    response: billingAnswers.teamMemberPage,
  }),
};
