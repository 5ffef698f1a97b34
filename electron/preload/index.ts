/**
 * The preload: exposes `window.griddesk` (GriddeskBridge) and nothing else. It runs
 * sandboxed, so it imports only `electron` and the allowlist of the contract's names (literals
 * in the bundle: ./names.ts); never ipcRenderer itself to the page, never the IPC event object to
 * a listener.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { GriddeskBridge, IpcError, IpcEvent, IpcEvents, IpcResult } from '../../common/ipc/contract';
import { allowlistOf, EVENT_CHANNEL, INVOKE_CHANNEL } from './allowlist';
import { IPC_NAMES } from './names';

const { isAllowedChannel, isAllowedEvent } = allowlistOf(IPC_NAMES);

const refused = (message: string): IpcResult<never> => ({
  ok: false,
  error: { status: 400, message, reason: 'request.malformed' } satisfies IpcError,
});

const bridge: GriddeskBridge = {
  invoke(channel, payload) {
    if (!isAllowedChannel(channel)) return Promise.resolve(refused(`Unknown IPC channel '${String(channel)}'.`));
    return ipcRenderer.invoke(INVOKE_CHANNEL, channel, payload) as Promise<never>;
  },
  on(event, listener) {
    if (!isAllowedEvent(event) || typeof listener !== 'function') return () => undefined;
    const relay = (_ipcEvent: IpcRendererEvent, name: IpcEvent, payload: IpcEvents[typeof event]) => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, relay);
    };
  },
};

contextBridge.exposeInMainWorld('griddesk', bridge);
