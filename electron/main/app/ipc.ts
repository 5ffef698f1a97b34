/**
 * ipcMain side of the bridge: one invoke channel for the whole contract, answered only for
 * frames of our app:// origin, and main's events forwarded to every window.
 */
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { IpcHandlers } from '../ipc/handlers';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../preload/allowlist';
import { isAppUrl } from '../app-origin';

/** `devOrigin`: the development renderer main loaded (dev-server.ts), null when packaged. */
export function isTrustedSender(event: IpcMainInvokeEvent, devOrigin: string | null = null): boolean {
  const frame = event.senderFrame;
  return frame ? isAppUrl(frame.url, devOrigin) : false;
}

export function connectIpc(handlers: IpcHandlers, devOrigin: string | null = null): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event, channel: unknown, payload: unknown) => {
    if (!isTrustedSender(event, devOrigin)) {
      return { ok: false, error: { status: 403, message: 'This frame may not call GridDesk.' } };
    }
    return handlers.invoke(channel, payload);
  });
  const unsubscribe = handlers.on((name, payload) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, name, payload);
    }
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(INVOKE_CHANNEL);
  };
}
