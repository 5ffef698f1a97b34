/**
 * Balances kept current by the members' user-data streams instead of by polling.
 *
 * Spot: Binance's outboundAccountPosition carries the absolute free and locked amounts of every
 * asset that changed, so after one REST snapshot the book follows the stream and a read costs no
 * weight. Events that arrive while the snapshot is in flight are applied again on top of it (they
 * are absolute, so applying one twice is harmless, and the stream's order makes the last one win).
 * USD-M futures: ACCOUNT_UPDATE reports the wallet balance but not the available balance the
 * wallet shows, so it only marks the member's value stale; the next read refetches it (5 weight).
 * A futures stream costs a connection of its own, so only members with something in their
 * futures wallet get one; an empty wallet only changes by the member's own transfer, which
 * invalidates it anyway.
 *
 * A member is streamed while they read balances (dropped after idleMs without a read). While a
 * stream is not up, just after it was asked for or after a drop, reads fall back to the budgeted
 * REST caches (member-cache.ts), so a screen never waits for a stream.
 */
import { Decimal } from '../../../common/money';
import type { Balances, Market, MemberGateway, MemberKey } from '../core/gateway';
import type { MemberCache } from '../core/member-cache';
import type { FuturesMember } from './protocols';
import type { StreamListener, UserStreamPool } from './stream-pool';

export interface BalanceFeedsOptions {
  /** A member not read for this long is unsubscribed. Default 10 minutes. */
  idleMs?: number;
  /** At most this many members streamed at once; beyond it reads use the REST caches. */
  maxMembers?: number;
  now?: () => number;
}

interface SpotBook {
  up: boolean;
  balances: Balances | null;
  /** Events since the snapshot request went out, to re-apply on top of it. */
  replay: Record<string, unknown>[] | null;
  /** The snapshot request in flight, shared by concurrent reads. */
  loading: Promise<Balances> | null;
}

interface FuturesBook {
  up: boolean;
  value: Balances | null;
  version: number;
  loading: Promise<Balances> | null;
}

interface Member {
  userId: string;
  apiKey: string;
  /** Whether the futures stream was asked for (only once the futures wallet holds something). */
  futuresWatched: boolean;
  lastRead: number;
  spot: SpotBook;
  futures: FuturesBook;
}

export interface BalanceCaches {
  spot: MemberCache<Balances>;
  futures: MemberCache<Balances>;
}

export interface FeedStats {
  members: number;
  spotUp: number;
  futuresUp: number;
  streamedReads: number;
  restReads: number;
}

function applyPosition(balances: Balances, event: Record<string, unknown>): void {
  if (event.e !== 'outboundAccountPosition' || !Array.isArray(event.B)) return;
  for (const row of event.B as { a?: unknown; f?: unknown; l?: unknown }[]) {
    if (typeof row.a !== 'string') continue;
    const free = new Decimal(String(row.f ?? '0'));
    const total = free.plus(String(row.l ?? '0'));
    if (total.isZero()) delete balances[row.a];
    else balances[row.a] = { free: free.toFixed(), total: total.toFixed() };
  }
}

const copy = (b: Balances): Balances => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, { ...v }]));

export class BalanceFeeds {
  private readonly members = new Map<string, Member>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly maxMembers: number;
  private readonly now: () => number;
  private streamedReads = 0;
  private restReads = 0;

  constructor(
    private readonly spotPool: UserStreamPool<MemberKey>,
    private readonly futuresPool: UserStreamPool<FuturesMember>,
    private readonly caches: BalanceCaches,
    options: BalanceFeedsOptions = {},
  ) {
    this.idleMs = options.idleMs ?? 600_000;
    this.maxMembers = options.maxMembers ?? 5_000;
    this.now = options.now ?? Date.now;
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, this.idleMs));
    this.sweeper.unref();
  }

  /**
   * The member's balances. `fresh` asks the exchange now (a balance check before moving money),
   * and refreshes the streamed book with the answer.
   */
  async read(userId: string, key: MemberKey, gateway: MemberGateway, market: Market, fresh = false): Promise<Balances> {
    const member = this.watch(userId, key);
    if (market === 'spot') return this.readSpot(member, gateway, fresh);
    return this.readFutures(member, gateway, fresh);
  }

  /**
   * The member moved money themselves: the next read asks the exchange, so the screen they
   * return to cannot show the balance from just before (the stream's event may be a few ms away).
   */
  invalidate(userId: string): void {
    this.caches.spot.invalidate(userId);
    this.caches.futures.invalidate(userId);
    const member = this.members.get(userId);
    if (!member) return;
    member.spot.balances = null;
    member.spot.replay = null;
    member.futures.value = null;
    member.futures.version += 1;
  }

  /** Forget a member (keys removed or changed). */
  forget(userId: string): void {
    const member = this.members.get(userId);
    if (!member) return;
    this.members.delete(userId);
    this.spotPool.remove(userId);
    this.futuresPool.remove(userId);
    this.caches.spot.invalidate(userId);
    this.caches.futures.invalidate(userId);
  }

  stats(): FeedStats {
    let spotUp = 0;
    let futuresUp = 0;
    for (const m of this.members.values()) {
      if (m.spot.up) spotUp += 1;
      if (m.futures.up) futuresUp += 1;
    }
    return { members: this.members.size, spotUp, futuresUp, streamedReads: this.streamedReads, restReads: this.restReads };
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const userId of [...this.members.keys()]) this.forget(userId);
  }

  private watch(userId: string, key: MemberKey): Member {
    let member = this.members.get(userId);
    if (member && member.apiKey !== key.apiKey) {
      this.forget(userId); // new keys: the old subscriptions belong to another account
      member = undefined;
    }
    if (!member) {
      member = {
        userId,
        apiKey: key.apiKey,
        lastRead: 0,
        futuresWatched: false,
        spot: { up: false, balances: null, replay: null, loading: null },
        futures: { up: false, value: null, version: 0, loading: null },
      };
      if (this.members.size < this.maxMembers) {
        this.members.set(userId, member);
        this.spotPool.add(userId, key, this.spotListener(member));
      }
    }
    member.lastRead = this.now();
    return member;
  }

  private spotListener(member: Member): StreamListener {
    const book = member.spot;
    return {
      onUp: () => {
        book.up = true;
      },
      onDown: () => {
        book.up = false;
        book.balances = null; // events may have been missed: the next read takes a new snapshot
        book.replay = null;
      },
      onEvent: (event) => {
        book.replay?.push(event);
        if (book.balances) applyPosition(book.balances, event);
      },
    };
  }

  private futuresListener(member: Member): StreamListener {
    const book = member.futures;
    return {
      onUp: () => {
        book.up = true;
        book.version += 1;
      },
      onDown: () => {
        book.up = false;
        book.value = null;
      },
      onEvent: (event) => {
        if (event.e !== 'ACCOUNT_UPDATE') return;
        book.version += 1;
        book.value = null;
      },
    };
  }

  private async readSpot(member: Member, gateway: MemberGateway, fresh: boolean): Promise<Balances> {
    const book = member.spot;
    if (book.up && book.balances && !fresh) {
      this.streamedReads += 1;
      return copy(book.balances);
    }
    if (!book.up) {
      this.restReads += 1;
      if (fresh) this.caches.spot.invalidate(member.userId);
      return this.caches.spot.get(member.userId, member.apiKey, () => gateway.balances('spot'));
    }
    // Up without a book (first read, after a reconnect) or a fresh read: snapshot, then replay.
    // The snapshot spends the spot cache's budget: when a thousand members come up at once they
    // convert to streamed books as the budget allows, served from the REST cache meanwhile.
    this.restReads += 1;
    if (book.loading) return copy(await book.loading);
    const load = () => this.snapshot(book, gateway);
    if (fresh) return copy(await load());
    const now = this.caches.spot.tryLoad(member.userId, member.apiKey, load);
    return copy(await (now ?? this.caches.spot.get(member.userId, member.apiKey, load)));
  }

  /** A REST snapshot that becomes the book, with the events that arrived meanwhile applied on top. */
  private async snapshot(book: SpotBook, gateway: MemberGateway): Promise<Balances> {
    const replay: Record<string, unknown>[] = [];
    book.replay = replay;
    const loading = gateway.balances('spot');
    book.loading = loading;
    try {
      const snapshot = await loading;
      if (book.replay === replay && book.up) {
        const balances = copy(snapshot);
        for (const event of replay) applyPosition(balances, event);
        book.balances = balances;
        book.replay = null;
      }
      return snapshot;
    } finally {
      if (book.loading === loading) book.loading = null;
    }
  }

  private async readFutures(member: Member, gateway: MemberGateway, fresh: boolean): Promise<Balances> {
    const book = member.futures;
    if (book.up && book.value && !fresh) {
      this.streamedReads += 1;
      return copy(book.value);
    }
    this.restReads += 1;
    if (!book.up) {
      if (fresh) this.caches.futures.invalidate(member.userId);
      const value = await this.caches.futures.get(member.userId, member.apiKey, () => gateway.balances('futures'));
      this.watchFutures(member, gateway, value);
      return value;
    }
    // Stale after an ACCOUNT_UPDATE (or never read since the stream came up): refetch within
    // the futures budget, concurrent reads sharing one request.
    if (book.loading && !fresh) return copy(await book.loading);
    const load = () => this.refetchFutures(book, gateway);
    if (fresh) return copy(await load());
    const now = this.caches.futures.tryLoad(member.userId, member.apiKey, load);
    return copy(await (now ?? this.caches.futures.get(member.userId, member.apiKey, load)));
  }

  private watchFutures(member: Member, gateway: MemberGateway, value: Balances): void {
    if (member.futuresWatched || Object.keys(value).length === 0 || this.members.get(member.userId) !== member) return;
    member.futuresWatched = true;
    this.futuresPool.add(member.userId, { gateway }, this.futuresListener(member));
  }

  private async refetchFutures(book: FuturesBook, gateway: MemberGateway): Promise<Balances> {
    const version = book.version;
    const loading = gateway.balances('futures');
    book.loading = loading;
    try {
      const value = await loading;
      if (book.up && book.version === version) book.value = copy(value); // an event during the read leaves it stale
      return value;
    } finally {
      if (book.loading === loading) book.loading = null;
    }
  }

  private sweep(): void {
    const cutoff = this.now() - this.idleMs;
    for (const member of [...this.members.values()]) if (member.lastRead < cutoff) this.forget(member.userId);
  }
}
