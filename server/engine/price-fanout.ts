/**
 * Price pushes into the runners of each feed key, and the engine's price gauge: a price counts
 * as settled once every runner on it has done all it does at it (the watermark tests, benches
 * and `/metrics` read).
 */
import type { Ticker } from '../exchange/core/gateway';
import type { InFlightSends } from './in-flight-sends';
import type { EngineMetrics } from './metrics';
import type { RunnerRegistry } from './runner-registry';
import type { Tick } from './runnable';
import type { RunnableStore } from './store';
import { flushTickWrites, tickWrites } from './write-batch';

const RESOLVED = Promise.resolve();

export class PriceFanout {
  /**
   * The last price of each feed key a runner of this engine follows, as the feed delivered it:
   * forgotten once none does (`unfollowed`).
   */
  readonly lastTick = new Map<string, string>();
  /** The gauge's last price of each feed key no runner here follows any more. */
  private readonly gauged = new Map<string, string>();
  /** Per feed key, the settling of its latest price (each waits for the one before). */
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(
    private readonly runners: RunnerRegistry,
    private readonly store: RunnableStore,
    private readonly metrics: EngineMetrics,
    private readonly sends: InFlightSends,
    private readonly now: () => number,
    /** False once the engine is killed: a dead engine's gauge stays where it was. */
    private readonly alive: () => boolean,
    /** The engine's name on the shared gauge (EngineMetrics.settle). */
    private readonly source = '',
  ) {}

  /**
   * A price change of any symbol: every runner on it decides now; the gauge moves once all are
   * done. The stream pushes every changed pair at once, so the writes of the whole push go out as
   * one statement per kind, after every pair has decided (each runner's work waits for its own).
   */
  onPrices(rows: readonly Ticker[], suffix: string): void {
    const writes = tickWrites(this.store);
    try {
      for (const row of rows) {
        const feedKey = row.symbol + suffix;
        const set = this.runners.onFeed(feedKey);
        if (!set) {
          this.keepGauge(feedKey, row.price);
          continue;
        }
        if (this.lastTick.get(feedKey) === row.price) continue;
        this.lastTick.set(feedKey, row.price);
        const tick: Tick = { ts: this.now(), price: row.price };
        const started = process.hrtime.bigint();
        let work: Promise<unknown>[] | null = null;
        for (const runner of set) {
          const done = runner.offer(tick, writes);
          if (done) (work ??= []).push(done);
        }
        this.metrics.decision.observe(Number(process.hrtime.bigint() - started) / 1e9);
        this.settleAfter(feedKey, row.price, work);
      }
    } finally {
      // Even if a decision threw: the runners that joined the batch are waiting for it.
      flushTickWrites(writes, this.sends)?.catch(() => undefined); // a failed write fails each runner's own work, handled there
    }
  }

  /**
   * No runner of this engine follows `feedKey` any more: its last tick is forgotten, so taking a
   * runnable of the pair on again asks the exchange for the price now (FeedPrices.current), as a
   * restart does. Not every change of a pair nobody here follows reaches this engine (the REST
   * fallback polls the followed pairs only; a change made while the stream reconnected is never
   * pushed): its last tick may be long gone by then.
   */
  unfollowed(feedKey: string): void {
    const last = this.lastTick.get(feedKey);
    this.lastTick.delete(feedKey);
    // The gauge may have settled at a take-on price since the pair was last unfollowed: an older
    // price kept here would hold a push of it back.
    if (last === undefined) this.gauged.delete(feedKey);
    else this.gauged.set(feedKey, last);
  }

  /**
   * A price of a feed key no runner here follows. Its last runner stopped (or moved away): every
   * runner of this process on it, none, has acted on the price, so the gauge it already reports
   * keeps up instead of freezing. A gauge is reported from a start evaluation too, which may be
   * the only price that runner ever had (the stream's came before it ran): so ask the gauge's
   * chain, not lastTick.
   */
  private keepGauge(feedKey: string, price: string): void {
    if (!this.chains.has(feedKey) || this.gauged.get(feedKey) === price) return;
    this.gauged.set(feedKey, price);
    this.settleAfter(feedKey, price, null);
  }

  /** The gauge of `feedKey` moves to `price` once `work` (and every price before it) is done. */
  settleAfter(feedKey: string, price: string, work: Promise<unknown>[] | null): void {
    const previous = this.chains.get(feedKey) ?? RESOLVED;
    const all = work === null ? null : Promise.allSettled(work);
    const next = previous
      .then(() => all)
      .then(() => {
        if (this.alive()) this.metrics.settle(feedKey, price, this.source);
      });
    this.chains.set(feedKey, next);
  }

  /** Every settling begun so far (tests, shutdown). */
  settled(): Promise<unknown> {
    return Promise.all([...this.chains.values()]);
  }
}
