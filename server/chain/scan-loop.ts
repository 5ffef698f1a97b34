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

/**
 * The scans' outcomes: counts failures in a row for the backoff, and logs a failure when it starts
 * or changes (not every poll), and the recovery.
 */
class ScanHealth {
  private failures = 0;
  private lastError: string | null = null;
  constructor(private readonly options: Pick<ScanLoopOptions, 'log' | 'describe'>) {}

  succeeded(result: ScanResult): void {
    const { log } = this.options;
    if (this.lastError !== null) log.info({}, 'deposit scanner: chain reachable again');
    this.failures = 0;
    this.lastError = null;
    if (result.credited.length > 0)
      log.info(
        { credited: result.credited.length, block: result.cursor },
        `deposit scanner: credited ${result.credited.length} deposit(s) up to block ${result.cursor}`,
      );
  }

  failed(error: unknown): void {
    this.failures += 1;
    const message = this.options.describe(error);
    if (message !== this.lastError)
      this.options.log.warn({ failures: this.failures }, `deposit scanner: scan failed, retrying: ${message}`);
    this.lastError = message;
  }

  /** `pollMs`, doubled for each failure in a row up to a minute. */
  wait(pollMs: number): number {
    return this.failures === 0 ? pollMs : Math.min(pollMs * 2 ** this.failures, MAX_BACKOFF_MS);
  }
}

export function startScanLoop(options: ScanLoopOptions): { wake(): void; stop(): Promise<void> } {
  const health = new ScanHealth(options);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function runOnce(): Promise<void> {
    try {
      health.succeeded(await options.scan());
    } catch (error) {
      health.failed(error);
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(wake, again ? 0 : health.wait(options.pollMs));
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
