/**
 * The preview's stand-in for native notifications: each one is logged and kept (the last
 * 100), listed as JSON at /__griddesk/notifications so e2e tests can read what a member would
 * have seen, and "clicked" through POST /__griddesk/notifications/<id>/click, which raises
 * `app:navigate` to its route as a click on a native one does in Electron.
 */
import type { Notification, Notifier } from '../main/ports/types';

export interface ShownNotification extends Notification {
  /** 1, 2, 3... in the order shown. */
  id: number;
  /** ISO time it was shown. */
  at: string;
}

export interface NotificationLog {
  notifier: Notifier;
  /** Oldest first. */
  list(): ShownNotification[];
  /** The route a click on this notification opens; undefined for an unknown id or no route. */
  routeOf(id: number): string | undefined;
}

const KEEP = 100;

export function createNotificationLog(forward?: Notifier): NotificationLog {
  const shown: ShownNotification[] = [];
  let nextId = 1;
  return {
    notifier: {
      notify(notification) {
        shown.push({ ...notification, id: nextId++, at: new Date().toISOString() });
        if (shown.length > KEEP) shown.shift();
        if (forward) forward.notify(notification);
        else console.log(`[notification] ${notification.title}: ${notification.body}`);
      },
    },
    list: () => shown.map((n) => ({ ...n })),
    routeOf: (id) => shown.find((n) => n.id === id)?.route,
  };
}
