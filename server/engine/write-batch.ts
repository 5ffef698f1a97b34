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
import type { InFlightSends } from './in-flight-sends';
import type { Runnable, RunningRow } from './runnable';
import { LeaseLost, type RunnableStore, type OrderRow } from './store';

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
      const written = await await this.ready;
      if (!written.has(item.id)) throw new LeaseLost(item.id);
    };
  }

  /**
   * Writes every added item, the bots' state snapshotted now: as the tick left it, since each bot
   * waits for this write before anything else of it runs.
   */
  flush(): Promise<Set<string>> {
    if (this.written) return this.written;
    this.written = this.items.length === 0 ? Promise.resolve(new Set()) : this.write(this.items);
    this.release(this.written);
    return this.written;
  }
}

export interface TickWrites {
  trackers: WriteBatch<{ id: string; core: Runnable }>;
  intents: WriteBatch<{ id: string; row: RunningRow; core: Runnable; orders: readonly OrderRow[] }>;
}

export function tickWrites(store: RunnableStore): TickWrites {
  return {
    trackers: new WriteBatch((items) => store.saveTrackers(items)),
    intents: new WriteBatch((items) => store.recordIntentBatch(items)),
  };
}

/** How long the tracker moves wait, at most, for the orders of their push to be answered. */
const TRACKERS_WAIT_MS = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sends the intents now, and the tracker moves once the orders those intents start are answered
 * (or TRACKERS_WAIT_MS later): while a push's burst of orders is out, the tracker statement (a
 * state for each bot that moved) would take database and engine CPU from the orders. Either way
 * they are durable before the price settles, and their bots wait for them, so the state the
 * statement takes when it goes is the one the tick left. Resolves when both are written.
 */
export function flushTickWrites(writes: TickWrites, sends: InFlightSends): Promise<unknown> | null {
  if (writes.trackers.size === 0 && writes.intents.size === 0) return null;
  const intents = writes.intents.flush();
  if (writes.trackers.size === 0) return intents;
  // One turn after the intents are written, every bot they were for has begun its send.
  const burstAnswered =
    writes.intents.size === 0 ? Promise.resolve() : intents.then(nextTurn, nextTurn).then(() => sends.quiet(TRACKERS_WAIT_MS));
  return Promise.all([intents, burstAnswered.then(() => writes.trackers.flush())]);
}
