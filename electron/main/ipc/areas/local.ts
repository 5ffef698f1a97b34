import type { DesktopSettings } from '../../../../common/ipc/contract';
import type { SettingsStore } from '../../ports/types';
import type { IpcArea } from '../context';
import { ok } from '../result';

const desktopSettings = (settings: SettingsStore): DesktopSettings => ({
  theme: settings.get('theme'),
});

/** Channels main answers itself, without the server. */
export const settingsArea: IpcArea = {
  name: 'settings',
  handlers: {
    'settings:get': async (_payload, { ports }) => ok(desktopSettings(ports.settings)),
    'settings:setTheme': async ({ theme }, { ports }) => {
      ports.settings.set('theme', theme);
      return ok(desktopSettings(ports.settings));
    },
  },
};

export const appArea: IpcArea = {
  name: 'app',
  handlers: {
    'app:info': async (_payload, { ports }) => ok({ ...ports.app, serverUrl: ports.http.baseUrl }),
  },
};
