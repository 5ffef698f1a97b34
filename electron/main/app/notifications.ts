import { Notification } from 'electron';
import type { Notifier } from '../ports/types';

/** Notifications still on screen or in the notification centre that a click may yet reach. */
const MAX_HELD = 50;

/**
 * Native notifications; a click brings the window up on the notification's route. The muting
 * switches apply before this (ipc/member-feeds.ts): what reaches it is shown.
 */
export function createElectronNotifier(onClick: (route: string | undefined) => void, icon?: string): Notifier {
  // Electron forgets a notification's click handler once the object is garbage collected
  // (a stop notice clicked a minute later would do nothing), so each is held until it is
  // clicked, closed or failed.
  const held = new Set<Notification>();
  return {
    notify({ title, body, route }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({
        title,
        body,
        silent: false,
        ...(icon ? { icon } : {}),
      });
      const forget = () => held.delete(notification);
      notification.on('click', () => {
        forget();
        onClick(route);
      });
      notification.on('close', forget);
      notification.on('failed', forget);
      held.add(notification);
      if (held.size > MAX_HELD) held.delete(held.values().next().value as Notification);
      notification.show();
    },
  };
}
