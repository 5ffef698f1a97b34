/**
 * What the preload lets through: the contract's channel and event names (./names.ts, literals in
 * the bundle) and nothing else, prototype keys included. Main checks every channel again.
 */
import type { IpcChannel, IpcEvent } from '../../common/ipc/contract';
import type { IpcNames } from './names';

export interface Allowlist {
  isAllowedChannel(value: unknown): value is IpcChannel;
  isAllowedEvent(value: unknown): value is IpcEvent;
}

export function allowlistOf(names: IpcNames): Allowlist {
  const channels = new Set<string>(names.channels);
  const events = new Set<string>(names.events);
  return {
    isAllowedChannel: (value): value is IpcChannel => typeof value === 'string' && channels.has(value),
    isAllowedEvent: (value): value is IpcEvent => typeof value === 'string' && events.has(value),
  };
}

/** The one ipcMain/ipcRenderer channel pair main and preload share. */
export const INVOKE_CHANNEL = 'griddesk:invoke';
export const EVENT_CHANNEL = 'griddesk:event';
