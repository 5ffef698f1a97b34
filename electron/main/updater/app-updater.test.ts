/**
 * electron-updater itself (its AppImageUpdater and GenericProvider), made by createAppUpdater
 * with a plain Node app and HTTP client, against a generic feed served on loopback: what it
 * offers, what it downloads and verifies, and what it installs as the app quits.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppUpdater } from './app-updater';
import { LINUX_CHANNEL_FILE, latestYml, publishAppImage, startLocalFeed, type LocalFeed } from './testing/local-feed';
import { NodeHttpExecutor } from './testing/node-http';
import { createTestApp, type TestApp } from './testing/test-app';

let feed: LocalFeed;
let dir: string;
let app: TestApp;
let log: string[];
let appImage: string;
const savedAppImage = process.env.APPIMAGE;

beforeEach(async () => {
  feed = await startLocalFeed();
  dir = await mkdtemp(join(tmpdir(), 'griddesk-electron-updater-'));
  app = await createTestApp(dir, feed.url);
  log = [];
  // The AppImage runtime's variable: electron-updater's AppImageUpdater reads it from process.env.
  appImage = join(dir, 'GridDesk.AppImage');
  await writeFile(appImage, 'old build', { mode: 0o755 });
  process.env.APPIMAGE = appImage;
});

afterEach(async () => {
  if (savedAppImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = savedAppImage;
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

function appImageUpdater(): AppImageUpdater {
  return createAppUpdater(AppImageUpdater, { app, http: new NodeHttpExecutor(), log: (line) => log.push(line) }, feed.url);
}

describe('electron-updater made by createAppUpdater, against a local generic feed', () => {
  it('offers a newer version with its release notes, and downloads it verified against latest-linux.yml', async () => {
    const body = publishAppImage(feed, '0.2.0', { notes: '- faster' });
    const updater = appImageUpdater();
    const result = await updater.checkForUpdates();
    expect(result).toMatchObject({ isUpdateAvailable: true, updateInfo: { version: '0.2.0', releaseNotes: '- faster' } });
    // autoDownload is off: nothing is fetched before the controller asks for it.
    expect(result?.downloadPromise).toBeNull();
    expect(feed.requests).toEqual([`/${LINUX_CHANNEL_FILE}`]);

    const [downloaded] = await updater.downloadUpdate();
    // In the folder app-update.yml names (updaterCacheDirName), under the app's cache.
    expect(downloaded).toBe(join(dir, 'cache', 'griddesk-updater', 'pending', 'GridDesk-0.2.0-x86_64.AppImage'));
    expect(await readFile(downloaded!, 'utf8')).toBe(body);
    expect(log).toContain(`updates: New version 0.2.0 has been downloaded to ${downloaded}`);
    // Nothing installed before the app quits.
    expect(await readFile(appImage, 'utf8')).toBe('old build');
  });

  it('installs the downloaded AppImage in place of the running one as the app quits, and runs it to finish', async () => {
    const body = publishAppImage(feed, '0.2.0');
    const updater = appImageUpdater();
    await updater.checkForUpdates();
    await updater.downloadUpdate();
    app.quitNow(0);
    expect(await readFile(appImage, 'utf8')).toBe(body);
    expect((await readFile(`${appImage}.ran`, 'utf8')).trim()).toBe('true');
  });

  it('offers nothing for the same or an older version', async () => {
    const updater = appImageUpdater();
    publishAppImage(feed, '0.1.0');
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } });
    publishAppImage(feed, '0.0.9');
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: false, updateInfo: { version: '0.0.9' } });
  });

  it('refuses a download whose SHA-512 does not match the feed, keeps nothing, and installs nothing on quit', async () => {
    // Same length, other bytes: only the SHA-512 tells.
    const body = publishAppImage(feed, '0.2.0');
    feed.put('GridDesk-0.2.0-x86_64.AppImage', body.replace('0.2.0', '0.2.X'));
    const updater = appImageUpdater();
    await updater.checkForUpdates();
    await expect(updater.downloadUpdate()).rejects.toMatchObject({ code: 'ERR_CHECKSUM_MISMATCH' });
    expect(log.some((line) => line.startsWith('updates: warning: sha512 checksum mismatch'))).toBe(true);
    app.quitNow(0);
    expect(await readFile(appImage, 'utf8')).toBe('old build');
    await expect(readFile(join(dir, 'cache', 'griddesk-updater', 'pending', 'GridDesk-0.2.0-x86_64.AppImage'))).rejects.toThrow(
      /ENOENT/,
    );
  });

  it('rejects a check on a feed without the file, or with a file that is not YAML', async () => {
    const updater = appImageUpdater();
    await expect(updater.checkForUpdates()).rejects.toMatchObject({ code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND' });
    feed.put(LINUX_CHANNEL_FILE, 'version: [');
    await expect(updater.checkForUpdates()).rejects.toMatchObject({ code: 'ERR_UPDATER_INVALID_UPDATE_INFO' });
  });

  it('reads the feed from app-update.yml when no URL is given', async () => {
    publishAppImage(feed, '0.2.0');
    const updater = createAppUpdater(AppImageUpdater, { app, http: new NodeHttpExecutor(), log: () => undefined }, null);
    expect(await updater.checkForUpdates()).toMatchObject({ isUpdateAvailable: true });
    expect(dirname(app.appUpdateConfigPath)).toBe(join(dir, 'resources'));
  });

  it('is inactive outside an AppImage, as electron-updater decides', async () => {
    feed.put(LINUX_CHANNEL_FILE, latestYml('0.2.0', [{ url: 'GridDesk-0.2.0-x86_64.AppImage', body: 'x' }]));
    delete process.env.APPIMAGE;
    expect(await appImageUpdater().checkForUpdates()).toBeNull();
    expect(feed.requests).toEqual([]);
  });
});
