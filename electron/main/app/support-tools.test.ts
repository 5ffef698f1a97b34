/**
 * The support tools' Electron glue driven against a fake `electron` module: the updater wired
 * to a feed on loopback (an AppImage replaced and relaunched; a deb offered the download; off
 * outside a packaged build) and Help -> Export diagnostics writing a readable zip.
 */
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readZip } from '../diagnostics/testing/read-zip';
import { latestYml, startLocalFeed, type LocalFeed } from '../updater/testing/local-feed';

const fake = vi.hoisted(() => ({
  isPackaged: true,
  paths: {} as Record<string, string>,
  quits: 0,
  relaunches: [] as unknown[],
  handlers: new Map<string, (...args: unknown[]) => void>(),
  questions: [] as { message: string; buttons: string[] }[],
  answer: 0,
  savePath: null as string | null,
  opened: [] as string[],
  shown: [] as string[],
}));

vi.mock('electron', () => ({
  app: {
    get isPackaged() {
      return fake.isPackaged;
    },
    getVersion: () => '0.1.0',
    getLocale: () => 'en-GB',
    getPath: (name: string) => fake.paths[name]!,
    setAppLogsPath: () => undefined,
    whenReady: () => Promise.resolve(),
    on: (event: string, handler: (...args: unknown[]) => void) => fake.handlers.set(event, handler),
    quit: () => (fake.quits += 1),
    relaunch: (options: unknown) => fake.relaunches.push(options),
  },
  autoUpdater: new EventEmitter(),
  BrowserWindow: { getFocusedWindow: () => null, getAllWindows: () => [] },
  dialog: {
    showMessageBox: async (options: { message: string; buttons: string[] }) => {
      fake.questions.push(options);
      return { response: fake.answer };
    },
    showSaveDialog: async () => ({ canceled: fake.savePath === null, filePath: fake.savePath ?? undefined }),
    showErrorBox: (title: string, message: string) => {
      throw new Error(`${title}: ${message}`);
    },
  },
  net: { fetch: (input: string, init?: RequestInit) => fetch(input, init) },
  shell: {
    openExternal: async (url: string) => void fake.opened.push(url),
    showItemInFolder: (path: string) => void fake.shown.push(path),
  },
}));

const { startUpdater } = await import('./updater');
const { exportDiagnostics, startDiagnostics } = await import('./diagnostics');

let dir: string;
let feed: LocalFeed;
const savedResourcesPath = process.resourcesPath;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-support-'));
  feed = await startLocalFeed();
  Object.assign(fake, { isPackaged: true, quits: 0, relaunches: [], questions: [], answer: 0, savePath: null, opened: [], shown: [] });
  fake.handlers.clear();
  fake.paths = { userData: join(dir, 'userData'), logs: join(dir, 'logs'), downloads: dir };
  Object.defineProperty(process, 'resourcesPath', { value: join(dir, 'resources'), configurable: true });
});

afterEach(async () => {
  await feed.close();
  Object.defineProperty(process, 'resourcesPath', { value: savedResourcesPath, configurable: true });
  await rm(dir, { recursive: true, force: true });
});

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('the updater glue on Linux', () => {
  const linux = (env: NodeJS.ProcessEnv) => ({ platform: 'linux' as const, arch: 'x64', env });

  it('replaces the running AppImage with the verified download and relaunches it', async () => {
    const appImage = join(dir, 'GridDesk.AppImage');
    await writeFile(appImage, 'old build');
    feed.put('latest-linux.yml', latestYml('0.2.0', [{ url: 'GridDesk-0.2.0-x86_64.AppImage', body: 'new build' }], '- faster'));
    feed.put('GridDesk-0.2.0-x86_64.AppImage', 'new build');
    const log: string[] = [];
    startUpdater((line) => log.push(line), linux({ UPDATE_FEED_URL: feed.url, APPIMAGE: appImage }));
    await until(() => fake.quits > 0);
    expect(fake.questions).toEqual([expect.objectContaining({ message: 'GridDesk 0.2.0 is ready to install', buttons: ['Restart now', 'Later'] })]);
    expect(await readFile(appImage, 'utf8')).toBe('new build');
    expect(fake.relaunches).toEqual([{ execPath: appImage, args: process.argv.slice(1) }]);
    expect(log[0]).toBe(`updates: checking ${feed.url} (from UPDATE_FEED_URL) for linux x64 (appimage)`);
  });

  it('offers a deb installation the download page', async () => {
    feed.put('latest-linux.yml', latestYml('0.2.0', [{ url: 'GridDesk-0.2.0-amd64.deb', body: 'deb' }]));
    startUpdater(() => undefined, linux({ UPDATE_FEED_URL: feed.url }));
    await until(() => fake.opened.length > 0);
    expect(fake.questions.map((q) => q.buttons)).toEqual([['Download', 'Later']]);
    expect(fake.opened).toEqual([`${feed.url}GridDesk-0.2.0-amd64.deb`]);
    expect(fake.quits).toBe(0);
  });
});

describe('the updater glue', () => {
  it('stays off outside a packaged build, and without a feed, and says why', () => {
    const log: string[] = [];
    const runtime = { platform: 'win32' as const, arch: 'x64', env: {} };
    fake.isPackaged = false;
    startUpdater((line) => log.push(line), { ...runtime, env: { UPDATE_FEED_URL: feed.url } });
    fake.isPackaged = true;
    startUpdater((line) => log.push(line), runtime);
    expect(log).toEqual(['updates: off (not a packaged build)', 'updates: off (no UPDATE_FEED_URL and no app-update.yml (built without a feed))']);
    expect(feed.requests).toEqual([]);
    expect(fake.handlers.has('will-quit')).toBe(false);
  });
});

describe('the feed a packaged build was made with', () => {
  it('is read from resources/app-update.yml when UPDATE_FEED_URL is not set', async () => {
    await mkdir(process.resourcesPath, { recursive: true });
    await writeFile(join(process.resourcesPath, 'app-update.yml'), `provider: generic\nurl: ${feed.url}\nchannel: latest\n`);
    feed.put('latest.yml', latestYml('0.1.0', [{ url: 'GridDesk-Setup-0.1.0.exe', body: 'exe' }]));
    const log: string[] = [];
    startUpdater((line) => log.push(line), { platform: 'win32', arch: 'x64', env: {} });
    await until(() => log.length > 1);
    expect(log).toEqual([`updates: checking ${feed.url} (from app-update.yml) for win32 x64 (nsis)`, 'updates: up to date (the feed offers 0.1.0: same)']);
  });
});

describe('Help -> Export diagnostics', () => {
  it('writes the zip where the member chose, with main.log redacted, and shows it', async () => {
    const stop = startDiagnostics({ serverUrl: () => null });
    try {
      console.warn('login answer {"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl"}');
    } finally {
      stop();
    }
    fake.savePath = join(dir, 'GridDesk-diagnostics.zip');
    await exportDiagnostics();
    expect(fake.shown).toEqual([fake.savePath]);
    const files = new Map(readZip(await readFile(fake.savePath)).map((e) => [e.name, e.data.toString('utf8')]));
    expect(files.get('logs/desktop/main.log')).toMatch(/WARN {2}login answer \{"token":"\[REDACTED\]"\}/);
    expect(JSON.parse(files.get('versions.json')!)).toMatchObject({ app: '0.1.0', packaged: 'true', node: process.versions.node, locale: 'en-GB' });
    expect(JSON.parse(files.get('health.json')!)).toEqual({ unavailable: 'no platform server was started' });
  });

  it('writes nothing when the member cancels', async () => {
    await exportDiagnostics();
    expect(fake.shown).toEqual([]);
  });
});
