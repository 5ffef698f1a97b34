/**
 * The updater's Electron glue: the feed from UPDATE_FEED_URL or the app-update.yml the build
 * baked in, Electron's net.fetch (it follows the system's proxy settings), the dialog, and the
 * three ways of installing: the NSIS installer, Squirrel.Mac, the AppImage file. The decisions
 * live in ../updater (plain Node, tested against a local feed).
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { app, autoUpdater, BrowserWindow, dialog, net, shell } from 'electron';
import { checkForUpdate } from '../updater/check';
import { createUpdateController, type PreparedUpdate } from '../updater/controller';
import { downloadVerified } from '../updater/download';
import { resolveFeedUrl } from '../updater/feed-url';
import { nsisArguments, replaceAppImage, startDetached, type InstallMoment } from '../updater/install';
import { serveForSquirrel } from '../updater/squirrel-feed';
import { updateTarget, type UpdateTarget } from '../updater/target';

const netFetch = ((input: string | Request, init?: RequestInit) => net.fetch(input, init)) as typeof fetch;

function bakedFeedFile(): string | null {
  try {
    return readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
}

/** Squirrel.Mac takes the verified zip from a loopback feed and stages it for the next start. */
async function handToSquirrel(zip: string, version: string): Promise<void> {
  const feed = await serveForSquirrel(zip, version);
  try {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        autoUpdater.removeListener('update-downloaded', onDownloaded);
        autoUpdater.removeListener('update-not-available', onNotAvailable);
        autoUpdater.removeListener('error', onError);
        if (error) reject(error);
        else resolve();
      };
      const onDownloaded = () => done();
      const onNotAvailable = () => done(new Error('Squirrel found no update in the verified zip'));
      const onError = (error: Error) => done(error);
      autoUpdater.on('update-downloaded', onDownloaded);
      autoUpdater.on('update-not-available', onNotAvailable);
      autoUpdater.on('error', onError);
      autoUpdater.setFeedURL({ url: feed.feedUrl, serverType: 'json' });
      autoUpdater.checkForUpdates();
    });
  } finally {
    await feed.close();
  }
}

async function install(target: UpdateTarget, update: PreparedUpdate, moment: InstallMoment, appImage: string | undefined, beforeQuit: () => void): Promise<void> {
  if (target.kind === 'nsis') {
    startDetached(update.path, nsisArguments(moment));
    if (moment === 'now') {
      beforeQuit();
      app.quit();
    }
  } else if (target.kind === 'appimage' && appImage) {
    await replaceAppImage(update.path, appImage);
    if (moment === 'now') {
      app.relaunch({ execPath: appImage, args: process.argv.slice(1) });
      beforeQuit();
      app.quit();
    }
  } else if (target.kind === 'squirrel-mac' && moment === 'now') {
    // On quit Squirrel.Mac installs a staged update by itself.
    beforeQuit();
    autoUpdater.quitAndInstall();
  }
}

export interface UpdaterRuntime {
  platform: NodeJS.Platform;
  arch: string;
  env: NodeJS.ProcessEnv;
}

const thisProcess: UpdaterRuntime = { platform: process.platform, arch: process.arch, env: process.env };

/**
 * Checks at start and every 6 hours in a packaged app; says in one line why not otherwise.
 * `beforeQuit` runs before a quit the member already agreed to (restart into the update), so the
 * app does not ask again whether to quit.
 */
export function startUpdater(log: (line: string) => void, runtime: UpdaterRuntime = thisProcess, beforeQuit: () => void = () => undefined): void {
  if (!app.isPackaged) {
    log('updates: off (not a packaged build)');
    return;
  }
  const feed = resolveFeedUrl(runtime.env.UPDATE_FEED_URL, bakedFeedFile());
  if (feed.url === null) {
    log(`updates: off (${feed.reason})`);
    return;
  }
  const feedUrl = feed.url;
  const target = updateTarget(runtime.platform, runtime.arch, runtime.env.APPIMAGE);
  const dir = join(app.getPath('userData'), 'updates');
  log(`updates: checking ${feedUrl} (from ${feed.source}) for ${target.platform} ${target.arch} (${target.kind})`);
  const controller = createUpdateController({
    check: () => checkForUpdate({ feedUrl, currentVersion: app.getVersion(), target, fetch: netFetch }),
    async prepare(update) {
      // One update at a time on disk: an older download is of no use any more.
      await rm(dir, { recursive: true, force: true });
      const path = await downloadVerified({ file: update.install!, dir, fetch: netFetch });
      if (target.kind === 'squirrel-mac') await handToSquirrel(path, update.version);
      return { version: update.version, path };
    },
    async ask(question) {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = { type: 'info' as const, message: question.message, detail: question.detail, buttons: question.buttons, defaultId: 0, cancelId: 1, noLink: true };
      const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
      return response === 0;
    },
    install: (update, moment) => install(target, update, moment, runtime.env.APPIMAGE, beforeQuit),
    openDownload: (url) => void shell.openExternal(url),
    log,
  });
  void app.whenReady().then(() => controller.start());
  // An update put off with Later is installed as the app quits (after the server has closed).
  app.on('will-quit', (event) => {
    if (!controller.hasPendingInstall()) return;
    event.preventDefault();
    void controller
      .installOnQuit()
      .catch((error: unknown) => log(`updates: install on quit failed (${(error as Error).message})`))
      .finally(() => {
        beforeQuit();
        app.quit();
      });
  });
}
