/**
 * A packaged GridDesk as electron-updater sees it (its AppAdapter), in a temporary folder: the
 * version, resources/app-update.yml, userData and the cache the updates are downloaded to. Quit
 * handlers are kept, so a test can quit the app and see what electron-updater installs then.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppAdapter } from 'electron-updater/out/AppAdapter.js';
import { appUpdateYml } from '../feed-url';

export interface TestApp extends AppAdapter {
  quits: number;
  relaunches: number;
  /** Runs the quit handlers as Electron's 'quit' event would. */
  quitNow(exitCode?: number): void;
}

export async function createTestApp(dir: string, feedUrl: string, version = '0.1.0'): Promise<TestApp> {
  const resources = join(dir, 'resources');
  await mkdir(resources, { recursive: true });
  await writeFile(join(resources, 'app-update.yml'), appUpdateYml(feedUrl));
  const onQuit: ((exitCode: number) => void)[] = [];
  const app: TestApp = {
    version,
    name: 'GridDesk',
    isPackaged: true,
    appUpdateConfigPath: join(resources, 'app-update.yml'),
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    quits: 0,
    relaunches: 0,
    quit: () => void (app.quits += 1),
    relaunch: () => void (app.relaunches += 1),
    onQuit: (handler) => void onQuit.push(handler),
    quitNow(exitCode = 0) {
      for (const handler of onQuit.splice(0)) handler(exitCode);
    },
  };
  return app;
}
