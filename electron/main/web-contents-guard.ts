/**
 * The rules every webContents of the app gets, installed from `web-contents-created` (app/index.ts)
 * so that none can escape them (not only the main window: any frame, webview or pop-up Electron
 * would create): no new windows, no navigation away from app://griddesk, no <webview>, and no
 * DevTools in a packaged build. Plain Node: the contents arrive as the small interface below.
 */
import { isAppUrl } from './app-origin';

export { isAppUrl } from './app-origin';

/** A cancellable navigation: Electron's event carries the target URL (also the 2nd argument). */
interface NavigationEvent {
  url?: string;
  preventDefault(): void;
}

/** The part of Electron's WebContents the guard uses. */
export interface GuardableContents {
  on(event: string, listener: (event: NavigationEvent, url?: unknown) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  closeDevTools(): void;
}

export interface GuardOptions {
  /** A packaged build (app.isPackaged): DevTools stay closed. */
  isPackaged: boolean;
  /** The development renderer's origin (dev-server.ts): its own reloads may navigate. */
  devOrigin?: string | null;
}

const NAVIGATIONS = ['will-navigate', 'will-frame-navigate', 'will-redirect'] as const;

export function guardWebContents(contents: GuardableContents, options: GuardOptions): void {
  for (const name of NAVIGATIONS) {
    contents.on(name, (event, url) => {
      const target = event.url ?? (typeof url === 'string' ? url : '');
      if (!isAppUrl(target, options.devOrigin ?? null)) event.preventDefault();
    });
  }
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // The app opens no windows and no external links; a page asking for one is refused.
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // webPreferences.devTools is off in packaged builds; this also covers contents made elsewhere.
  if (options.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools());
}
