/**
 * The updater's decisions, apart from Electron: check, prepare (download, verify, hand over),
 * ask, install. A check runs at start and every 6 hours; one at a time. A version is prepared
 * and asked about once: after 'Later' it waits for the app to quit and is installed then
 * (Squirrel.Mac does that by itself); a newer version found meanwhile replaces it.
 */
import type { CheckOutcome } from './check';
import { downloadQuestion, restartQuestion, type UpdateQuestion } from './question';
import type { InstallMoment } from './install';

export type AvailableUpdate = Extract<CheckOutcome, { kind: 'update' }>;

/** An update ready to install: what prepare() made of an AvailableUpdate. */
export interface PreparedUpdate {
  version: string;
  /** The verified download (installer, AppImage or zip). */
  path: string;
}

export interface UpdaterPorts {
  check(): Promise<CheckOutcome>;
  /** Downloads and verifies `update.install` (and hands it to Squirrel on macOS). Throws on failure. */
  prepare(update: AvailableUpdate): Promise<PreparedUpdate>;
  /** Shows the question; true for the action (restart, download), false for Later. */
  ask(question: UpdateQuestion): Promise<boolean>;
  install(update: PreparedUpdate, moment: InstallMoment): Promise<void>;
  openDownload(url: string): void;
  log(line: string): void;
}

/** What one check led to (tests and the log read it). */
export type CheckStep = 'busy' | 'failed' | 'current' | 'installing' | 'waiting' | 'offered' | 'declined';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface UpdateController {
  checkNow(): Promise<CheckStep>;
  /** True while a prepared update waits for the app to quit. */
  hasPendingInstall(): boolean;
  /** Installs a prepared update the member put off; true when one was started. */
  installOnQuit(): Promise<boolean>;
  /** A check now and every `intervalMs`; returns the stop function. */
  start(intervalMs?: number): () => void;
}

export function createUpdateController(ports: UpdaterPorts): UpdateController {
  let busy = false;
  let ready: PreparedUpdate | null = null;
  let installing = false;
  /** Versions already asked about: the member is not asked twice for one. */
  const asked = new Set<string>();

  async function offerDownload(update: AvailableUpdate): Promise<CheckStep> {
    if (!update.download) return 'failed';
    asked.add(update.version);
    if (!(await ports.ask(downloadQuestion(update.version, update.releaseNotes)))) return 'declined';
    ports.openDownload(update.download.href);
    return 'offered';
  }

  async function handle(update: AvailableUpdate): Promise<CheckStep> {
    if (asked.has(update.version)) return 'waiting';
    if (!update.install) return offerDownload(update);
    ports.log(`updates: downloading ${update.version}`);
    let prepared: PreparedUpdate;
    try {
      prepared = await ports.prepare(update);
    } catch (error) {
      ports.log(`updates: could not prepare ${update.version} (${(error as Error).message}); offering the download instead`);
      return offerDownload(update);
    }
    ready = prepared;
    asked.add(update.version);
    if (!(await ports.ask(restartQuestion(update.version, update.releaseNotes)))) {
      ports.log(`updates: ${update.version} waits for the app to quit`);
      return 'waiting';
    }
    installing = true;
    ports.log(`updates: restarting into ${update.version}`);
    await ports.install(prepared, 'now');
    return 'installing';
  }

  async function checkNow(): Promise<CheckStep> {
    if (busy || installing) return 'busy';
    busy = true;
    try {
      const outcome = await ports.check();
      if (outcome.kind === 'failed') {
        ports.log(`updates: check failed (${outcome.reason}): ${outcome.message}`);
        return 'failed';
      }
      if (outcome.kind === 'current') {
        ports.log(`updates: up to date (the feed offers ${outcome.version}: ${outcome.reason})`);
        return 'current';
      }
      return await handle(outcome);
    } catch (error) {
      ports.log(`updates: ${(error as Error).message}`);
      return 'failed';
    } finally {
      busy = false;
    }
  }

  return {
    checkNow,
    hasPendingInstall: () => ready !== null && !installing,
    async installOnQuit() {
      if (!ready || installing) return false;
      installing = true;
      ports.log(`updates: installing ${ready.version} as the app quits`);
      await ports.install(ready, 'on-quit');
      return true;
    },
    start(intervalMs = CHECK_INTERVAL_MS) {
      void checkNow();
      const timer = setInterval(() => void checkNow(), intervalMs);
      // The schedule alone must not keep the process alive.
      timer.unref?.();
      return () => clearInterval(timer);
    },
  };
}
