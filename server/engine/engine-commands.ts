/**
 * Member commands for the runnables this engine holds, each applied once. They are heard
 * through runnables/command-delivery.ts (a notification, or polling while notifications cannot
 * be trusted); one not applicable yet (stop & sell while an order is out), or for a runnable
 * still being taken on, is looked at again a little later. One whose work failed (a write that
 * lost a race, a connection dropped: the runner reloaded itself from the database) is tried again
 * as well, up to ATTEMPTS_AFTER_FAILURE times, before the member is told it could not apply: the
 * settings it refers to are already in the runnable's row, so a refusal after one transient failure
 * would tell the member a change failed that the runner goes on to use.
 */
import type { NotificationFeed } from '../db/notifications';
import type { Log } from '../logging/log';
import { COMMAND_QUEUED_CHANNEL, followCommandSignal, type CommandSignal } from '../runnables/command-delivery';
import { APPLIED, refused, type CommandResult } from '../runnables/command-results';
import type { FeedPrices } from './feed-prices';
import { ended } from './runnable';
import type { Runner } from './runner';
import type { RunnerRegistry } from './runner-registry';
import type { RunnableStore } from './store';

/** How often a command whose work failed is tried before it is refused. */
export const ATTEMPTS_AFTER_FAILURE = 3;

const workFailed = (result: CommandResult) => result.kind === 'refused' && result.refusal === 'not_applied_now';

export class EngineCommands {
  private signal: CommandSignal | null = null;
  private readonly inProgress = new Set<string>();
  /** One look again at a time, however many commands wait for it (each adding its own multiplied them). */
  private retryTimer: NodeJS.Timeout | null = null;
  /** The commands whose work failed, with how many times it did. */
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly store: RunnableStore,
    private readonly runners: RunnerRegistry,
    private readonly prices: FeedPrices,
    /** Runnables this engine is taking on: their commands wait until they run here. */
    private readonly adopting: ReadonlySet<string>,
    private readonly retryMs: number,
    private readonly log: Log,
  ) {}

  start(feed: NotificationFeed | undefined): void {
    this.signal = followCommandSignal(feed, COMMAND_QUEUED_CHANNEL, this.retryMs, () => this.apply());
  }

  /** Looks at the pending commands now (a runnable was just taken on). */
  wake(): void {
    this.signal?.wake();
  }

  stop(): void {
    void this.signal?.stop();
    this.signal = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async apply(): Promise<void> {
    let again = false;
    for (const c of await this.store.pendingCommands()) {
      if (this.inProgress.has(c.id)) continue;
      const runner = this.runners.get(c.runnableId);
      if (!runner) {
        // Nobody runs a runnable that ended: answer for it, so the member is not kept waiting.
        if (ended(c.status) && c.leaseOwner === null)
          await this.store.completeCommand(c.id, c.kind === 'stop' ? APPLIED : refused('already_stopped'));
        else if (c.leaseOwner === this.store.owner || this.adopting.has(c.runnableId)) again = true;
        continue;
      }
      this.inProgress.add(c.id);
      void this.applyTo(runner, c.id, c.kind)
        .catch((error: unknown) => this.log.error({ err: error, command: c.id }, 'command failed'))
        .finally(() => this.inProgress.delete(c.id));
    }
    if (again) this.retryLater();
  }

  /**
   * The command at the runnable's price: the last this engine or its feed knows, else the
   * exchange's now (a pair whose price has not moved since the start was never pushed, and a
   * Stop & Sell needs a price to sell at).
   */
  private async applyTo(runner: Runner, id: string, kind: string): Promise<void> {
    const price = this.prices.known(runner) ?? (await this.prices.current(runner));
    const result = await runner.command(kind, price);
    if (result === null || (workFailed(result) && this.failedAgain(id))) return this.retryLater();
    this.failures.delete(id);
    await this.store.completeCommand(id, result);
  }

  /** Counts one more failure of the command's work; true while it has attempts left. */
  private failedAgain(id: string): boolean {
    const attempts = (this.failures.get(id) ?? 0) + 1;
    this.failures.set(id, attempts);
    this.log.warn({ command: id, attempts }, 'command could not apply; trying again');
    return attempts < ATTEMPTS_AFTER_FAILURE;
  }

  private retryLater(): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.signal?.wake();
    }, this.retryMs);
    this.retryTimer.unref();
  }
}
