/**
 * The member's subscription as the screens show it (SPEC section 3, User data), made from the
 * latest expiry alone, so login's userData and POST /account/user-data say the same thing.
 *
 * - validityLabel: whole days left, rounded up ('30 days' right after buying 30 days, '1 day'
 *   in the last day), '0 days' when expired or never subscribed.
 * - isActiveSubscription: undefined when the member never had one (the screens say Pending),
 *   true while it runs (Active), false once it expired (In-Active).
 * - note: when it expires, when it expired, or that there is none yet; dates in UTC, as the
 *   server cannot know the member's time zone.
 */
import { SERVER } from '../../../common/messages';

const DAY_MS = 86_400_000;

export interface SubscriptionView {
  expireDate: string | null;
  validityLabel: string;
  isExpire: boolean;
  note: string;
}

export interface SubscriptionStatus {
  subscription: SubscriptionView;
  isActiveSubscription: boolean | undefined;
}

/** '2025-03-01 14:05 UTC' */
export function noteDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function daysLeft(expiry: Date | null, now: Date): number {
  if (expiry === null || expiry <= now) return 0;
  return Math.ceil((expiry.getTime() - now.getTime()) / DAY_MS);
}

export function subscriptionStatus(expiry: Date | null, now: Date): SubscriptionStatus {
  if (expiry === null) {
    return {
      isActiveSubscription: undefined,
      subscription: { expireDate: null, validityLabel: SERVER.validityDays(0), isExpire: true, note: SERVER.subscriptionNone },
    };
  }
  const active = expiry > now;
  return {
    isActiveSubscription: active,
    subscription: {
      expireDate: expiry.toISOString(),
      validityLabel: SERVER.validityDays(daysLeft(expiry, now)),
      isExpire: !active,
      note: active ? SERVER.subscriptionExpiresOn(noteDate(expiry)) : SERVER.subscriptionExpiredOn(noteDate(expiry)),
    },
  };
}
