import { NOTIFICATION_KINDS, isNotificationKind } from '../../../common/notifications';
import type { SettingsData, SettingsStore } from './types';

export const SETTINGS_DEFAULTS: SettingsData = {
  theme: 'light',
  email: null,
  userData: null,
  serverUrl: null,
  windowState: null,
  depositListenWindow: null,
  mutedNotifications: [],
  subscriptionReminder: null,
};

/**
 * The settings file is the member's to edit and may be stale or hand-broken; a bad value
 * falls back to its default instead of reaching the renderer.
 */
export function sanitize<K extends keyof SettingsData>(key: K, value: unknown): SettingsData[K] {
  const fallback = SETTINGS_DEFAULTS[key];
  if (value === undefined) return fallback;
  switch (key) {
    case 'theme':
      return (value === 'light' || value === 'dark' ? value : fallback) as SettingsData[K];
    case 'mutedNotifications':
      // Known kinds only, once each, in a fixed order: a hand edit cannot mute something unknown.
      return (
        Array.isArray(value)
          ? NOTIFICATION_KINDS.filter((kind) => value.some((v) => isNotificationKind(v) && v === kind))
          : fallback
      ) as SettingsData[K];
    case 'email':
    case 'serverUrl':
    case 'subscriptionReminder':
      return (typeof value === 'string' || value === null ? value : fallback) as SettingsData[K];
    default:
      return (value !== null && typeof value !== 'object' ? fallback : value) as SettingsData[K];
  }
}

/** Settings kept in memory: tests and throwaway preview sessions. */
export function createMemorySettings(initial: Partial<SettingsData> = {}): SettingsStore {
  const data: SettingsData = { ...SETTINGS_DEFAULTS, ...initial };
  return {
    get: (key) => data[key],
    set: (key, value) => {
      data[key] = value;
    },
  };
}
