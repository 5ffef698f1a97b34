/**
 * The billing service: the /account HTTP service (SPEC section 7: subscriptions, deposits,
 * withdrawals, the reward swap, level income, the team, the member's user data and profile).
 * "Account" alone means member access (signup, login, password) under /api. Here: the envelope
 * and the shapes of deposits, withdrawals, the reward swap, the team and the user data; lists
 * use the `Paged` wrapper of ./subscriptions. An answer's `data` is spelled once, as its JSON
 * Schema (the server serialises with it; the envelope is added where the operations register);
 * its type is read off it.
 */
import { arrayOf, bool, described, num, object, oneOf, str, strOrNull, type Answer } from './json-schema';
import { pagedOf } from './subscriptions';

/** Envelope of every billing-service reply: code BILLING_SUCCESS_CODE with data, any other code with msg. */
export interface BillingEnvelope<T> {
  code: string;
  data?: T;
  msg: string;
}

/** The BEP-20 tokens a member may deposit (SPEC section 2, Deposit). */
export const DEPOSIT_TOKENS = ['USDT', 'IFT', 'IFX'] as const;
export type DepositToken = (typeof DEPOSIT_TOKENS)[number];

/** SUCCESS is shown as good, the others as failed (SPEC section 3). */
export const WITHDRAW_STATUSES = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** POST /account/withdraw/create body: USDT rewards paid out as BEP-20 USDT to toAddress. */
export interface CreateWithdrawRequest {
  amount: string;
  toAddress: string;
}

/** POST /account/team/level-member body. */
export interface TeamLevelMemberRequest {
  filters: { level: number };
  limit?: number;
  page?: number;
}

/** POST /account/wallet/deposit/list record. */
export const depositRecord = object({ id: str, token: oneOf(DEPOSIT_TOKENS), amount: str, transactionHash: str, createdAt: str });
export const depositPage = pagedOf(depositRecord);
/** POST /account/wallet/usdt/deposit/listen `data`: how long the listening window stays open. */
export const depositListen = object({ usdtListenExpiredInSeconds: num });
/** POST /account/wallet/usdt/deposit/sync `data`: how many transfers were credited since the window opened. */
export const depositSync = object({ credited: num });

const withdrawStatus = oneOf(WITHDRAW_STATUSES);
/** POST /account/withdraw/list record. */
export const withdrawRecord = object({ id: str, amount: str, toAddress: str, status: withdrawStatus, createdAt: str });
export const withdrawPage = pagedOf(withdrawRecord);
/** POST /account/withdraw/create `data`. */
export const withdrawCreated = object({ id: str, status: withdrawStatus });

/** POST /account/swap/usdt-reward/create `data`: the two balances after the swap. */
export const rewardSwap = object({ usdtToken: str, usdtRewardToken: str });

/** POST /account/subscription/create `data`: the new expiry and what the plan was paid with. */
export const subscriptionPurchase = object({
  expireDate: str,
  paidWith: described('The ledger asset that paid (USDT first, else IFC)', str),
  amount: str,
});

/** POST /account/team/dashboard `data` is a list of these, level 1 first. */
export const teamLevels = arrayOf(
  object({
    level: num,
    reward: described("The level's reward share, in percent (e.g. '5')", str),
    members: num,
    totalSubscription: described("The USDT value of every subscription the level's members bought", str),
  }),
);

/** POST /account/team/level-member record (SPEC spelling: sponserName). */
export const teamMemberPage = pagedOf(
  object({
    name: str,
    sponserName: str,
    totalSubscription: str,
    totalIncome: described("What this member's purchases earned the asking member, in USDT", str),
    isActive: bool,
  }),
);

/** The member's deposit address as text and as a PNG data URL of its QR code. */
const depositQrCode = object({ value: str, base64: str });

/** The reward withdrawal terms (support staff's settings) and how much of the caps the member has used. */
const withdrawalLimits = object({
  minimum: described('USDT, fee included: the smallest amount accepted', str),
  fee: described('USDT taken from each withdrawal for the BEP-20 transfer: what arrives is the amount less this', str),
  pendingMax: described('At most this many withdrawals PENDING at once...', num),
  pending: described('...and the member has this many now', num),
  dailyMax: described('At most this many in any 24 hours, FAILED ones not counted...', num),
  lastDay: described('...and the member requested this many in the last 24 hours', num),
});

/**
 * POST /account/user-data `data` (SPEC section 3, User data): what the Subscription, Deposit
 * and Withdraw screens show.
 */
export const walletUserData = object(
  {
    subscription: object({ expireDate: strOrNull, validityLabel: str, isExpire: bool, note: str }),
    isActiveSubscription: described('Left out for a member who never subscribed (Pending); true: Active; false: In-Active', bool),
    usdtToken: str,
    ifcNewToken: str,
    ifcNewTokenPrice: str,
    usdtRewardToken: str,
    iftToken: str,
    ifxToken: str,
    qrCode: described('Null while the chain features are off (no BSC_RPC_URL)', {
      ...depositQrCode,
      type: ['object', 'null'],
    } as const),
    chainEnabled: described('False when this server runs without a chain (BSC_RPC_URL unset): the screens say so', bool),
    withdrawalsEnabled: described(
      'False when this server cannot pay withdrawals out (no chain, USDT contract or hot-wallet key): the Withdraw screen offers no withdraw button; the reward swap still works',
      bool,
    ),
    withdrawalLimits: described(
      "What the Withdraw screen shows before submitting: the terms in force and the member's counts",
      withdrawalLimits,
    ),
  },
  ['isActiveSubscription'],
);

export type DepositRecord = Answer<typeof depositRecord>;
export type DepositListenData = Answer<typeof depositListen>;
export type DepositSyncData = Answer<typeof depositSync>;
export type WithdrawRecord = Answer<typeof withdrawRecord>;
export type CreateWithdrawData = Answer<typeof withdrawCreated>;
export type RewardSwapData = Answer<typeof rewardSwap>;
export type SubscriptionPurchaseData = Answer<typeof subscriptionPurchase>;
export type TeamLevel = Answer<typeof teamLevels>[number];
export type TeamMember = Answer<typeof teamMemberPage>['records'][number];
export type DepositQrCode = Answer<typeof depositQrCode>;
export type WalletUserData = Answer<typeof walletUserData>;
export type WithdrawalLimits = Answer<typeof withdrawalLimits>;
