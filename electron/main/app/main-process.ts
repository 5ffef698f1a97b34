/**
 * Electron main's wiring: single instance, griddesk:// links, the embedded platform server (its
 * SECRETS_KEY wrapped by the OS keychain), the window, the tray with live counts, the menus, the
 * app-wide webContents guard, and a quit that asks first when bots run here and closes the
 * server before the process goes. Every decision lives in plain Node modules (../desktop,
 * ../member-watch, ../ipc, ../deep-link, ...); this file only connects them to Electron, with
 * before-ready.ts (name, sandbox, scheme, webContents rules), embedded-start.ts (server,
 * settings, keychain) and app-events.ts (links, activation, quit).
 */
import { type, release } from 'node:os';
import { app, type BrowserWindow, dialog } from 'electron';
import { deepLinkFromArgv } from '../deep-link';
import type { PlatformTarget } from '../embedded-server';
import { appMenuTemplate } from '../desktop/app-menu';
import { closeHidesWindow, createQuitFlow, quitQuestion } from '../desktop/quit-guard';
import { createWindowPresenter } from '../desktop/window-presenter';
import { createIpcHandlers, type IpcHandlers } from '../ipc/handlers';
import { SUBSCRIPTION_CHECK_MS } from '../member-watch/subscription-watch';
import { createAxiosHttp } from '../ports/axios-http';
import type { LiveCounts, SettingsStore } from '../ports/types';
import { connectIpc } from './ipc';
import { askToQuit, installAppMenu, showAbout } from './menu';
import { createElectronNotifier } from './notifications';
import { iconPath, preloadPath, rendererDir } from './paths';
import { createTray, type DesktopTray } from './tray';
import { createMainWindow, lockDownSession } from './window';
import { followAppEvents } from './app-events';
import { prepareApp } from './before-ready';
import { startPlatform } from './embedded-start';
import { serveRenderer } from './protocol';

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

/** The application menu: About (with the server it talks to), the routes, and Export diagnostics when given. */
function installMainMenu(
  proc: MainProcessInfo,
  hooks: MainProcessHooks,
  deps: {
    target: PlatformTarget;
    version: string;
    presenter: { show(path?: string | null): void; window: BrowserWindow | null };
  },
): void {
  const { target, version, presenter } = deps;
  const server = target.embedded ? { embedded: true as const } : { embedded: false as const, url: target.url };
  const about = () =>
    void showAbout({ version, versions: proc.versions, os: `${type()} ${release()} (${proc.arch})`, server }, presenter.window);
  installAppMenu(
    appMenuTemplate(
      {
        about,
        open: (path) => presenter.show(path),
        ...(hooks.exportDiagnostics ? { exportDiagnostics: hooks.exportDiagnostics } : {}),
      },
      { platform: proc.platform, devTools: !app.isPackaged },
    ),
  );
}

/** What main holds once it has started (null before, and after the quit's shutdown). */
interface MainState {
  target: PlatformTarget | null;
  handlers: IpcHandlers | null;
  settings: SettingsStore | null;
  tray: DesktopTray | null;
  counts: LiveCounts | null;
}

type Presenter = ReturnType<typeof createWindowPresenter<BrowserWindow>>;

function presenterOf(state: MainState, options: { devOrigin: string | null; icon: string; quitting: () => boolean }): Presenter {
  const presenter = createWindowPresenter<BrowserWindow>({
    open: (initialPath) => {
      const win = createMainWindow({
        settings: state.settings!,
        preload: preloadPath,
        isPackaged: app.isPackaged,
        devServerOrigin: options.devOrigin,
        icon: options.icon,
        initialPath,
        hideOnClose: () => closeHidesWindow({ quitting: options.quitting(), hasTray: state.tray !== null }),
      });
      win.on('closed', () => presenter.closed());
      return win;
    },
    navigate: (path) => state.handlers?.emit('app:navigate', { path }),
  });
  return presenter;
}

/** The quit asks first when bots run here, then closes the tray, the handlers and the server. */
function quitFlowOf(state: MainState, presenter: Presenter) {
  return createQuitFlow({
    question: () => quitQuestion({ embedded: state.target?.embedded ?? false, counts: state.counts }),
    ask: (question) => askToQuit(question, presenter.window),
    shutdown: async () => {
      state.tray?.destroy();
      state.tray = null;
      state.handlers?.close();
      const closing = state.target;
      state.target = null;
      await closing?.close();
    },
    quit: () => app.quit(),
  });
}

export function runMainProcess(proc: MainProcessInfo, hooks: MainProcessHooks = {}): MainProcessControls {
  const devOrigin = prepareApp(proc.env);
  // A second launch hands its link to the first (second-instance) and leaves.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return { skipQuitQuestion: () => undefined, serverUrl: () => null };
  }
  const state: MainState = { target: null, handlers: null, settings: null, tray: null, counts: null };
  const icon = iconPath(app.isPackaged, proc.resourcesPath);
  const presenter = presenterOf(state, { devOrigin, icon, quitting: () => quit.quitting });
  // A link that launched the app becomes the window's first route.
  presenter.show(deepLinkFromArgv(proc.argv));
  const quit = quitFlowOf(state, presenter);
  const version = () => (app.isPackaged ? app.getVersion() : (proc.env.npm_package_version ?? app.getVersion()));

  async function start(): Promise<void> {
    await app.whenReady();
    lockDownSession();
    serveRenderer(rendererDir);
    const { target, settings, keychain } = await startPlatform(proc.env);
    Object.assign(state, { target, settings });
    state.handlers = createIpcHandlers({
      keychain,
      settings,
      http: createAxiosHttp(target.url),
      notifier: createElectronNotifier((route) => presenter.show(route ?? null), icon),
      app: { version: version(), platform: proc.platform, mode: 'electron' },
      liveTickers: true,
      liveBotEvents: true,
      onLiveCounts: (next) => {
        state.counts = next;
        state.tray?.update(next);
      },
      subscriptionCheckMs: SUBSCRIPTION_CHECK_MS,
    });
    connectIpc(state.handlers, devOrigin);
    installMainMenu(proc, hooks, { target, version: version(), presenter });
    state.tray = createTray(icon, { open: (path) => presenter.show(path ?? null), quit: () => app.quit() }, proc.platform);
    state.tray?.update(state.counts);
    presenter.ready();
  }

  followAppEvents(proc, {
    show: (path) => presenter.show(path),
    beforeQuit: () => quit.beforeQuit(),
    hasTray: () => state.tray !== null,
  });
  start().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    dialog.showErrorBox('GridDesk could not start', message);
    app.exit(1);
  });
  return { skipQuitQuestion: () => quit.skipQuestion(), serverUrl: () => state.target?.url ?? null };
}
