/**
 * The one BrowserWindow: sandboxed, context-isolated, no Node, no navigation at all, no
 * permissions, no DevTools once packaged; its size and place are kept in settings. Pop-ups and
 * webviews are refused for every webContents by the app-wide guard (../web-contents-guard.ts).
 */
import { BrowserWindow, screen, session } from 'electron';
import { APP_INDEX_URL } from '../app-origin';
import type { SettingsStore, WindowState } from '../ports/types';

const DEFAULT_STATE: WindowState = { width: 1280, height: 800, maximized: false };

/** A saved position is used only while it still lies on a connected display. */
function restoredState(settings: SettingsStore): WindowState {
  const saved = settings.get('windowState');
  if (!saved || !(saved.width > 200 && saved.height > 200)) return DEFAULT_STATE;
  if (saved.x === undefined || saved.y === undefined)
    return { ...saved, x: undefined, y: undefined };
  const area = screen.getDisplayMatching({
    x: saved.x,
    y: saved.y,
    width: saved.width,
    height: saved.height,
  }).workArea;
  const visible =
    saved.x < area.x + area.width &&
    saved.x + saved.width > area.x &&
    saved.y < area.y + area.height &&
    saved.y + saved.height > area.y;
  return visible ? saved : { ...saved, x: undefined, y: undefined };
}

/** Denies every permission request and check; the app needs none of the web's. */
export function lockDownSession(): void {
  // Writing to the clipboard is the one exception: "copy referral ID" uses it.
  const allowed = new Set(['clipboard-sanitized-write']);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowed.has(permission)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    allowed.has(permission),
  );
}

export interface CreateWindowOptions {
  settings: SettingsStore;
  preload: string;
  /** app.isPackaged: DevTools are off in a packaged build. */
  isPackaged: boolean;
  icon?: string;
  /** A route to open first (a deep link that launched the app). */
  initialPath?: string | null;
}

export function createMainWindow(options: CreateWindowOptions): BrowserWindow {
  const state = restoredState(options.settings);
  const win = new BrowserWindow({
    x: state.x,
    y: state.y,
    width: state.width,
    height: state.height,
    minWidth: 960,
    minHeight: 600,
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

  win.on('close', () => {
    const bounds = win.getNormalBounds();
    options.settings.set('windowState', { ...bounds, maximized: win.isMaximized() });
  });

  // HashRouter: a deep link that started the app becomes the first route.
  const hash = options.initialPath ? `#${options.initialPath}` : '';
  void win.loadURL(`${APP_INDEX_URL}${hash}`);
  return win;
}
