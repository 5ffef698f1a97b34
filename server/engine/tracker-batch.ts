/**
 * The bots of one price change whose trackers moved without an order (a take profit armed, a
 * trailing high or low followed the price). Their state must be durable before the price counts
 * as settled, or an engine killed right after would resume them with stale trackers and trade
 * differently from the backtester. One statement for the whole batch; each bot waits for it in
 * its own queue, so nothing it writes later can be overtaken by this older state.
 */
import type { GridBot } from '../trading/index';
import { LeaseLost, type BotStore } from './store';

export class TrackerBatch {
  private readonly items: { id: string; bot: GridBot }[] = [];
  private written: Promise<Set<string>> | null = null;
  private release!: (written: Promise<Set<string>>) => void;
  private readonly ready = new Promise<Promise<Set<string>>>((resolve) => {
    this.release = resolve;
  });

  constructor(private readonly store: BotStore) {}

  get size(): number {
    return this.items.length;
  }

  /** Adds a bot as it is now; the returned work resolves once its state is written (LeaseLost if it could not be). */
  add(id: string, bot: GridBot): () => Promise<void> {
    this.items.push({ id, bot });
    return async () => {
      const written = await (await this.ready);
      if (!written.has(id)) throw new LeaseLost(id);
    };
  }

  /** Writes every added bot's state, snapshotted now (call it in the same turn as the adds). */
  flush(): Promise<Set<string>> {
    if (this.written) return this.written;
    this.written = this.store.saveTrackers(this.items);
    this.release(this.written);
    return this.written;
  }
}
