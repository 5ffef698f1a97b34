/**
 * Runs a scan every `pollMs`, and at once when woken (a NOTIFY on DEPOSIT_SCAN_CHANNEL from
 * POST .../deposit/sync, in this process or another). Scans never overlap: a wake-up during a
 * scan runs another one right after it, so the waiting request sees a scan that began after
 * it asked. Failures (the RPC node down) back off up to a minute and are logged when they
 * start, change or end, not every poll.
 */
import type { NotificationFeed } from '../db/notifications';
import { DEPOSIT_SCAN_CHANNEL } from '../modules/deposits/sync';
import type { Log } from '../logging/log';
import type { ScanResult } from './deposit-scanner';

export interface ScanLoopOptions {
  scan(): Promise<ScanResult>;
  pollMs: number;
  notifications?: NotificationFeed;
  log: Log;
  /** Makes an error loggable (hides the RPC URL). */
  describe(error: unknown): string;
}

const MAX_BACKOFF_MS = 60_000;

export function startScanLoop(options: ScanLoopOptions): { wake(): void; stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let lastError: string | null = null;

  async function runOnce(): Promise<void> {
    try {
      const result = await options.scan();
      if (lastError !== null) options.log.info({}, 'deposit scanner: chain reachable again');
      failures = 0;
      lastError = null;
      if (result.credited.length > 0)
        options.log.info(
          { credited: result.credited.length, block: result.cursor },
          `deposit scanner: credited ${result.credited.length} deposit(s) up to block ${result.cursor}`,
        );
    } catch (error) {
      failures += 1;
      const message = options.describe(error);
      if (message !== lastError) options.log.warn({ failures }, `deposit scanner: scan failed, retrying: ${message}`);
      lastError = message;
    }
  }

  function schedule(): void {
    if (stopped) return;
    const wait = failures === 0 ? options.pollMs : Math.min(options.pollMs * 2 ** failures, MAX_BACKOFF_MS);
    timer = setTimeout(wake, again ? 0 : wait);
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    again = false;
    running = runOnce().finally(() => {
      running = null;
      schedule();
    });
  }

  const listening = options.notifications?.listen(DEPOSIT_SCAN_CHANNEL, {
    onMessage: wake,
    // Back from a lost connection: a sync asked meanwhile may have been missed.
    onGap: (listeningAgain) => listeningAgain && wake(),
  });
  listening?.catch(() => undefined); // polling goes on without it
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await (await listening?.catch(() => null))?.stop();
    },
  };
}
