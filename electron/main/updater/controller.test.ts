/**
 * The updater's decisions driving the real electron-updater (its AppImageUpdater, made by
 * createAppUpdater with a plain Node app and HTTP client) against a generic feed on loopback;
 * the dialog and the restart are fakes. The schedule is checked with a scripted check.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppUpdater } from './app-updater';
import { CHECK_INTERVAL_MS, createUpdateController, type CheckResult, type UpdaterPorts } from './controller';
import type { UpdateQuestion } from './question';
import { LINUX_CHANNEL_FILE, publishAppImage, startLocalFeed, type LocalFeed } from './testing/local-feed';
import { NodeHttpExecutor } from './testing/node-http';
import { createTestApp, type TestApp } from './testing/test-app';

let feed: LocalFeed;
let dir: string;
let app: TestApp;
let appImage: string;
const savedAppImage = process.env.APPIMAGE;

beforeEach(async () => {
  feed = await startLocalFeed();
  dir = await mkdtemp(join(tmpdir(), 'griddesk-updater-'));
  app = await createTestApp(dir, feed.url);
  appImage = join(dir, 'GridDesk.AppImage');
  await writeFile(appImage, 'old build', { mode: 0o755 });
  process.env.APPIMAGE = appImage;
});

afterEach(async () => {
  vi.useRealTimers();
  if (savedAppImage === undefined) delete process.env.APPIMAGE;
  else process.env.APPIMAGE = savedAppImage;
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

interface Recorded {
  questions: UpdateQuestion[];
  restarts: number;
  log: string[];
}

/** The real updater for `feedUrl`; the member's answers scripted in `answers` (true = Restart now). */
function ports(answers: boolean[], overrides: Partial<UpdaterPorts> = {}, feedUrl = feed.url) {
  const recorded: Recorded = { questions: [], restarts: 0, log: [] };
  // electron-updater's own lines go elsewhere: the controller's lines are the ones asserted.
  const updater = createAppUpdater(AppImageUpdater, { app, http: new NodeHttpExecutor(), log: () => undefined }, feedUrl);
  const value: UpdaterPorts = {
    checkForUpdates: () => updater.checkForUpdates(),
    downloadUpdate: () => updater.downloadUpdate(),
    ask: async (question) => {
      recorded.questions.push(question);
      return answers.shift() ?? false;
    },
    // electron-updater's quitAndInstall ends in Electron's autoUpdater: only counted here.
    quitAndInstall: () => void (recorded.restarts += 1),
    log: (line) => recorded.log.push(line),
    ...overrides,
  };
  return { ports: value, recorded };
}

const appImageDownloads = () => feed.requests.filter((r) => r.endsWith('.AppImage'));

describe('the update controller with electron-updater', () => {
  it('downloads a newer version, asks with its release notes, and restarts into it', async () => {
    publishAppImage(feed, '0.2.0', { notes: '## 0.2.0\n\n- **New**: things' });
    const { ports: p, recorded } = ports([true]);
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('installing');
    expect(recorded.questions).toEqual([
      expect.objectContaining({
        message: 'GridDesk 0.2.0 is ready to install',
        buttons: ['Restart now', 'Later'],
        detail: expect.stringMatching(/\n\n0\.2\.0\n\n• New: things$/),
      }),
    ]);
    expect(recorded.restarts).toBe(1);
    expect(appImageDownloads()).toHaveLength(1);
    expect(recorded.log).toEqual(['updates: downloading 0.2.0', 'updates: restarting into 0.2.0']);
    // Restarting: no other check starts.
    expect(await controller.checkNow()).toBe('busy');
  });

  it('after Later, asks no more about that version, and electron-updater installs it as the app quits', async () => {
    const body = publishAppImage(feed, '0.2.0');
    const { ports: p, recorded } = ports([false]);
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('waiting');
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions).toHaveLength(1);
    expect(appImageDownloads()).toHaveLength(1);
    expect(recorded.restarts).toBe(0);
    expect(await readFile(appImage, 'utf8')).toBe('old build');
    app.quitNow(0);
    expect(await readFile(appImage, 'utf8')).toBe(body);
    expect(recorded.log).toContain('updates: 0.2.0 waits for the app to quit');
  });

  it('downloads and asks about a newer version published after the member put one off, and installs that one', async () => {
    publishAppImage(feed, '0.2.0');
    const { ports: p, recorded } = ports([false, false]);
    const controller = createUpdateController(p);
    await controller.checkNow();
    const newer = publishAppImage(feed, '0.3.0');
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions.map((q) => q.message)).toEqual([
      'GridDesk 0.2.0 is ready to install',
      'GridDesk 0.3.0 is ready to install',
    ]);
    app.quitNow(0);
    expect(await readFile(appImage, 'utf8')).toBe(newer);
  });

  it('does nothing on the same, an older or a malformed feed, and logs why', async () => {
    const { ports: p, recorded } = ports([true]);
    const controller = createUpdateController(p);
    publishAppImage(feed, '0.1.0');
    expect(await controller.checkNow()).toBe('current');
    publishAppImage(feed, '0.0.9');
    expect(await controller.checkNow()).toBe('current');
    feed.put(LINUX_CHANNEL_FILE, 'version: [');
    expect(await controller.checkNow()).toBe('failed');
    expect(recorded.questions).toEqual([]);
    expect(recorded.restarts).toBe(0);
    expect(appImageDownloads()).toEqual([]);
    expect(recorded.log).toEqual([
      'updates: up to date (the feed offers 0.1.0)',
      'updates: up to date (the feed offers 0.0.9)',
      expect.stringMatching(
        new RegExp(`^updates: check failed \\(Cannot parse update info from ${LINUX_CHANNEL_FILE} .*YAMLException.*\\)$`),
      ),
    ]);
  });

  it('fails a check on a feed that cannot be reached, logs why, and never throws', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    // First a feed that takes each connection and drops it.
    server.on('connection', (socket) => socket.destroy());
    const dropping = ports([], {}, url);
    expect(await createUpdateController(dropping.ports).checkNow()).toBe('failed');
    expect(dropping.recorded.log).toEqual([
      expect.stringMatching(/^updates: check failed \((socket hang up|read ECONNRESET)\)$/),
    ]);
    // Then nothing listening: electron-updater tries a refused connection 4 times over 3 s.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const refused = ports([], {}, url);
    expect(await createUpdateController(refused.ports).checkNow()).toBe('failed');
    expect(refused.recorded.log).toEqual([`updates: check failed (connect ECONNREFUSED ${url.slice(7, -1)})`]);
  });

  it('neither asks nor installs when the download does not match the SHA-512 in the feed, and tries again next time', async () => {
    const body = publishAppImage(feed, '0.2.0');
    feed.put('GridDesk-0.2.0-x86_64.AppImage', body.replace('0.2.0', '0.2.X'));
    const { ports: p, recorded } = ports([false]);
    const controller = createUpdateController(p);
    expect(await controller.checkNow()).toBe('failed');
    expect(recorded.questions).toEqual([]);
    expect(recorded.log).toEqual([
      'updates: downloading 0.2.0',
      expect.stringMatching(/^updates: could not download 0\.2\.0 \(.*sha512 checksum mismatch/),
    ]);
    app.quitNow(0);
    expect(await readFile(appImage, 'utf8')).toBe('old build');
    // The feed fixed: the next check downloads and asks.
    feed.put('GridDesk-0.2.0-x86_64.AppImage', body);
    expect(await controller.checkNow()).toBe('waiting');
    expect(recorded.questions).toHaveLength(1);
  });

  it('is off where electron-updater is not active (an AppImage updater outside an AppImage)', async () => {
    publishAppImage(feed, '0.2.0');
    delete process.env.APPIMAGE;
    const { ports: p, recorded } = ports([]);
    expect(await createUpdateController(p).checkNow()).toBe('off');
    expect(recorded.log).toEqual(['updates: off (electron-updater is not active in this installation)']);
    expect(feed.requests).toEqual([]);
  });

  it('runs one check at a time', async () => {
    let release: (result: CheckResult) => void = () => undefined;
    const { ports: p } = ports([], { checkForUpdates: () => new Promise((resolve) => (release = resolve)) });
    const controller = createUpdateController(p);
    const first = controller.checkNow();
    expect(await controller.checkNow()).toBe('busy');
    release({ isUpdateAvailable: false, updateInfo: { version: '0.1.0', files: [], path: '', sha512: '', releaseDate: '' } });
    expect(await first).toBe('current');
  });

  it('checks at start and every 6 hours until stopped', async () => {
    vi.useFakeTimers();
    const checkForUpdates = vi.fn(async (): Promise<CheckResult> => ({
      isUpdateAvailable: false,
      updateInfo: { version: '0.1.0', files: [], path: '', sha512: '', releaseDate: '' },
    }));
    const { ports: p } = ports([], { checkForUpdates });
    const stop = createUpdateController(p).start();
    expect(checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(checkForUpdates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(checkForUpdates).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(checkForUpdates).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(checkForUpdates).toHaveBeenCalledTimes(3);
  });
});
