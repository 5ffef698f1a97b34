/**
 * The one BrowserWindow: sandboxed, context-isolated, no Node, no navigation at all, no
 * permissions, no DevTools once packaged; its size, place and maximised state are kept in
 * settings (desktop/window-state.ts fits them to the displays connected now). Pop-ups and
 * webviews are refused for every webContents by the app-wide guard (../web-contents-guard.ts).
 */
import { BrowserWindow, screen, session } from 'electron';
import { APP_INDEX_URL } from '../app-origin';
import { MIN_SIZE, restoreWindowState, windowStateToSave } from '../desktop/window-state';
import type { SettingsStore } from '../ports/types';

/** Denies every permission request and check; the app needs none of the web's. */
export function lockDownSession(): void {
  // Writing to the clipboard is the one exception: "copy referral ID" uses it.
  const allowed = new Set(['clipboard-sanitized-write']);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(allowed.has(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => allowed.has(permission));
}

export interface CreateWindowOptions {
  settings: SettingsStore;
  preload: string;
  /** app.isPackaged: DevTools are off in a packaged build. */
  isPackaged: boolean;
  icon?: string;
  /** A route to open first (a deep link that launched the app). */
  initialPath?: string | null;
  /** `npm run dev`: Vite's dev server origin to load instead of app:// (dev-server.ts; never packaged). */
  devServerOrigin?: string | null;
  /** Asked when the member closes the window: true hides it instead (the app runs on in the tray). */
  hideOnClose?: () => boolean;
}

export function createMainWindow(options: CreateWindowOptions): BrowserWindow {
  const state = restoreWindowState(
    options.settings.get('windowState'),
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: Math.min(MIN_SIZE.width, state.width),
    minHeight: Math.min(MIN_SIZE.height, state.height),
    show: false,
    title: 'GridDesk',
    icon: options.icon,
    // A literal, so electronegativity (npm run lint) can check every flag.
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // A member's DevTools console would reach window.griddesk, the whole IPC contract.
      devTools: !options.isPackaged,
      spellcheck: false,
      // A middle click must not open anything either (electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  // Stricter than the app-wide guard: HashRouter routes need no navigation, even in-app.
  const contents = win.webContents;
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());

  win.on('close', (event) => {
    options.settings.set('windowState', windowStateToSave(win.getNormalBounds(), win.isMaximized()));
    if (options.hideOnClose?.()) {
      event.preventDefault();
      win.hide();
    }
  });

  // HashRouter: a deep link that started the app becomes the first route.
  const hash = options.initialPath ? `#${options.initialPath}` : '';
  const page = options.devServerOrigin ? `${options.devServerOrigin}/` : APP_INDEX_URL;
  void win.loadURL(`${page}${hash}`);
  return win;
}
