/**
 * electron-updater's updater, made from what it would otherwise take from Electron: the app
 * (its AppAdapter: version, paths, quit) and the HTTP client. The app passes Electron's app and
 * net (electron-updater's ElectronHttpExecutor, which follows the system proxy); the tests pass a
 * plain Node app and HTTP client and a feed on loopback, and drive the same updater in Node.
 */
import type { DownloadOptions, HttpExecutor } from 'builder-util-runtime';
import type { AppUpdater, Logger } from 'electron-updater';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';

/** One of electron-updater's updater classes (NsisUpdater, MacUpdater, AppImageUpdater, DebUpdater). */
export type UpdaterClass<T extends AppUpdater = AppUpdater> = new (options: undefined, app: AppAdapter) => T;

/** builder-util-runtime's HttpExecutor with the download() electron-updater's updaters call. */
export type UpdaterHttp = HttpExecutor<{ abort(): void; end(data?: Buffer): void }> & {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string>;
};

export interface UpdaterHost {
  app: AppAdapter;
  http: UpdaterHttp;
  log(line: string): void;
}

function text(message: unknown): string {
  return message instanceof Error ? (message.stack ?? message.message) : String(message);
}

/** electron-updater's own lines (found, downloading, checksum mismatch...) into the app's log. */
function updaterLogger(log: (line: string) => void): Logger {
  return {
    info: (message) => log(`updates: ${text(message)}`),
    warn: (message) => log(`updates: warning: ${text(message)}`),
    error: (message) => log(`updates: error: ${text(message)}`),
  };
}

/**
 * The updater with the controller deciding: nothing is downloaded until it asks (autoDownload
 * off), and a downloaded update the member put off is installed as the app quits. `feedUrl`
 * (UPDATE_FEED_URL, checked) replaces the feed of app-update.yml; null keeps that one.
 */
export function createAppUpdater<T extends AppUpdater>(Updater: UpdaterClass<T>, host: UpdaterHost, feedUrl: string | null): T {
  const updater = new Updater(undefined, host.app);
  // Given an app adapter, electron-updater leaves its HTTP client unset (electron-builder's own
  // updater tests set it the same way). Before setFeedURL, which hands it to the feed's provider.
  (updater as unknown as { httpExecutor: UpdaterHttp }).httpExecutor = host.http;
  updater.logger = updaterLogger(host.log);
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = true;
  if (feedUrl !== null) updater.setFeedURL({ provider: 'generic', url: feedUrl });
  return updater;
}
