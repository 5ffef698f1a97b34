/**
 * Electron main's wiring: single instance, griddesk:// links, the embedded platform server (its
 * SECRETS_KEY wrapped by the OS keychain), the window, the tray with live counts, the menus, the
 * app-wide webContents guard, and a quit that asks first when bots run here and closes the
 * server before the process goes. Every decision lives in plain Node modules (../desktop,
 * ../member-watch, ../ipc, ../deep-link, ...); this file only connects them to Electron.
 */
import { type, release } from 'node:os';
import { join, resolve } from 'node:path';
import { app, type BrowserWindow, dialog } from 'electron';
import { deepLinkFromArgv, deepLinkToPath, PROTOCOL } from '../deep-link';
import { appMenuTemplate } from '../desktop/app-menu';
import { closeHidesWindow, createQuitFlow, quitQuestion } from '../desktop/quit-guard';
import { createWindowPresenter } from '../desktop/window-presenter';
import { keychainAccount, startPlatformTarget, type PlatformTarget } from '../embedded-server';
import { forgetStaleExchangeSecrets } from '../ipc/exchange-secret';
import { openServerLogDestination } from '../diagnostics/log-file';
import { createIpcHandlers, type IpcHandlers } from '../ipc/handlers';
import { SUBSCRIPTION_CHECK_MS } from '../member-watch/subscription-watch';
import { createAxiosHttp } from '../ports/axios-http';
import { pickKeychain } from '../ports/pick-keychain';
import type { LiveCounts, SettingsStore } from '../ports/types';
import { guardWebContents } from '../web-contents-guard';
import { connectIpc } from './ipc';
import { developmentRendererOrigin } from '../dev-server';
import { askToQuit, installAppMenu, showAbout } from './menu';
import { createElectronNotifier } from './notifications';
import { iconPath, preloadPath, rendererDir } from './paths';
import { registerAppScheme, serveRenderer } from './protocol';
import { createSafeStorageKeychain } from './safe-storage-keychain';
import { keychainSecretsKey } from './secrets-key';
import { createElectronSettings } from './settings';
import { createTray, type DesktopTray } from './tray';
import { createMainWindow, lockDownSession } from './window';

/** What main reads of its process (passed in so the glue test can play any OS). */
export interface MainProcessInfo {
  argv: readonly string[];
  env: Record<string, string | undefined>;
  platform: string;
  arch: string;
  /** process.defaultApp: Electron runs our script (development). */
  defaultApp: boolean;
  execPath: string;
  resourcesPath: string;
  versions: Partial<Record<'electron' | 'chrome' | 'node' | 'v8', string>>;
}

/** Filled by modules this file does not own (support tools). */
export interface MainProcessHooks {
  /** Help > Export diagnostics; the menu entry appears once this is given. */
  exportDiagnostics?: () => void;
}

/** What other main modules (the updater) may ask of the running app. */
export interface MainProcessControls {
  /** The next quit (e.g. autoUpdater.quitAndInstall) skips the "bots pause" question. */
  skipQuitQuestion(): void;
  /** The platform server's address once it runs (null before, or after it closed): diagnostics read its health. */
  serverUrl(): string | null;
}

export function runMainProcess(
  proc: MainProcessInfo,
  hooks: MainProcessHooks = {},
): MainProcessControls {
  // Before ready: the name decides userData (dev runs would otherwise use "Electron").
  app.setName('GridDesk');
  app.setPath('userData', join(app.getPath('appData'), 'GridDesk'));
  app.enableSandbox();
  // npm run dev: the renderer from Vite's dev server, never in a packaged app (dev-server.ts).
  const devOrigin = developmentRendererOrigin(proc.env, app.isPackaged);
  registerAppScheme();
  // Every webContents, whoever creates it, gets the same rules (no pop-ups, no leaving the app).
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, { isPackaged: app.isPackaged, devOrigin }),
  );

  // A second launch hands its link to the first (second-instance) and leaves.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { skipQuitQuestion: () => undefined, serverUrl: () => null };
  }

  let target: PlatformTarget | null = null;
  let handlers: IpcHandlers | null = null;
  let settings: SettingsStore | null = null;
  let tray: DesktopTray | null = null;
  let counts: LiveCounts | null = null;
  const icon = iconPath(app.isPackaged, proc.resourcesPath);

  const presenter = createWindowPresenter<BrowserWindow>({
    open: (initialPath) => {
      const win = createMainWindow({
        settings: settings!,
        preload: preloadPath,
        isPackaged: app.isPackaged,
        devServerOrigin: devOrigin,
        icon,
        initialPath,
        hideOnClose: () => closeHidesWindow({ quitting: quit.quitting, hasTray: tray !== null }),
      });
      win.on('closed', () => presenter.closed());
      return win;
    },
    navigate: (path) => handlers?.emit('app:navigate', { path }),
  });

  // A link that launched the app becomes the window's first route.
  presenter.show(deepLinkFromArgv(proc.argv));

  const quit = createQuitFlow({
    question: () => quitQuestion({ embedded: target?.embedded ?? false, counts }),
    ask: (question) => askToQuit(question, presenter.window),
    shutdown: async () => {
      tray?.destroy();
      tray = null;
      handlers?.close();
      const closing = target;
      target = null;
      await closing?.close();
    },
    quit: () => app.quit(),
  });

  const version = () =>
    app.isPackaged ? app.getVersion() : (proc.env.npm_package_version ?? app.getVersion());

  function registerProtocolClient(): void {
    // In development Electron runs our script, so the OS must be told to pass it along.
    if (proc.defaultApp && proc.argv[1]) {
      app.setAsDefaultProtocolClient(PROTOCOL, proc.execPath, [resolve(proc.argv[1])]);
    } else {
      app.setAsDefaultProtocolClient(PROTOCOL);
    }
  }

  function showLiveCounts(next: LiveCounts | null): void {
    counts = next;
    tray?.update(next);
  }

  /**
   * The embedded server's log: the terminal in development; a packaged app has none, so
   * server.log beside main.log in the logs folder (where Export diagnostics looks).
   */
  function embeddedServerLogger(): boolean | object {
    if (!app.isPackaged) return true;
    // Electron's default logs folder (support-tools set the same one for main.log).
    app.setAppLogsPath();
    return { stream: openServerLogDestination(app.getPath('logs')) };
  }

  async function start(): Promise<void> {
    await app.whenReady();
    lockDownSession();
    serveRenderer(rendererDir);
    const userData = app.getPath('userData');
    target = await startPlatformTarget({
      env: proc.env,
      dataDir: join(userData, 'data'),
      port: '0',
      logger: embeddedServerLogger(),
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
      notifier: createElectronNotifier((route) => presenter.show(route ?? null), icon),
      app: { version: version(), platform: proc.platform, mode: 'electron' },
      liveTickers: true,
      liveBotEvents: true,
      onLiveCounts: showLiveCounts,
      subscriptionCheckMs: SUBSCRIPTION_CHECK_MS,
    });
    connectIpc(handlers, devOrigin);
    const server = target.embedded
      ? { embedded: true as const }
      : { embedded: false as const, url: target.url };
    installAppMenu(
      appMenuTemplate(
        {
          about: () =>
            void showAbout(
              {
                version: version(),
                versions: proc.versions,
                os: `${type()} ${release()} (${proc.arch})`,
                server,
              },
              presenter.window,
            ),
          open: (path) => presenter.show(path),
          ...(hooks.exportDiagnostics ? { exportDiagnostics: hooks.exportDiagnostics } : {}),
        },
        { platform: proc.platform, devTools: !app.isPackaged },
      ),
    );
    tray = createTray(
      icon,
      { open: (path) => presenter.show(path ?? null), quit: () => app.quit() },
      proc.platform,
    );
    tray?.update(counts);
    presenter.ready();
  }

  registerProtocolClient();
  app.on('second-instance', (_event, argv) => presenter.show(deepLinkFromArgv(argv)));
  // macOS delivers links as an event, possibly before ready.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    presenter.show(deepLinkToPath(url));
  });
  app.on('activate', () => presenter.show());
  // With a tray the window only hides, so this runs only where there is none.
  app.on('window-all-closed', () => {
    if (!tray && proc.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (!quit.beforeQuit()) event.preventDefault();
  });
  start().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('GridDesk could not start', message);
    app.exit(1);
  });
  return { skipQuitQuestion: () => quit.skipQuestion(), serverUrl: () => target?.url ?? null };
}
