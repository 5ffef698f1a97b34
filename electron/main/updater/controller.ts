/**
 * The updater's decisions, apart from Electron: when to check (at start and every 6 hours, one
 * check at a time), what to download (a newer version, once) and when to ask (once per version).
 * electron-updater does the rest: it reads the feed, downloads, checks the SHA-512 and installs.
 * After 'Later' it installs the downloaded version as the app quits (autoInstallOnAppQuit); a
 * newer version found meanwhile is downloaded in its place and asked about in turn.
 */
import type { UpdateInfo } from 'electron-updater';
import { restartQuestion, type UpdateQuestion } from './question';

/** What electron-updater's checkForUpdates() resolves to (the part the decisions read). */
export interface CheckResult {
  isUpdateAvailable: boolean;
  updateInfo: UpdateInfo;
}

export interface UpdaterPorts {
  /** electron-updater's checkForUpdates(): null where it is not active; rejects when the feed cannot be read. */
  checkForUpdates(): Promise<CheckResult | null>;
  /** electron-updater's downloadUpdate(): rejects when the download fails or does not match the feed's SHA-512. */
  downloadUpdate(): Promise<unknown>;
  /** Shows the question; true for the action (restart), false for Later. */
  ask(question: UpdateQuestion): Promise<boolean>;
  /** Restarts into the downloaded update (electron-updater's quitAndInstall). */
  quitAndInstall(): void;
  log(line: string): void;
}

/** What one check led to (tests and the log read it). */
export type CheckStep = 'busy' | 'off' | 'failed' | 'current' | 'installing' | 'waiting';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface UpdateController {
  checkNow(): Promise<CheckStep>;
  /** A check now and every `intervalMs`; returns the stop function. */
  start(intervalMs?: number): () => void;
}

/** electron-updater's messages carry the stack after the first line; the log keeps one line. */
function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n', 1)[0]!;
}

export function createUpdateController(ports: UpdaterPorts): UpdateController {
  let busy = false;
  let installing = false;
  /** Versions downloaded and asked about: the member is not asked twice for one. */
  const asked = new Set<string>();

  async function handle(info: UpdateInfo): Promise<CheckStep> {
    const { version } = info;
    if (asked.has(version)) return 'waiting';
    ports.log(`updates: downloading ${version}`);
    try {
      await ports.downloadUpdate();
    } catch (error) {
      // Not marked as asked: the next check tries again (a feed fixed meanwhile, a network back).
      ports.log(`updates: could not download ${version} (${firstLine(error)})`);
      return 'failed';
    }
    asked.add(version);
    if (!(await ports.ask(restartQuestion(version, info.releaseNotes)))) {
      ports.log(`updates: ${version} waits for the app to quit`);
      return 'waiting';
    }
    installing = true;
    ports.log(`updates: restarting into ${version}`);
    ports.quitAndInstall();
    return 'installing';
  }

  async function checkNow(): Promise<CheckStep> {
    if (busy || installing) return 'busy';
    busy = true;
    try {
      const found = await readFeed(ports);
      return typeof found === 'string' ? found : await handle(found);
    } catch (error) {
      ports.log(`updates: ${firstLine(error)}`);
      return 'failed';
    } finally {
      busy = false;
    }
  }

  return {
    checkNow,
    start(intervalMs = CHECK_INTERVAL_MS) {
      void checkNow();
      const timer = setInterval(() => void checkNow(), intervalMs);
      // The schedule alone must not keep the process alive.
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}

/** The newer version the feed offers, or why there is none to download (logged here). */
async function readFeed(ports: UpdaterPorts): Promise<UpdateInfo | 'failed' | 'off' | 'current'> {
  let result: CheckResult | null;
  try {
    result = await ports.checkForUpdates();
  } catch (error) {
    ports.log(`updates: check failed (${firstLine(error)})`);
    return 'failed';
  }
  if (result === null) {
    ports.log('updates: off (electron-updater is not active in this installation)');
    return 'off';
  }
  if (!result.isUpdateAvailable) {
    ports.log(`updates: up to date (the feed offers ${result.updateInfo.version})`);
    return 'current';
  }
  return result.updateInfo;
}
