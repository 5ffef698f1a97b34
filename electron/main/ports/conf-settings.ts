import Conf from 'conf';
import { SETTINGS_DEFAULTS, sanitize } from './settings-defaults';
import type { SettingsData, SettingsStore } from './types';

/** The part of conf (and of electron-store, which extends it) the adapter needs. */
export interface ConfLike {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

/** Settings over a conf store; electron/main/app passes an electron-store instance. */
export function createConfSettings(store: ConfLike): SettingsStore {
  return {
    get: (key) => sanitize(key, store.get(key)),
    set: (key, value) => {
      // conf refuses `undefined`, and a null written to disk is as good as absent.
      if (value === null || value === undefined) store.delete(key);
      else store.set(key, value);
    },
  };
}

/** A settings.json file in `dir` (plain Node: preview host, tests). */
export function createFileSettings(dir: string, name = 'settings'): SettingsStore {
  const conf = new Conf<SettingsData>({ cwd: dir, configName: name, defaults: SETTINGS_DEFAULTS });
  return createConfSettings(conf as unknown as ConfLike);
}
