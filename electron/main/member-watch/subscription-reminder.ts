/**
 * Whether to remind the member that their subscription ends soon. Pure: the watch
 * (subscription-watch.ts) fetches and keeps the mark. One reminder per day left (3, 2, 1), so
 * a check every hour, or a restart, repeats nothing; renewing moves the expiry and ends them.
 */
import { DESKTOP_TEXT } from '../../../common/messages';
import { SUBSCRIPTION_REMINDER_DAYS } from '../../../common/notifications';
import { ROUTES } from '../../../common/routes';
import type { Notification } from '../ports/types';

const DAY_MS = 86_400_000;

/** What POST /account/user-data says of the subscription. */
export interface SubscriptionView {
  expireDate: string | null;
}

export interface Reminder {
  /** Stored once shown; the same mark is not shown again. */
  mark: string;
  notification: Notification;
}

export function subscriptionReminder(
  member: string,
  view: SubscriptionView,
  now: number,
  lastMark: string | null,
): Reminder | null {
  if (!view.expireDate) return null;
  const endsAt = Date.parse(view.expireDate);
  if (!Number.isFinite(endsAt)) return null;
  const left = endsAt - now;
  // An ended subscription is not "ending soon"; the Subscription page says it ended.
  if (left <= 0 || left > SUBSCRIPTION_REMINDER_DAYS * DAY_MS) return null;
  const daysLeft = Math.ceil(left / DAY_MS);
  const mark = `${member}|${view.expireDate}|${daysLeft}`;
  if (mark === lastMark) return null;
  return {
    mark,
    notification: {
      kind: 'subscriptionExpiring',
      title: DESKTOP_TEXT.subscription.title,
      body: DESKTOP_TEXT.subscription.body(daysLeft),
      route: ROUTES.subscription,
    },
  };
}
