/**
 * The updater's Electron glue driven against a fake `electron` module and a feed on loopback,
 * with electron-updater itself (Electron's net replaced by a Node HTTP client): which updater an
 * installation gets, where its feed comes from, the dialog, Later installing as the app quits,
 * Restart now skipping the quit question, and off with a reason where it cannot update.
 */
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINUX_CHANNEL_FILE, publishAppImage, startLocalFeed, type LocalFeed } from '../updater/testing/local-feed';
import { NodeHttpExecutor } from '../updater/testing/node-http';

const fake = vi.hoisted(() => ({
  isPackaged: true,
  userData: '',
  questions: [] as { message: string; detail: string; buttons: string[] }[],
  answer: 1,
  // Electron's app emits 'quit'; electron-updater's ElectronAppAdapter listens with once().
  events: null as unknown as EventEmitter,
}));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return fake.isPackaged;
    },
    getVersion: () => '0.1.0',
    getName: () => 'GridDesk',
    getPath: (name: string) => (name === 'userData' ? fake.userData : ''),
    whenReady: () => Promise.resolve(),
    once: (event: string, handler: (...args: unknown[]) => void) => fake.events.once(event, handler),
    quit: () => undefined,
    relaunch: () => undefined,
  },
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
  dialog: {
    showMessageBox: async (options: { message: string; detail: string; buttons: string[] }) => {
      fake.questions.push(options);
      return { response: fake.answer };
    },
  },
}));

const { startUpdater } = await import('./updater');

let dir: string;
let feed: LocalFeed;
let resources: string;
let log: string[];
const savedEnv = { APPIMAGE: process.env.APPIMAGE, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-updater-glue-'));
  feed = await startLocalFeed();
  resources = join(dir, 'resources');
  await mkdir(resources);
  log = [];
  Object.assign(fake, {
    isPackaged: true,
    userData: join(dir, 'userData'),
    questions: [],
    answer: 1,
    events: new EventEmitter(),
  });
  // electron-updater downloads under the OS cache folder: this test's, not the machine's.
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  delete process.env.APPIMAGE;
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await feed.close();
  await rm(dir, { recursive: true, force: true });
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** This machine as a Linux installation; `env` as the app would see it. */
function linux(env: NodeJS.ProcessEnv) {
  return { platform: 'linux' as const, env, resourcesPath: resources, http: new NodeHttpExecutor() };
}

/** An AppImage installation: electron-updater reads APPIMAGE from the process itself. */
async function asAppImage(): Promise<string> {
  const appImage = join(dir, 'GridDesk.AppImage');
  await writeFile(appImage, 'old build', { mode: 0o755 });
  process.env.APPIMAGE = appImage;
  return appImage;
}

describe('the updater glue on Linux', () => {
  it('asks with the release notes; after Later, electron-updater replaces the AppImage as the app quits', async () => {
    const appImage = await asAppImage();
    const body = publishAppImage(feed, '0.2.0', { notes: '- faster' });
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: feed.url, APPIMAGE: appImage }));
    await until(() => log.includes('updates: 0.2.0 waits for the app to quit'));
    expect(log[0]).toBe(`updates: appimage updater on ${feed.url} (from UPDATE_FEED_URL)`);
    expect(fake.questions).toEqual([
      expect.objectContaining({
        message: 'GridDesk 0.2.0 is ready to install',
        buttons: ['Restart now', 'Later'],
        detail: expect.stringMatching(/\n\n• faster$/),
      }),
    ]);
    // Built without a feed: the app-update.yml electron-updater needs is written to userData.
    expect(await readFile(join(fake.userData, 'app-update.yml'), 'utf8')).toContain(JSON.stringify(feed.url));
    expect(await readFile(appImage, 'utf8')).toBe('old build');
    fake.events.emit('quit', {}, 0);
    expect(await readFile(appImage, 'utf8')).toBe(body);
  });

  it('on Restart now, skips the quit question and has electron-updater install silently and start the app again', async () => {
    const appImage = await asAppImage();
    publishAppImage(feed, '0.2.0');
    fake.answer = 0;
    const order: string[] = [];
    // The real quitAndInstall ends in Electron's own autoUpdater, which plain Node does not have.
    const quitAndInstall = vi
      .spyOn(AppImageUpdater.prototype, 'quitAndInstall')
      .mockImplementation(() => void order.push('quitAndInstall'));
    startUpdater(
      (line) => log.push(line),
      linux({ UPDATE_FEED_URL: feed.url, APPIMAGE: appImage }),
      () => order.push('skip the quit question'),
    );
    await until(() => order.length === 2);
    expect(order).toEqual(['skip the quit question', 'quitAndInstall']);
    expect(quitAndInstall).toHaveBeenCalledWith(true, true);
    expect(log).toContain('updates: restarting into 0.2.0');
  });

  it("takes a deb installation to electron-updater's deb updater", async () => {
    await writeFile(join(resources, 'package-type'), 'deb');
    publishAppImage(feed, '0.1.0');
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: feed.url }));
    await until(() => log.some((line) => line.startsWith('updates: up to date')));
    expect(log[0]).toBe(`updates: deb updater on ${feed.url} (from UPDATE_FEED_URL)`);
    expect(log).toContain('updates: up to date (the feed offers 0.1.0)');
  });

  it('uses the feed the build baked into app-update.yml when UPDATE_FEED_URL is not set', async () => {
    const appImage = await asAppImage();
    await writeFile(
      join(resources, 'app-update.yml'),
      `provider: generic\nurl: ${feed.url}\nupdaterCacheDirName: griddesk-updater\n`,
    );
    publishAppImage(feed, '0.1.0');
    startUpdater((line) => log.push(line), linux({ APPIMAGE: appImage }));
    await until(() => log.some((line) => line.startsWith('updates: up to date')));
    expect(log[0]).toBe('updates: appimage updater on the feed of app-update.yml (from app-update.yml)');
    expect(feed.requests).toEqual([`/${LINUX_CHANNEL_FILE}`]);
  });
});

describe('the updater glue', () => {
  it('stays off, and says why, outside a packaged build, outside an AppImage or deb, without a feed, or with an insecure one', async () => {
    const appImage = await asAppImage();
    fake.isPackaged = false;
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: feed.url, APPIMAGE: appImage }));
    fake.isPackaged = true;
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: feed.url }));
    startUpdater((line) => log.push(line), linux({ APPIMAGE: appImage }));
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: 'http://updates.example/', APPIMAGE: appImage }));
    expect(log).toEqual([
      'updates: off (not a packaged build)',
      'updates: off (not an AppImage, nor a deb built with a feed (resources/package-type))',
      'updates: off (no UPDATE_FEED_URL and no app-update.yml (built without a feed))',
      'updates: off (UPDATE_FEED_URL: http://updates.example must use https:// (plain http:// only for 127.0.0.1, localhost or ::1))',
    ]);
  });
});
