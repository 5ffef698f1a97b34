/**
 * The wallet reconciler's schedule: runs settleOpenOperations at start and then on a timer (unref'd: it never keeps the
 * process alive). One pass at a time; stop() waits for a pass under way, so the database is
 * never closed beneath it.
 */
import type { Log } from '../../logging/log';
import type { WalletDeps } from './deps';
import { settleOpenOperations, type SettleSummary } from './settle-open-operations';

export interface SettleTimer {
  stop(): Promise<void>;
}

export interface SettleTimerOptions {
  /** Default 60 s. */
  intervalMs?: number;
  log: Log;
}

function changed(summary: SettleSummary): boolean {
  return summary.done + summary.failed + summary.skipped > 0;
}

export function startSettleTimer(deps: WalletDeps, options: SettleTimerOptions): SettleTimer {
  const { intervalMs = 60_000, log } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = settleOpenOperations(deps, { log })
      .then(
        (summary) => {
          if (changed(summary)) log.info(summary, `wallet reconciler: ${JSON.stringify(summary)}`);
        },
        (error: unknown) => log.error({}, `wallet reconciler failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = null;
      });
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
