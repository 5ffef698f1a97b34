/**
 * Electron main: single instance, griddesk:// links, the embedded platform server (its
 * SECRETS_KEY wrapped by the OS keychain), the window, the tray, the app-wide webContents guard,
 * and a quit that closes the server first. Everything with logic lives in plain Node modules
 * (../ipc, ../ports, ../secrets-key, ../embedded-server, ../web-contents-guard, ../deep-link);
 * this file only wires.
 */
import { join, resolve } from 'node:path';
import { app, type BrowserWindow, dialog, type Tray } from 'electron';
import { deepLinkFromArgv, deepLinkToPath, PROTOCOL } from '../deep-link';
import { keychainAccount, startPlatformTarget, type PlatformTarget } from '../embedded-server';
import { forgetStaleExchangeSecrets } from '../ipc/exchange-secret';
import { createIpcHandlers, type IpcHandlers } from '../ipc/handlers';
import { createAxiosHttp } from '../ports/axios-http';
import { pickKeychain } from '../ports/pick-keychain';
import type { SettingsStore } from '../ports/types';
import { connectIpc } from './ipc';
import { createElectronNotifier } from './notifications';
import { iconPath, preloadPath, rendererDir } from './paths';
import { registerAppScheme, serveRenderer } from './protocol';
import { guardWebContents } from '../web-contents-guard';
import { createSafeStorageKeychain } from './safe-storage-keychain';
import { keychainSecretsKey } from './secrets-key';
import { createElectronSettings } from './settings';
import { startSupportTools } from './support-tools';
import { createTray } from './tray';
import { createMainWindow, lockDownSession } from './window';

// Before ready: the name decides userData (dev runs would otherwise use "Electron").
app.setName('GridDesk');
app.setPath('userData', join(app.getPath('appData'), 'GridDesk'));
app.enableSandbox();
registerAppScheme();
// Every webContents, whoever creates it, gets the same rules (no pop-ups, no leaving the app).
app.on('web-contents-created', (_event, contents) =>
  guardWebContents(contents, { isPackaged: app.isPackaged }),
);

let target: PlatformTarget | null = null;
let handlers: IpcHandlers | null = null;
let settings: SettingsStore | null = null;
let mainWindow: BrowserWindow | null = null;
let tray: Tray | null = null;
let pendingPath: string | null = deepLinkFromArgv(process.argv);
let serverClosed = false;

function registerProtocolClient(): void {
  // In development Electron runs our script, so the OS must be told to pass it along.
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(PROTOCOL, process.execPath, [resolve(process.argv[1])]);
  } else {
    app.setAsDefaultProtocolClient(PROTOCOL);
  }
}

function showWindow(path?: string | null): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    if (path) pendingPath = path;
    if (app.isReady() && settings) openWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
  if (path) handlers?.emit('app:navigate', { path });
}

function openWindow(): void {
  if (!settings) return;
  mainWindow = createMainWindow({
    settings,
    preload: preloadPath,
    isPackaged: app.isPackaged,
    icon: iconPath(app.isPackaged, process.resourcesPath),
    initialPath: pendingPath,
  });
  pendingPath = null;
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  lockDownSession();
  serveRenderer(rendererDir);
  const userData = app.getPath('userData');
  target = await startPlatformTarget({
    env: process.env,
    dataDir: join(userData, 'data'),
    port: '0',
    logger: !app.isPackaged,
    secretsKey: keychainSecretsKey(userData),
  });
  settings = createElectronSettings();
  settings.set('serverUrl', target.url);
  const account = keychainAccount(target);
  const keychain = await pickKeychain({
    account,
    fallback: () => createSafeStorageKeychain(userData, account),
  });
  // Earlier versions kept a copy of the member's exchange secret here; the server has it.
  await forgetStaleExchangeSecrets(keychain, settings).catch((error: unknown) =>
    console.warn('GridDesk: could not remove an old copy of the exchange secret', error),
  );
  handlers = createIpcHandlers({
    keychain,
    settings,
    http: createAxiosHttp(target.url),
    notifier: createElectronNotifier((route) => showWindow(route ?? null)),
    app: {
      version: app.isPackaged
        ? app.getVersion()
        : (process.env.npm_package_version ?? app.getVersion()),
      platform: process.platform,
      mode: 'electron',
    },
    liveTickers: true,
    liveBotEvents: true,
  });
  connectIpc(handlers);
  openWindow();
  tray = createTray(iconPath(app.isPackaged, process.resourcesPath), {
    open: () => showWindow(),
    quit: () => app.quit(),
  });
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  startSupportTools({ serverUrl: () => target?.url ?? null });
  registerProtocolClient();
  app.on('second-instance', (_event, argv) => showWindow(deepLinkFromArgv(argv)));
  // macOS delivers links as an event, possibly before ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    showWindow(deepLinkToPath(url));
  });
  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Close the embedded server (engine, database) before the process goes away.
  app.on('before-quit', (event) => {
    if (serverClosed || !target) return;
    event.preventDefault();
    const closing = target;
    target = null;
    tray?.destroy();
    handlers?.close();
    void closing
      .close()
      .catch((error: unknown) =>
        console.error('GridDesk: closing the platform server failed', error),
      )
      .finally(() => {
        serverClosed = true;
        app.quit();
      });
  });
  start().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('GridDesk could not start', message);
    app.exit(1);
  });
}
