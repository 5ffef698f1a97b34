/**
 * The member's mute switches, applied in main before anything reaches the OS: a muted kind is
 * never shown, in Electron or the preview. Read at each notification, so a switch flipped on
 * the Settings page counts from the next event on.
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../common/notifications';
import type { Notifier, SettingsStore } from '../ports/types';

export function mutedKinds(settings: SettingsStore): NotificationKind[] {
  return settings.get('mutedNotifications');
}

/** Mutes or unmutes one kind; answers the muted kinds after the change. */
export function setMuted(settings: SettingsStore, kind: NotificationKind, muted: boolean): NotificationKind[] {
  const current = new Set(mutedKinds(settings));
  if (muted) current.add(kind);
  else current.delete(kind);
  const next = NOTIFICATION_KINDS.filter((k) => current.has(k));
  settings.set('mutedNotifications', next);
  return next;
}

/** The notifier the member hears: `notifier` minus the kinds muted in `settings`. */
export function mutingNotifier(notifier: Notifier, settings: SettingsStore): Notifier {
  return {
    notify(notification) {
      if (mutedKinds(settings).includes(notification.kind)) return;
      notifier.notify(notification);
    },
  };
}
