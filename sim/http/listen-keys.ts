/**
 * Listen keys of user-data streams: one per account and market, as Binance hands them out.
 *
 * A key lives 60 minutes from its creation or its last keepalive. The routes call open() for both
 * POST (create) and PUT (keepalive), so open() returns the account's live key and extends it, which
 * is also what Binance does for a POST on an account that already has a live key. Time is the
 * core's clock (tests inject one); sweep() forgets expired keys and tells the streams, so they can
 * send listenKeyExpired. Something outside calls sweep() on a timer (index.ts).
 */
import { randomBytes } from 'node:crypto';
import { type Account } from '../accounts';
import { type Market } from '../types';

export const LISTEN_KEY_TTL_MS = 60 * 60_000;

export interface ListenKey {
  key: string;
  account: Account;
  market: Market;
  /** core.now() at which the key stops being valid unless extended first. */
  expiresAt: number;
}

export type ExpiryListener = (key: ListenKey) => void;

export class ListenKeys {
  private readonly byKey = new Map<string, ListenKey>();
  private readonly listeners = new Set<ExpiryListener>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = LISTEN_KEY_TTL_MS,
  ) {}

  /** The account's live key for the market, extended by the TTL; a new key when it has none. */
  open(account: Account, market: Market): string {
    // An expired key must not be revived: forget it (telling its listeners) and hand out a new one.
    this.sweep();
    const expiresAt = this.now() + this.ttlMs;
    for (const entry of this.byKey.values()) {
      if (entry.account !== account || entry.market !== market) continue;
      entry.expiresAt = expiresAt;
      return entry.key;
    }
    const key = randomBytes(30).toString('base64url').slice(0, 60);
    this.byKey.set(key, { key, account, market, expiresAt });
    return key;
  }

  /** The key while it is valid; an expired key is not, even before the sweep has forgotten it. */
  get(key: string): ListenKey | undefined {
    const entry = this.byKey.get(key);
    return entry && entry.expiresAt > this.now() ? entry : undefined;
  }

  close(key: string): void {
    this.byKey.delete(key);
  }

  /** Calls `listener` with each key the sweep expires; returns the unsubscribe function. */
  onExpire(listener: ExpiryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets every expired key and tells the listeners; returns the expired keys. */
  sweep(): ListenKey[] {
    const now = this.now();
    const expired = [...this.byKey.values()].filter((entry) => entry.expiresAt <= now);
    for (const entry of expired) {
      this.byKey.delete(entry.key);
      for (const listener of this.listeners) listener(entry);
    }
    return expired;
  }
}
