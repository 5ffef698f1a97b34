/**
 * The kinds of native notification the desktop shows, each of which the member can mute on the
 * Settings page (ARCHITECTURE section 9). Main tags every notification with its kind and drops a
 * muted one before it is shown; the settings keep the muted kinds.
 */

export const NOTIFICATION_KINDS = [
  /** A bot stopped or paused, with the reason. */
  'botStopped',
  /** A cycle did its last round. */
  'cycleCompleted',
  /** A cycle ended early: its stop loss, the member, or an exchange error. */
  'cycleStopped',
  /** An order of a bot or a cycle failed and needs the member. */
  'orderFailed',
  /** The subscription ends within SUBSCRIPTION_REMINDER_DAYS. */
  'subscriptionExpiring',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** A subscription ending within this many days is announced (issue 22). */
export const SUBSCRIPTION_REMINDER_DAYS = 3;
