/** Billing-service shapes of subscriptions and referral income (SPEC sections 3 and 7). */

export interface Plan {
  id: string;
  usdtToken: string;
  ifcNewToken: string;
  days: number;
}

export interface PlansData {
  plans: Plan[];
}

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

export interface CreateSubscriptionRequest {
  planId: string;
}

/** What a purchase paid in each token; availableCredit is the paying balance left after it. */
export interface SubscriptionRecord {
  id: string;
  usdtToken: string;
  ifcNewToken: string;
  ifcToken: string;
  ifxToken: string;
  days: number;
  availableCredit: string;
  createdAt: string;
}

export interface LevelRewardRecord {
  id: string;
  amount: string;
  percentage: string;
  fromUserName: string;
  createdAt: string;
}

/** POST /level-income/level-reward `data`: the member's level income, in USDT. */
export interface LevelRewardSummary {
  rewards: string;
}
