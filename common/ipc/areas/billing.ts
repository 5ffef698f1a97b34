/**
 * Billing-service channels (the /account HTTP service; SPEC section 7: Subscription, deposit,
 * withdraw; Profile, referral, team): the member's wallet data, subscriptions, BEP-20 deposits,
 * reward withdrawals and swaps, level income and the team. Each is an operation of
 * common/ops/billing.ts and answers its types. Main unwraps the service's `{code:'0000', data,
 * msg}` envelope, so the renderer gets the data, or the service's `msg` as the error message.
 */
import * as yup from 'yup';
import { billingOps } from '../../ops/billing';
import type { InputOf, OutputOf } from '../../ops/define';
import {
  emptyPayload as empty,
  forwardedOps,
  opPayloadSchemas,
  payloadShapeOf,
  type Empty,
  type OpChannels,
  type PayloadSchemas,
} from './shared';

/**
 * Operations main does not forward as they are: a list's page (main writes SPEC's body), the
 * plans (out of `data.plans`), a `msg` the member reads, an Idempotency-Key, the deposit window.
 */
const HAND_WRITTEN = [
  'billing:plans',
  'billing:subscriptions',
  'billing:subscribe',
  'billing:levelIncome',
  'billing:deposits',
  'billing:depositListen',
  'billing:depositSync',
  'billing:withdrawals',
  'billing:withdraw',
  'billing:swapReward',
  'billing:teamMembers',
] as const;

/** Channels that are operations of common/ops/billing.ts under their own names. */
export const forwardedBillingOps = forwardedOps(billingOps, HAND_WRITTEN);

type Ops = typeof billingOps;
type Answer<K extends keyof Ops> = OutputOf<Ops[K]>;

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

export interface BillingChannels extends OpChannels<typeof forwardedBillingOps> {
  'billing:plans': { payload: Empty; result: Answer<'billing:plans'>['plans'] };
  'billing:subscriptions': { payload: PagePayload; result: Answer<'billing:subscriptions'> };
  'billing:subscribe': { payload: InputOf<Ops['billing:subscribe']>; result: ServiceMessage<Answer<'billing:subscribe'>> };
  'billing:levelIncome': { payload: PagePayload; result: Answer<'billing:levelIncome'> };
  'billing:deposits': { payload: PagePayload; result: Answer<'billing:deposits'> };
  /** Opens a listening window on the server and saves its end; answers that end. */
  'billing:depositListen': { payload: Empty; result: DepositWindow };
  /** The saved window if it is still open (null once it has ended or for another member). */
  'billing:depositWindow': { payload: Empty; result: DepositWindow };
  'billing:depositWindowClose': { payload: Empty; result: DepositWindow };
  'billing:depositSync': { payload: Empty; result: ServiceMessage<Answer<'billing:depositSync'>> };
  'billing:withdrawals': { payload: PagePayload; result: Answer<'billing:withdrawals'> };
  'billing:withdraw': { payload: InputOf<Ops['billing:withdraw']>; result: ServiceMessage<Answer<'billing:withdraw'>> };
  'billing:swapReward': { payload: InputOf<Ops['billing:swapReward']>; result: ServiceMessage<Answer<'billing:swapReward'>> };
  'billing:teamMembers': { payload: PagePayload & { level: number }; result: Answer<'billing:teamMembers'> };
}

const page = yup.number().defined().integer().min(1).max(1_000_000);
const pagePayload = yup.object({ page }).noUnknown(true);

/**
 * Forwarded operations are checked with their own input schemas (none: an empty payload); the
 * others by their channel's payload, which main turns into the operation's body.
 */
export const billingPayloadSchemas: PayloadSchemas<BillingChannels> = {
  ...opPayloadSchemas(forwardedBillingOps),
  'billing:plans': empty,
  'billing:subscriptions': pagePayload,
  'billing:subscribe': payloadShapeOf(billingOps['billing:subscribe'].input),
  'billing:levelIncome': pagePayload,
  'billing:deposits': pagePayload,
  'billing:depositListen': empty,
  'billing:depositWindow': empty,
  'billing:depositWindowClose': empty,
  'billing:depositSync': empty,
  'billing:withdrawals': pagePayload,
  'billing:withdraw': payloadShapeOf(billingOps['billing:withdraw'].input),
  'billing:swapReward': payloadShapeOf(billingOps['billing:swapReward'].input),
  'billing:teamMembers': yup.object({ page, level: yup.number().defined().integer().min(1).max(100) }).noUnknown(true),
};
