/**
 * The billing service: the /account HTTP service (SPEC section 7: subscriptions, deposits,
 * withdrawals, the reward swap, level income, the team, the member's user data and profile).
 * "Account" alone means member access (signup, login, password) under /api. Here: the envelope
 * and the shapes of deposits, withdrawals, the reward swap, the team and the user data; lists
 * use the `Paged` wrapper of ./subscriptions.
 */

/** Envelope of every billing-service reply: code BILLING_SUCCESS_CODE with data, any other code with msg. */
export interface BillingEnvelope<T> {
  code: string;
  data?: T;
  msg: string;
}

/** The BEP-20 tokens a member may deposit (SPEC section 2, Deposit). */
export const DEPOSIT_TOKENS = ['USDT', 'IFT', 'IFX'] as const;
export type DepositToken = (typeof DEPOSIT_TOKENS)[number];

/** POST /account/wallet/deposit/list record. */
export interface DepositRecord {
  id: string;
  token: DepositToken;
  amount: string;
  transactionHash: string;
  createdAt: string;
}

/** POST /account/wallet/usdt/deposit/listen `data`: how long the listening window stays open. */
export interface DepositListenData {
  usdtListenExpiredInSeconds: number;
}

/** POST /account/wallet/usdt/deposit/sync `data`: how many transfers were credited since the window opened. */
export interface DepositSyncData {
  credited: number;
}

/** SUCCESS is shown as good, the others as failed (SPEC section 3). */
export const WITHDRAW_STATUSES = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type WithdrawStatus = (typeof WITHDRAW_STATUSES)[number];

/** POST /account/withdraw/list record. */
export interface WithdrawRecord {
  id: string;
  amount: string;
  toAddress: string;
  status: WithdrawStatus;
  createdAt: string;
}

/** POST /account/withdraw/create body: USDT rewards paid out as BEP-20 USDT to toAddress. */
export interface CreateWithdrawRequest {
  amount: string;
  toAddress: string;
}

/** POST /account/withdraw/create `data`. */
export interface CreateWithdrawData {
  id: string;
  status: WithdrawStatus;
}

/** POST /account/swap/usdt-reward/create body: USDT rewards moved into the USDT wallet. */
export interface RewardSwapRequest {
  amount: string;
}

/** POST /account/swap/usdt-reward/create `data`: the two balances after the swap. */
export interface RewardSwapData {
  usdtToken: string;
  usdtRewardToken: string;
}

/** POST /account/subscription/create `data`: the new expiry and what the plan was paid with. */
export interface SubscriptionPurchaseData {
  expireDate: string;
  /** The ledger asset that paid (USDT first, else IFC). */
  paidWith: string;
  amount: string;
}

/** POST /account/team/dashboard `data` is a list of these, level 1 first. */
export interface TeamLevel {
  level: number;
  /** The level's reward share, in percent (e.g. '5'). */
  reward: string;
  members: number;
  /** The USDT value of every subscription the level's members bought. */
  totalSubscription: string;
}

/** POST /account/team/level-member body. */
export interface TeamLevelMemberRequest {
  filters: { level: number };
  limit?: number;
  page?: number;
}

/** POST /account/team/level-member record (SPEC spelling: sponserName). */
export interface TeamMember {
  name: string;
  sponserName: string;
  totalSubscription: string;
  /** What this member's purchases earned the asking member, in USDT. */
  totalIncome: string;
  isActive: boolean;
}

/** The member's deposit address as text and as a PNG data URL of its QR code. */
export interface DepositQrCode {
  value: string;
  base64: string;
}

/**
 * POST /account/user-data `data` (SPEC section 3, User data): what the Subscription, Deposit
 * and Withdraw screens show. `qrCode` is null while the chain features are off (no BSC_RPC_URL).
 */
export interface WalletUserData {
  subscription: { expireDate: string | null; validityLabel: string; isExpire: boolean; note: string };
  /** undefined: Pending (no subscription yet); true: Active; false: In-Active. */
  isActiveSubscription?: boolean;
  usdtToken: string;
  ifcNewToken: string;
  ifcNewTokenPrice: string;
  usdtRewardToken: string;
  iftToken: string;
  ifxToken: string;
  qrCode: DepositQrCode | null;
  /** False when this server runs without a chain (BSC_RPC_URL unset): the screens say so. */
  chainEnabled: boolean;
  /**
   * False when this server cannot pay withdrawals out (no chain, USDT contract or hot-wallet key):
   * the Withdraw screen says so and offers no withdraw button; the reward swap still works.
   */
  withdrawalsEnabled: boolean;
  /** What the Withdraw screen shows before submitting: the terms in force and the member's counts. */
  withdrawalLimits: WithdrawalLimits;
}

/** The reward withdrawal terms (support staff's settings) and how much of the caps the member has used. */
export interface WithdrawalLimits {
  /** USDT, fee included: the smallest amount accepted. */
  minimum: string;
  /** USDT taken from each withdrawal for the BEP-20 transfer: what arrives is the amount less this. */
  fee: string;
  /** At most this many withdrawals PENDING at once... */
  pendingMax: number;
  /** ...and the member has this many now. */
  pending: number;
  /** At most this many in any 24 hours, FAILED ones not counted... */
  dailyMax: number;
  /** ...and the member requested this many in the last 24 hours. */
  lastDay: number;
}
