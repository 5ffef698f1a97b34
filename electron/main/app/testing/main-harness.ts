/**
 * Runs Electron main's real wiring (app/main-process.ts) against the fake `electron` module and
 * a small platform server on a socket: the member's event stream, their bots and cycles, their
 * subscription. The test file mocks `electron`, `electron-store`, the embedded server, the
 * keychain picker and the bundle paths with the stand-ins exported here (see main-process.test.ts).
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { MemberEvent } from '../../../../common/api/bots';
import { startFakeMemberPlatform, type FakeMemberPlatform } from '../../testing/fake-member-platform';
import type { PlatformTarget, PlatformTargetOptions } from '../../embedded-server';
import type { MainProcessControls, MainProcessHooks } from '../main-process';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import type { Keychain } from '../../ports/types';
import { electronState, FakeBrowserWindow, resetElectron, storeFiles, type FakeTray, type Rect } from './fake-electron';

export interface Scenario {
  /** The embedded server (bots run in this app) or a remote one. */
  embedded: boolean;
  /** A member signed in from the last run; null: nobody. */
  token: string | null;
  bots: number;
  cycles: number;
  /** The subscription's end, from now; null: none. */
  expiresInMs: number | null;
  platform: string;
  argv: string[];
  singleInstance: boolean;
  /** No tray on this desktop. */
  noTray: boolean;
  displays: Rect[];
  hooks: MainProcessHooks;
  /** The platform server fails to start. */
  startFails: boolean;
  /** Keep the settings of the last run (a restart). */
  keepSettings: boolean;
  /** An installed build (app.isPackaged) rather than a development run. */
  packaged: boolean;
  /** process.env as main sees it. */
  env: Record<string, string | undefined>;
}

const DEFAULTS: Scenario = {
  embedded: true,
  token: 'tok-1',
  bots: 0,
  cycles: 0,
  expiresInMs: 30 * 86_400_000,
  platform: 'linux',
  argv: ['/opt/GridDesk/griddesk'],
  singleInstance: true,
  noTray: false,
  displays: [{ x: 0, y: 0, width: 1920, height: 1080 }],
  hooks: {},
  startFails: false,
  keepSettings: false,
  packaged: false,
  env: {},
};

/** What the mocked modules read: the run in progress. */
export const current = {
  url: '',
  embedded: true,
  token: null as string | null,
  startFails: false,
  started: 0,
  /** What main asked of the embedded server at its last start. */
  startOptions: null as PlatformTargetOptions | null,
  serverClosed: 0,
  keychain: null as Keychain | null,
  dir: '',
};

export async function fakeStartPlatformTarget(options: PlatformTargetOptions): Promise<PlatformTarget> {
  current.started += 1;
  current.startOptions = options;
  if (current.startFails) throw new Error('The database folder is locked by another GridDesk.');
  return {
    url: current.url,
    embedded: current.embedded,
    dataDir: current.embedded ? options.dataDir : null,
    close: async () => {
      current.serverClosed += 1;
    },
  };
}

export async function fakePickKeychain(): Promise<Keychain> {
  current.keychain = createMemoryKeychain(current.token ?? undefined);
  return current.keychain;
}

/** Stand-ins for ../paths: the renderer is one index.html in the run's folder. */
export const fakePaths = {
  get bundleDir() {
    return current.dir;
  },
  get preloadPath() {
    return join(current.dir, 'preload.cjs');
  },
  get rendererDir() {
    return join(current.dir, 'renderer');
  },
  iconPath: (_isPackaged: boolean, _resources: string, file = 'icon.png') => join(current.dir, file),
};

export const INDEX_HTML = '<!doctype html><title>GridDesk</title>';

export interface MainRun {
  scenario: Scenario;
  /** What runMainProcess gave back (for the updater). */
  controls: MainProcessControls;
  /** What the platform server answers; change it and the next fetch sees it. */
  server: FakeMemberPlatform;
  window(): FakeBrowserWindow;
  tray(): FakeTray;
  /** Sends a member event down the open event stream(s). */
  push(event: MemberEvent): void;
  /** Paths main asked the page to open (app:navigate), in order. */
  navigations(): string[];
  /** The renderer's call through ipcMain, from a frame at `url`. */
  invoke(channel: string, payload?: unknown, url?: string): Promise<unknown>;
  /** Quits (saying Quit to any question) and closes the platform server. */
  stop(): Promise<void>;
}

export async function startMain(options: Partial<Scenario> = {}): Promise<MainRun> {
  const scenario: Scenario = { ...DEFAULTS, ...options };
  resetElectron();
  if (!scenario.keepSettings) storeFiles.clear();
  const state = electronState();
  state.displays = scenario.displays.map((workArea) => ({ workArea }));
  state.emptyIcon = scenario.noTray;
  state.app.singleInstance = scenario.singleInstance;
  state.app.isPackaged = scenario.packaged;
  current.dir = await mkdtemp(join(tmpdir(), 'griddesk-main-'));
  state.app.setPath('appData', current.dir);
  await mkdir(join(current.dir, 'renderer'));
  await writeFile(join(current.dir, 'renderer', 'index.html'), INDEX_HTML);

  const server = await startFakeMemberPlatform({
    bots: scenario.bots,
    cycles: scenario.cycles,
    expiresInMs: scenario.expiresInMs,
  });
  Object.assign(current, {
    url: server.url,
    embedded: scenario.embedded,
    token: scenario.token,
    startFails: scenario.startFails,
    started: 0,
    serverClosed: 0,
    keychain: null,
  });

  const { runMainProcess } = await import('../main-process');
  const controls = runMainProcess(
    {
      argv: scenario.argv,
      env: scenario.env,
      platform: scenario.platform,
      arch: 'x64',
      defaultApp: false,
      execPath: '/opt/GridDesk/griddesk',
      resourcesPath: '/opt/GridDesk/resources',
      versions: { electron: '45.4.1', chrome: '142.0.7444.59', node: '22.20.0', v8: '14.2.231' },
    },
    scenario.hooks,
  );
  state.app.becomeReady();

  const run: MainRun = {
    scenario,
    controls,
    server,
    window: () => {
      const win = FakeBrowserWindow.getAllWindows()[0];
      if (!win) throw new Error('no window open');
      return win;
    },
    tray: () => {
      const tray = state.trays.at(-1);
      if (!tray) throw new Error('no tray');
      return tray;
    },
    push: (event) => server.push(event),
    navigations: () =>
      FakeBrowserWindow.all.flatMap((win) =>
        win.webContents.sent
          .filter((s) => s.channel === 'griddesk:event' && s.args[0] === 'app:navigate')
          .map((s) => (s.args[1] as { path: string }).path),
      ),
    async invoke(channel, payload = {}, url = 'app://griddesk/index.html') {
      const handler = state.ipcHandlers.get('griddesk:invoke');
      if (!handler) throw new Error('ipcMain has no griddesk:invoke handler');
      return handler({ senderFrame: { url } }, channel, payload);
    },
    async stop() {
      if (state.app.ready && !state.app.quitted && scenario.singleInstance && !scenario.startFails) {
        state.answerMessageBox = () => 0;
        state.app.quit();
        await vi.waitFor(() => {
          if (!state.app.quitted) throw new Error('main has not quit');
        });
      }
      await server.close();
      await rm(current.dir, { recursive: true, force: true });
    },
  };
  if (scenario.singleInstance && !scenario.startFails) {
    await vi.waitFor(() => run.window(), { timeout: 5_000 });
    // A member signed in from the last run: main follows their events from the start.
    if (scenario.token) {
      await vi.waitFor(
        () => {
          if (server.streams === 0) throw new Error('the member event stream is not open');
        },
        { timeout: 5_000 },
      );
    }
  }
  return run;
}
