/**
 * The JSON Schemas of the billing service's `data` (SPEC section 7; shapes in common/api/billing.ts
 * and ./subscriptions.ts). The server serialises with them (fast-json-stringify), so a property
 * missing here would drop the field; the `{code, data, msg}` envelope around them is added where
 * the operations are registered.
 */
import { WITHDRAW_STATUSES } from '../api/billing';
import { arrayOf, bool, num, object, str, strOrNull } from './json-schema';

/** SPEC section 3's paged list wrapper around `record`. */
const pagedOf = (record: object) => object({ records: arrayOf(record), current: num, pages: num, total: num });

export const walletUserData = object({
  subscription: object({ expireDate: strOrNull, validityLabel: str, isExpire: bool, note: str }),
  // Left out (not null) for a member who never subscribed: the screens read that as Pending.
  isActiveSubscription: bool,
  usdtToken: str,
  ifcNewToken: str,
  ifcNewTokenPrice: str,
  usdtRewardToken: str,
  iftToken: str,
  ifxToken: str,
  qrCode: { type: ['object', 'null'], properties: { value: str, base64: str }, required: ['value', 'base64'] },
  chainEnabled: bool,
  withdrawalsEnabled: bool,
  withdrawalLimits: object({ minimum: str, fee: str, pendingMax: num, pending: num, dailyMax: num, lastDay: num }),
}, ['isActiveSubscription']);

const plan = object({ id: str, usdtToken: str, ifcNewToken: str, days: num });
export const plans = object({ plans: arrayOf(plan) });

export const subscriptionPage = pagedOf(object({
  id: str, usdtToken: str, ifcNewToken: str, ifcToken: str, ifxToken: str, days: num, availableCredit: str, createdAt: str,
}));

export const subscriptionPurchase = object({ expireDate: str, paidWith: str, amount: str });

export const levelRewardSummary = object({ rewards: str });
export const levelRewardPage = pagedOf(object({ id: str, amount: str, percentage: str, fromUserName: str, createdAt: str }));

export const depositPage = pagedOf(object({ id: str, token: str, amount: str, transactionHash: str, createdAt: str }));
export const depositListen = object({ usdtListenExpiredInSeconds: num });
export const depositSync = object({ credited: num });

const withdrawStatus = { type: 'string', enum: [...WITHDRAW_STATUSES] } as const;
export const withdrawPage = pagedOf(object({ id: str, amount: str, toAddress: str, status: withdrawStatus, createdAt: str }));
export const withdrawCreated = object({ id: str, status: withdrawStatus });

export const rewardSwap = object({ usdtToken: str, usdtRewardToken: str });

export const teamLevels = arrayOf(object({ level: num, reward: str, members: num, totalSubscription: str }));
export const teamMemberPage = pagedOf(object({ name: str, sponserName: str, totalSubscription: str, totalIncome: str, isActive: bool }));
