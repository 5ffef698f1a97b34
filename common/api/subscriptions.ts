/**
 * Billing-service shapes of subscriptions and referral income (SPEC sections 3 and 7). An answer
 * is spelled once, as its JSON Schema; its type is read off it.
 */
import { arrayOf, num, object, str, type Answer } from './json-schema';

/** The body of every paged billing-service list: `filters` (unused yet), `limit`, `page` (from 1). */
export interface PagedRequest {
  filters?: Record<string, unknown>;
  limit?: number;
  page?: number;
}

/** SPEC section 3's paged list wrapper. */
export interface Paged<T> {
  records: T[];
  current: number;
  pages: number;
  total: number;
}

/** The schema of SPEC section 3's paged list of `record`s (Paged). */
export const pagedOf = <const R extends object>(record: R) =>
  object({ records: arrayOf(record), current: num, pages: num, total: num });

export const plan = object({ id: str, usdtToken: str, ifcNewToken: str, days: num });
export const plans = object({ plans: arrayOf(plan) });

/** What a purchase paid in each token; availableCredit is the paying balance left after it. */
export const subscriptionRecord = object({
  id: str,
  usdtToken: str,
  ifcNewToken: str,
  ifcToken: str,
  ifxToken: str,
  days: num,
  availableCredit: str,
  createdAt: str,
});
export const subscriptionPage = pagedOf(subscriptionRecord);

export const levelRewardRecord = object({ id: str, amount: str, percentage: str, fromUserName: str, createdAt: str });
export const levelRewardPage = pagedOf(levelRewardRecord);
/** POST /level-income/level-reward `data`: the member's level income, in USDT. */
export const levelRewardSummary = object({ rewards: str });

export type Plan = Answer<typeof plan>;
export type PlansData = Answer<typeof plans>;
export type SubscriptionRecord = Answer<typeof subscriptionRecord>;
export type LevelRewardRecord = Answer<typeof levelRewardRecord>;
export type LevelRewardSummary = Answer<typeof levelRewardSummary>;
