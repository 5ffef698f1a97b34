import Store from 'electron-store';
import { createConfSettings, type ConfLike } from '../ports/conf-settings';
import { SETTINGS_DEFAULTS } from '../ports/settings-defaults';
import type { SettingsData, SettingsStore } from '../ports/types';

/** settings.json in the app's userData: the same adapter as plain Node's conf store. */
export function createElectronSettings(): SettingsStore {
  const store = new Store<SettingsData>({ name: 'settings', defaults: SETTINGS_DEFAULTS });
  return createConfSettings(store as unknown as ConfLike);
}
