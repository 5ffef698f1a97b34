/**
 * The runners an engine holds, indexed as each of its inputs needs them: by id (claims,
 * heartbeats, commands), by feed key (price pushes), by the runnable part of a client order id
 * (the user-data stream's executions), by member for futures positions; and the member streams
 * watched while any of a member's runners needs them. Of a feed's runners, only those a price
 * can move on are offered its ticks (Runnable.awaitsExchange): half of a pair's cycles rest a
 * buy, and the decision loop of every tick is memory-bound (about a microsecond a runner).
 */
import type { ExchangeServices } from '../exchange/services';
import type { MemberKey } from '../exchange/core/gateway';
import { feedKeyOf } from './feed-prices';
import { runnablePrefixOf, orderPrefixOfRunnable } from './ids';
import { OrderEvents } from './order-events';
import { PositionEvents } from './position-events';
import type { Runner } from './runner';

export class RunnerRegistry {
  private readonly byId = new Map<string, Runner>();
  private readonly byOrderPrefix = new Map<string, Runner>();
  private readonly byFeedKey = new Map<string, Set<Runner>>();
  /** The runners of each feed key offered its ticks: byFeedKey's, less those awaiting the exchange. */
  private readonly tickedByFeedKey = new Map<string, Set<Runner>>();
  /** Futures runners by member, for the positions their futures streams report. */
  private readonly futuresByMember = new Map<string, Set<Runner>>();
  private readonly orderEvents: OrderEvents;
  private readonly positionEvents: PositionEvents;

  constructor(
    exchange: ExchangeServices,
    /** The last runner of a feed key left: this engine no longer follows its prices. */
    private readonly unfollowed: (feedKey: string) => void = () => undefined,
  ) {
    this.orderEvents = new OrderEvents(
      exchange.spotStreams,
      (id) => this.ofOrder(id) !== undefined,
      (state) => this.ofOrder(state.clientOrderId)?.executionReported(state),
      (userId) => this.streamUp(userId),
    );
    this.positionEvents = new PositionEvents(exchange.futuresStreams, (userId, symbol, amount) => {
      for (const runner of this.futuresByMember.get(userId) ?? [])
        if (symbol === null || runner.symbol === symbol) runner.positionReported(amount);
    });
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): Runner | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): Runner[] {
    return [...this.byId.values()];
  }

  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** The runners a price of `feedKey` is offered to (undefined: no runner follows it). */
  onFeed(feedKey: string): ReadonlySet<Runner> | undefined {
    return this.tickedByFeedKey.get(feedKey);
  }

  /**
   * A runner's work is done: it is offered the ticks of its feed, or left out of them, as its core
   * now needs. Back in, it decides at the price of the moment if one came while it was out.
   */
  workDone(runner: Runner): void {
    if (this.byId.get(runner.id) !== runner) return; // dropped, or another runner of it now
    const ticked = this.tickedByFeedKey.get(feedKeyOf(runner));
    if (!ticked) return;
    if (runner.core.awaitsExchange === true) ticked.delete(runner);
    else if (!ticked.has(runner)) {
      ticked.add(runner);
      runner.catchUp();
    }
  }

  feedKeys(): Iterable<string> {
    return this.byFeedKey.keys();
  }

  /** Resolves once the member's user-data stream is up, or after `timeoutMs`. */
  streamReady(userId: string, timeoutMs: number): Promise<void> {
    return this.orderEvents.whenUp(userId, timeoutMs);
  }

  /**
   * The member's user-data stream is up (again): the end of a resting order may have gone
   * unheard while it was down, or connecting. Their runners with an order resting (or being sent,
   * which may rest) look their orders up.
   */
  private streamUp(userId: string): void {
    for (const runner of this.byId.values()) {
      if (runner.row.userId === userId && (runner.resting.size > 0 || (runner.sending.size > 0 && runner.rests))) {
        void runner.enqueue(() => runner.reconcile());
      }
    }
  }

  private ofOrder(clientOrderId: string): Runner | undefined {
    const prefix = runnablePrefixOf(clientOrderId);
    return prefix === null ? undefined : this.byOrderPrefix.get(prefix);
  }

  add(runner: Runner, key: MemberKey): void {
    this.byId.set(runner.id, runner);
    this.byOrderPrefix.set(orderPrefixOfRunnable(runner.id), runner);
    this.orderEvents.watch(runner.row.userId, key);
    if (runner.market === 'futures') {
      let mine = this.futuresByMember.get(runner.row.userId);
      if (!mine) this.futuresByMember.set(runner.row.userId, (mine = new Set()));
      mine.add(runner);
      this.positionEvents.watch(runner.row.userId, runner.gateway);
    }
    const feedKey = feedKeyOf(runner);
    let set = this.byFeedKey.get(feedKey);
    if (!set) this.byFeedKey.set(feedKey, (set = new Set()));
    set.add(runner);
    let ticked = this.tickedByFeedKey.get(feedKey);
    if (!ticked) this.tickedByFeedKey.set(feedKey, (ticked = new Set()));
    ticked.add(runner);
  }

  drop(runner: Runner): void {
    runner.close();
    this.byId.delete(runner.id);
    this.byOrderPrefix.delete(orderPrefixOfRunnable(runner.id));
    this.orderEvents.unwatch(runner.row.userId);
    const mine = this.futuresByMember.get(runner.row.userId);
    if (mine?.delete(runner)) {
      if (mine.size === 0) this.futuresByMember.delete(runner.row.userId);
      this.positionEvents.unwatch(runner.row.userId);
    }
    const feedKey = feedKeyOf(runner);
    const set = this.byFeedKey.get(feedKey);
    set?.delete(runner);
    this.tickedByFeedKey.get(feedKey)?.delete(runner);
    if (set && set.size === 0) {
      this.byFeedKey.delete(feedKey);
      this.tickedByFeedKey.delete(feedKey);
      this.unfollowed(feedKey);
    }
  }

  /** Stops watching the member streams (the engine stops). */
  closeStreams(): void {
    this.orderEvents.close();
    this.positionEvents.close();
    this.futuresByMember.clear();
  }
}
