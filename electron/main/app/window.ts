/**
 * The one BrowserWindow: sandboxed, context-isolated, no Node, no navigation, no pop-ups,
 * no permissions; its size and place are kept in settings.
 */
import { BrowserWindow, screen, session } from 'electron';
import type { SettingsStore, WindowState } from '../ports/types';
import { APP_INDEX_URL } from './protocol';

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
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A middle click must not open anything either (electronegativity AUXCLICK_JS_CHECK).
      disableBlinkFeatures: 'Auxclick',
    },
  });
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const contents = win.webContents;
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));

  win.on('close', () => {
    const bounds = win.getNormalBounds();
    options.settings.set('windowState', { ...bounds, maximized: win.isMaximized() });
  });

  // HashRouter: a deep link that started the app becomes the first route.
  const hash = options.initialPath ? `#${options.initialPath}` : '';
  void win.loadURL(`${APP_INDEX_URL}${hash}`);
  return win;
}
