import { Notification } from 'electron';
import type { Notifier } from '../ports/types';

/** Native notifications; a click brings the window up on the notification's route. */
export function createElectronNotifier(onClick: (route: string | undefined) => void): Notifier {
  return {
    notify({ title, body, route }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body, silent: false });
      notification.on('click', () => onClick(route));
      notification.show();
    },
  };
}
