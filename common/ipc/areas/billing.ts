/**
 * Billing-service channels (the /account HTTP service; SPEC section 7:
 * Subscription, deposit, withdraw; Profile, referral, team): the member's wallet data, subscriptions, BEP-20 deposits, reward withdrawals and swaps,
 * level income and the team. Main unwraps the service's `{code:'0000', data, msg}` envelope, so
 * the renderer gets the data, or the service's `msg` as the error message.
 */
import * as yup from 'yup';
import type { Paged, Plan, LevelRewardRecord, LevelRewardSummary, SubscriptionRecord } from '../../api/subscriptions';
import type {
  CreateWithdrawData,
  DepositRecord,
  RewardSwapData,
  TeamLevel,
  TeamMember,
  WalletUserData,
  WithdrawRecord,
} from '../../api/billing';
import { boundedString as str, emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

/** One page of a list, from 1 (the page size is SPEC section 9's 10, set by main). */
export interface PagePayload {
  page: number;
}

/** A server reply the member reads: the service's `msg`, and its data when it sent some. */
export interface ServiceMessage<T = undefined> {
  message: string;
  data?: T;
}

/**
 * The deposit listening window (SPEC section 4): when it ends, as epoch milliseconds, or null
 * when none is open. Main keeps the end in the desktop settings, so a reload finds it again.
 */
export interface DepositWindow {
  endsAt: number | null;
}

export interface BillingChannels {
  'billing:userData': { payload: Empty; result: WalletUserData };
  'billing:plans': { payload: Empty; result: Plan[] };
  'billing:subscriptions': { payload: PagePayload; result: Paged<SubscriptionRecord> };
  'billing:subscribe': { payload: { planId: string }; result: ServiceMessage };
  'billing:levelReward': { payload: Empty; result: LevelRewardSummary };
  'billing:levelIncome': { payload: PagePayload; result: Paged<LevelRewardRecord> };
  'billing:deposits': { payload: PagePayload; result: Paged<DepositRecord> };
  /** Opens a listening window on the server and saves its end; answers that end. */
  'billing:depositListen': { payload: Empty; result: DepositWindow };
  /** The saved window if it is still open (null once it has ended or for another member). */
  'billing:depositWindow': { payload: Empty; result: DepositWindow };
  'billing:depositWindowClose': { payload: Empty; result: DepositWindow };
  'billing:depositSync': { payload: Empty; result: ServiceMessage };
  'billing:withdrawals': { payload: PagePayload; result: Paged<WithdrawRecord> };
  'billing:withdraw': {
    payload: { amount: string; toAddress: string };
    result: ServiceMessage<CreateWithdrawData>;
  };
  'billing:swapReward': { payload: { amount: string }; result: ServiceMessage<RewardSwapData> };
  'billing:teamLevels': { payload: Empty; result: TeamLevel[] };
  'billing:teamMembers': { payload: PagePayload & { level: number }; result: Paged<TeamMember> };
}

const page = yup.number().defined().integer().min(1).max(1_000_000);
const pagePayload = yup.object({ page }).noUnknown(true);

export const billingPayloadSchemas: PayloadSchemas<BillingChannels> = {
  'billing:userData': empty,
  'billing:plans': empty,
  'billing:subscriptions': pagePayload,
  'billing:subscribe': yup.object({ planId: str(100).min(1) }).noUnknown(true),
  'billing:levelReward': empty,
  'billing:levelIncome': pagePayload,
  'billing:deposits': pagePayload,
  'billing:depositListen': empty,
  'billing:depositWindow': empty,
  'billing:depositWindowClose': empty,
  'billing:depositSync': empty,
  'billing:withdrawals': pagePayload,
  'billing:withdraw': yup.object({ amount: str(60), toAddress: str(100) }).noUnknown(true),
  'billing:swapReward': yup.object({ amount: str(60) }).noUnknown(true),
  'billing:teamLevels': empty,
  'billing:teamMembers': yup
    .object({ page, level: yup.number().defined().integer().min(1).max(100) })
    .noUnknown(true),
};
