/**
 * One user-data subscription per member on a stream pool, held while any of their runnables runs
 * in this engine: each running one counts once, and the member is heard until the last one goes.
 *
 * The exchange allows one subscription per account and connection, so the engines of one process
 * (the bots' and the cycles') share it: a subscription of one name on one pool is added once, its
 * events go to every engine listening, and it is removed when the last one leaves.
 */
import type { MemberStreams } from '../exchange/services';
import type { StreamListener } from '../exchange/user-streams/stream-pool';

/** A pool subscription and the engines' listeners it feeds. */
interface Shared {
  listeners: Set<StreamListener>;
  up: boolean;
  /** Waiting for it to be up (whenUp). */
  waiters: Set<() => void>;
}

const sharedByPool = new WeakMap<object, Map<string, Shared>>();

function sharedOf(pool: object): Map<string, Shared> {
  let shared = sharedByPool.get(pool);
  if (!shared) sharedByPool.set(pool, (shared = new Map()));
  return shared;
}

export class MemberSubscriptions<M> {
  private readonly members = new Map<string, StreamListener>();
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly pool: MemberStreams<M>,
    /** Names the subscriptions in the pool, which other users share (balances). */
    private readonly prefix: string,
    private readonly listenerOf: (userId: string) => StreamListener,
  ) {}

  /** A runnable of `userId` runs here now. */
  watch(userId: string, member: M): void {
    const count = this.counts.get(userId) ?? 0;
    this.counts.set(userId, count + 1);
    if (count > 0) return;
    const listener = this.listenerOf(userId);
    this.members.set(userId, listener);
    this.join(this.idOf(userId), member, listener);
  }

  unwatch(userId: string): void {
    const count = this.counts.get(userId) ?? 0;
    if (count > 1) return void this.counts.set(userId, count - 1);
    this.counts.delete(userId);
    const listener = this.members.get(userId);
    this.members.delete(userId);
    if (listener) this.leave(this.idOf(userId), listener);
  }

  close(): void {
    for (const [userId, listener] of this.members) this.leave(this.idOf(userId), listener);
    this.members.clear();
    this.counts.clear();
  }

  /**
   * Resolves once the member's subscription is up (at once if it is, or if there is none), or
   * after `timeoutMs` anyway: a caller that waits then acts knowing the stream reports what follows.
   */
  whenUp(userId: string, timeoutMs: number): Promise<void> {
    const entry = sharedOf(this.pool).get(this.idOf(userId));
    if (!entry || entry.up) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        entry.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      timer.unref?.();
      entry.waiters.add(wake);
    });
  }

  private join(id: string, member: M, listener: StreamListener): void {
    const shared = sharedOf(this.pool);
    const existing = shared.get(id);
    if (existing) {
      existing.listeners.add(listener);
      // Up already: whatever this engine's runnables rest was looked up as they were taken on.
      return;
    }
    const entry: Shared = { listeners: new Set([listener]), up: false, waiters: new Set() };
    shared.set(id, entry);
    this.pool.add(id, member, {
      onEvent: (event) => {
        for (const l of entry.listeners) l.onEvent(event);
      },
      onUp: () => {
        entry.up = true;
        for (const l of entry.listeners) l.onUp();
        for (const wake of entry.waiters) wake();
        entry.waiters.clear();
      },
      onDown: () => {
        entry.up = false;
        for (const l of entry.listeners) l.onDown();
      },
    });
  }

  private leave(id: string, listener: StreamListener): void {
    const shared = sharedOf(this.pool);
    const entry = shared.get(id);
    if (!entry) return;
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    shared.delete(id);
    this.pool.remove(id);
  }

  private idOf(userId: string): string {
    return `${this.prefix}:${userId}`;
  }
}
