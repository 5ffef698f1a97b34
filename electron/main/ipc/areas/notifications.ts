/** The member's mute switch for each kind of notification, kept in the desktop settings. */
import { mutedKinds, setMuted } from '../../member-watch/muting';
import type { IpcArea } from '../context';
import { ok } from '../result';

export const notificationsArea: IpcArea = {
  name: 'notifications',
  handlers: {
    'notifications:settings': async (_payload, { ports }) => ok({ muted: mutedKinds(ports.settings) }),
    'notifications:setMuted': async ({ kind, muted }, { ports }) => ok({ muted: setMuted(ports.settings, kind, muted) }),
  },
};
