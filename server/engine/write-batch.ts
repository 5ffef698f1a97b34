/**
 * The writes of one price push, one statement per kind for all the bots of its pairs: trackers
 * that moved without an order (a take profit armed, a trailing high or low followed the price),
 * and the intents of the bots that decided to order. A push moves dozens to hundreds of bots at
 * once; one round trip for all of them, instead of one each, keeps the connection pool's
 * queue and so the price-to-order latency short.
 *
 * Each bot waits for the statement in its own queue, so nothing it writes later can be overtaken
 * by this older state. Tracker moves must be durable before the price counts as settled, or an
 * engine killed right after would resume them with stale trackers and trade differently from
 * the backtester.
 */
import type { GridBot } from '../trading/index';
import type { RunningRow } from './records';
import { LeaseLost, type BotStore, type OrderRow } from './store';

export class WriteBatch<T extends { id: string }> {
  private readonly items: T[] = [];
  private written: Promise<Set<string>> | null = null;
  private release!: (written: Promise<Set<string>>) => void;
  private readonly ready = new Promise<Promise<Set<string>>>((resolve) => {
    this.release = resolve;
  });

  constructor(private readonly write: (items: readonly T[]) => Promise<Set<string>>) {}

  get size(): number {
    return this.items.length;
  }

  /** Adds a bot's write; the returned work resolves once it is written (LeaseLost if it could not be). */
  add(item: T): () => Promise<void> {
    this.items.push(item);
    return async () => {
      const written = await (await this.ready);
      if (!written.has(item.id)) throw new LeaseLost(item.id);
    };
  }

  /** Writes every added item, the bots' state snapshotted now (call it in the same turn as the adds). */
  flush(): Promise<Set<string>> {
    if (this.written) return this.written;
    this.written = this.items.length === 0 ? Promise.resolve(new Set()) : this.write(this.items);
    this.release(this.written);
    return this.written;
  }
}

export interface TickWrites {
  trackers: WriteBatch<{ id: string; bot: GridBot }>;
  intents: WriteBatch<{ id: string; row: RunningRow; bot: GridBot; orders: readonly OrderRow[] }>;
}

export function tickWrites(store: BotStore): TickWrites {
  return {
    trackers: new WriteBatch((items) => store.saveTrackers(items)),
    intents: new WriteBatch((items) => store.recordIntentBatch(items)),
  };
}

/** Sends both statements (together: the pool runs them side by side); resolves when both are done. */
export function flushTickWrites(writes: TickWrites): Promise<unknown> | null {
  if (writes.trackers.size === 0 && writes.intents.size === 0) return null;
  return Promise.all([writes.trackers.flush(), writes.intents.flush()]);
}
