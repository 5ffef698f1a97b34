/**
 * The updater's Electron glue: electron-updater's updater for this installation (NSIS,
 * Squirrel.Mac, AppImage or deb), made with Electron's app and net; the feed from UPDATE_FEED_URL
 * or the app-update.yml the build baked in; the restart dialog; the log. The decisions live in
 * ../updater (plain Node, tested with electron-updater against a local feed).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog } from 'electron';
import { AppImageUpdater, DebUpdater, MacUpdater, NsisUpdater } from 'electron-updater';
import { ElectronAppAdapter } from 'electron-updater/out/ElectronAppAdapter.js';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { createAppUpdater, type UpdaterClass, type UpdaterHttp } from '../updater/app-updater';
import { createUpdateController } from '../updater/controller';
import { appUpdateYml, resolveFeedUrl } from '../updater/feed-url';
import type { UpdateQuestion } from '../updater/question';
import { updaterKind, type UpdaterKind } from '../updater/updater-kind';

const UPDATERS: Record<UpdaterKind, UpdaterClass> = {
  nsis: NsisUpdater,
  mac: MacUpdater,
  appimage: AppImageUpdater,
  deb: DebUpdater,
};

/** Electron's app as electron-updater sees it, reading the app-update.yml given here. */
class GridDeskAppAdapter extends ElectronAppAdapter {
  constructor(private readonly configPath: string) {
    super(app);
  }

  override get appUpdateConfigPath(): string {
    return this.configPath;
  }
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

async function ask(question: UpdateQuestion): Promise<boolean> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options = {
    type: 'info' as const,
    message: question.message,
    detail: question.detail,
    buttons: question.buttons,
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  return response === 0;
}

export interface UpdaterRuntime {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  resourcesPath: string;
  /** electron-updater's HTTP client: Electron's net, unless a test gives a Node one. */
  http?: UpdaterHttp;
}

const thisProcess = (): UpdaterRuntime => ({
  platform: process.platform,
  env: process.env,
  resourcesPath: process.resourcesPath,
});

/**
 * Checks at start and every 6 hours in a packaged app; says in one line why not otherwise.
 * `beforeQuit` runs before a quit the member already agreed to (restart into the update), so the
 * app does not ask again whether to quit.
 */
export function startUpdater(
  log: (line: string) => void,
  runtime: UpdaterRuntime = thisProcess(),
  beforeQuit: () => void = () => undefined,
): void {
  if (!app.isPackaged) {
    log('updates: off (not a packaged build)');
    return;
  }
  const choice = updaterKind(runtime.platform, runtime.env.APPIMAGE, readIfPresent(join(runtime.resourcesPath, 'package-type')));
  if (choice.kind === null) {
    log(`updates: off (${choice.reason})`);
    return;
  }
  const baked = join(runtime.resourcesPath, 'app-update.yml');
  const feed = resolveFeedUrl(runtime.env.UPDATE_FEED_URL, existsSync(baked));
  if (feed.source === null) {
    log(`updates: off (${feed.reason})`);
    return;
  }
  const feedUrl = feed.source === 'UPDATE_FEED_URL' ? feed.url : null;
  let configPath = baked;
  if (feedUrl !== null && !existsSync(baked)) {
    // A build made without a feed: electron-updater still reads its download folder from the file.
    const userData = app.getPath('userData');
    mkdirSync(userData, { recursive: true });
    configPath = join(userData, 'app-update.yml');
    writeFileSync(configPath, appUpdateYml(feedUrl));
  }
  const updater = createAppUpdater(
    UPDATERS[choice.kind],
    { app: new GridDeskAppAdapter(configPath), http: runtime.http ?? new ElectronHttpExecutor(), log },
    feedUrl,
  );
  log(`updates: ${choice.kind} updater on ${feedUrl ?? 'the feed of app-update.yml'} (from ${feed.source})`);
  const controller = createUpdateController({
    checkForUpdates: () => updater.checkForUpdates(),
    downloadUpdate: () => updater.downloadUpdate(),
    ask,
    quitAndInstall() {
      beforeQuit();
      // Silent (no installer wizard on Windows), and GridDesk started again once installed.
      updater.quitAndInstall(true, true);
    },
    log,
  });
  void app.whenReady().then(() => controller.start());
}
