/**
 * The engine role: claims runnables through leases, feeds them the shared price stream, carries
 * out member commands, and reconciles orders whose outcome is not recorded. Several engine
 * processes share them on PostgreSQL (claims use FOR UPDATE SKIP LOCKED; a dead process's leases
 * expire and are taken over); on PGlite the one process holds them all. What runs is given as a
 * codec (runnable.ts); the runners it holds are indexed in runner-registry.ts, prices reach them
 * through price-fanout.ts, commands through engine-commands.ts.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type { MemberKey } from '../exchange/core/gateway';
import { EngineCommands } from './engine-commands';
import { DEFAULT_CLAIM_EVERY_MS, DEFAULT_COMMAND_EVERY_MS, DEFAULT_LEASE_MS, type EngineOptions } from './engine-options';
import { InFlightSends } from './in-flight-sends';
import { releasedChannel } from './leases';
import type { Listening } from '../db/notifications';
import { FeedPrices, feedKeyOf, FUTURES_FEED_SUFFIX, keysOf } from './feed-prices';
import { EngineMetrics } from './metrics';
import { PriceFanout } from './price-fanout';
import { Runner, type RunnerContext } from './runner';
import { ended } from './runnable';
import { RunnerRegistry } from './runner-registry';
import { RunnableStore } from './store';

export {
  DEFAULT_CLAIM_EVERY_MS,
  DEFAULT_COMMAND_EVERY_MS,
  DEFAULT_LEASE_MS,
  type EngineOptions,
  type MemberKeyLookup,
} from './engine-options';
export { FUTURES_FEED_SUFFIX } from './feed-prices';

/** How long a runnable whose orders rest waits at its take-on for its member's stream to be up. */
const STREAM_READY_WAIT_MS = 30_000;

/**
 * How long a stopping engine waits for its queued work (orders in flight) before it releases its
 * leases anyway: inside the process's SHUTDOWN_DEADLINE_MS (server/shutdown.ts). An order still
 * unanswered then is left as an intent, which the next holder looks up by its client order id.
 */
export const STOP_IDLE_WAIT_MS = 5_000;

export class Engine {
  readonly id: string;
  readonly metrics: EngineMetrics;
  readonly store: RunnableStore;
  private readonly runners: RunnerRegistry;
  private readonly prices: FeedPrices;
  private readonly fanout: PriceFanout;
  private readonly commands: EngineCommands;
  private readonly adopting = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  /** Another engine gave its leases up on stopping: claimed at once (leases.ts announceReleased). */
  private released: Promise<Listening | null> | null = null;
  private alive = true;
  private claiming: Promise<void> | null = null;
  private readonly ctx: RunnerContext;
  private readonly now: () => number;
  /** What it runs, as its metrics name it: its runnables' table ('bots', 'cycles'). */
  readonly kind: string;

  constructor(private readonly options: EngineOptions) {
    this.id = options.config.engineId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.metrics = options.metrics ?? new EngineMetrics();
    this.now = options.now ?? Date.now;
    this.kind = getTableName(options.runnable.tables.runnables);
    this.store = new RunnableStore(options.db, this.id, options.leaseMs ?? DEFAULT_LEASE_MS, options.runnable);
    this.ctx = {
      store: this.store,
      codec: options.runnable,
      metrics: this.metrics,
      now: this.now,
      log: options.log,
      faults: options.faults ?? {},
      sends: new InFlightSends(),
      alive: () => this.alive,
      cooldownMs: options.cooldownMs ?? 30_000,
      unknownRetryMs: options.unknownRetryMs ?? 5_000,
      unknownGiveUpMs: options.unknownGiveUpMs ?? 120_000,
      feedPrice: (runner) => this.fanout.lastTick.get(feedKeyOf(runner)) ?? null,
      workDone: (runner) => {
        const held = this.runners.get(runner.id);
        if (held === runner) this.runners.workDone(held);
      },
    };
    this.runners = new RunnerRegistry(options.exchange, (feedKey) => this.fanout.unfollowed(feedKey));
    this.fanout = new PriceFanout(this.runners, this.store, this.metrics, this.ctx.sends, this.now, () => this.alive, this.kind);
    this.prices = new FeedPrices(options.exchange, this.fanout.lastTick);
    this.commands = new EngineCommands(
      this.store,
      this.runners,
      this.prices,
      this.adopting,
      options.commandEveryMs ?? DEFAULT_COMMAND_EVERY_MS,
      options.log,
    );
  }

  start(): void {
    const o = this.options;
    const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    const md = o.exchange.marketData;
    const spot = md.onPrices(
      (rows) => this.alive && this.fanout.onPrices(rows, ''),
      () => keysOf(this.runners.feedKeys(), false),
    );
    const futures = md.onFuturesPrices(
      (rows) => this.alive && this.fanout.onPrices(rows, FUTURES_FEED_SUFFIX),
      () => keysOf(this.runners.feedKeys(), true),
    );
    this.unsubscribe = () => {
      spot();
      futures();
    };
    this.every(o.claimEveryMs ?? DEFAULT_CLAIM_EVERY_MS, () => this.claim());
    this.every(Math.max(250, Math.floor(leaseMs / 4)), () => this.heartbeat());
    this.commands.start(o.notifications);
    this.released = o.notifications
      ? o.notifications
          .listen(releasedChannel(this.kind), {
            onMessage: () => {
              if (this.alive) void this.claim();
            },
            onGap: () => undefined,
          })
          .catch((error: unknown) => {
            // Only speed is lost: the claim timer takes them on at its next turn.
            o.log.warn({ err: error }, "not listening for released leases; a stopped engine's runnables wait for the next claim");
            return null;
          })
      : null;
    this.every(o.reconcileEveryMs ?? 60_000, () => this.reconcileAll());
    // Until it is open, orders go over REST; opening it now spares the first pushes that.
    void o.exchange.gateway.openOrderConnection?.();
    void this.claim();
  }

  private every(ms: number, run: () => Promise<void>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running || !this.alive) return;
      running = true;
      run()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'engine loop failed'))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** The runnables this process runs (tests, bench). */
  get size(): number {
    return this.runners.size;
  }

  runner(id: string): Runner | undefined {
    return this.runners.get(id);
  }

  /** Claims what it can, as long as whole batches keep coming. */
  claim(): Promise<void> {
    this.claiming ??= (async () => {
      const batch = this.options.claimBatch ?? 500;
      for (;;) {
        const ids = await this.store.claim(batch);
        await Promise.all(ids.map((id) => this.adopt(id)));
        if (ids.length < batch || !this.alive) break;
      }
    })().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  /**
   * Takes a claimed runnable on, however it came (a start, a restart, a takeover of a dead
   * engine's lease): rebuild it, reconcile its orders, then act on the price as it is now as a
   * new tick.
   */
  private async adopt(id: string): Promise<void> {
    if (this.runners.has(id) || this.adopting.has(id)) return;
    this.adopting.add(id);
    try {
      const row = await this.store.load(id);
      if (!row || ended(row.status)) return void (await this.store.release([id]));
      const key = await this.options.memberKey(row.userId);
      if (!key) {
        const core = this.options.runnable.decode(row);
        core.stop(this.now());
        return void (await this.store.saveState(row, core, { reason: 'keysRevoked', message: 'No exchange API key is bound.' }));
      }
      const runner = new Runner(row, this.options.exchange.gateway.member(key), this.ctx);
      // Before any order (one to reconcile, too): a failure releases it to the next claim.
      await runner.prepare();
      await this.takeOn(runner, key);
      this.commands.wake(); // a command queued before it was held here is applied now
    } catch (error) {
      this.options.log.error({ runnable: id, err: error }, 'could not take the runnable over; releasing it');
      await this.store.release([id]).catch(() => undefined);
    } finally {
      this.adopting.delete(id);
    }
  }

  /**
   * The runner starts taking the feed's prices, and its first work is to reconcile its orders and
   * then to decide on the price now, as a new tick (a change from here on reaches it as a tick of
   * its own, decided after this one).
   */
  private async takeOn(runner: Runner, key: MemberKey): Promise<void> {
    const price = await this.prices.current(runner);
    const started = runner.enqueue(async () => {
      // A runnable whose orders rest looks them up, and places its next one, once its member's
      // stream is up (or after a short wait): the stream then reports every end that follows, and
      // the stream coming up has nothing of it to look up again (a start of thousands of resting
      // orders would otherwise look every one up twice).
      if (runner.rests) await this.runners.streamReady(runner.row.userId, STREAM_READY_WAIT_MS);
      await runner.reconcile();
      // Unless it is the very price it last decided on (a restart or a takeover before the price
      // moved): that is no new tick, and a second evaluation would trade twice on it (a grid that
      // sold on it would buy back at once, where an engine never killed waits for the next price).
      if (price === null) return;
      const tick = { ts: this.now(), price };
      if (!runner.decided(tick)) await runner.evaluateNow(tick);
    });
    this.runners.add(runner, key);
    if (price !== null) this.fanout.settleAfter(feedKeyOf(runner), price, [started]);
    await started;
  }

  private async heartbeat(): Promise<void> {
    // Only the runners run before the renewal began can be judged by it: one claimed and adopted
    // while it ran is held, but may not be in the answer.
    const judged = this.runners.all();
    // Between chunks, a burst of orders out goes first: a lease has 15 s to spare, an order none.
    const held = await this.store.heartbeat(500, () => this.ctx.sends.quiet(100));
    const lost: string[] = [];
    for (const runner of judged) {
      if (this.runners.get(runner.id) !== runner) continue;
      if (held.has(runner.id) && !runner.dead) continue;
      if (runner.busy && !runner.dead) continue; // mid-work (a stop flipping the status): look again next beat
      this.runners.drop(runner);
      if (held.has(runner.id)) lost.push(runner.id);
    }
    await this.store.release(lost);
    // A lease this process holds for a runnable it does not run (a claim whose answer is still on
    // its way, or an adoption that failed half way) is run: releasing it could hand it to another
    // engine while this one adopts it.
    for (const id of held) if (!this.runners.has(id) && !lost.includes(id)) void this.adopt(id);
    const paused = this.runners.all().filter((r) => r.row.status === 'Pause').length;
    this.metrics.held(this.kind, { live: this.runners.size - paused, paused, leases: held.size });
  }

  /**
   * Runnables with an order whose outcome is not recorded: look each up again. Not the orders
   * that rest on the exchange: the member's stream reports their ends, and they are looked up
   * whenever it comes up again (a runnable found here for an intent it was still sending would
   * otherwise look its resting orders up too, at 4 weight each, for nothing).
   */
  private async reconcileAll(): Promise<void> {
    for (const id of await this.store.runnablesWithUnsettledOrders()) {
      const runner = this.runners.get(id);
      if (runner) void runner.enqueue(() => runner.reconcile({ resting: false }));
    }
  }

  /** Runners with work queued now (bench diagnostics). */
  busyRunners(): number {
    return this.runners.all().filter((r) => r.busy).length;
  }

  /**
   * Waits until no runner has work queued (tests, shutdown). Work done may queue more behind the
   * wait (a runner back among its feed's runners catches up at the price of the moment), so it
   * waits again until none is busy.
   */
  async idle(): Promise<void> {
    do {
      await this.fanout.settled();
      await Promise.all(this.runners.all().map((r) => r.enqueue(async () => undefined)));
    } while (this.runners.all().some((r) => r.busy));
  }

  /** Orders on their way to the exchange now (a shutdown that runs out of time says so). */
  get sendsInFlight(): number {
    return this.ctx.sends.size;
  }

  /**
   * A graceful stop (SIGTERM, server/shutdown.ts): no new work (no claims, commands or prices),
   * queued work finished (orders in flight answered and recorded, at most STOP_IDLE_WAIT_MS),
   * leases released and announced so another engine claims them at once.
   */
  async stop(): Promise<void> {
    this.halt();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, STOP_IDLE_WAIT_MS).unref())]);
    this.alive = false;
    const ids = this.runners.ids();
    for (const runner of this.runners.all()) this.runners.drop(runner);
    await this.store.release(ids).catch(() => undefined);
    if (ids.length > 0) await this.store.announceReleased().catch(() => undefined);
  }

  /** As kill -9 would: everything stops here, leases stay until they expire (fault tests). */
  kill(): void {
    this.alive = false;
    this.store.killed = true;
    this.halt();
    for (const runner of this.runners.all()) this.runners.drop(runner);
  }

  private halt(): void {
    this.commands.stop();
    this.runners.closeStreams();
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    this.unsubscribe?.();
    this.unsubscribe = null;
    void this.released?.then((listening) => listening?.stop());
    this.released = null;
  }
}

export function startEngine(options: EngineOptions): Engine {
  const engine = new Engine(options);
  engine.start();
  return engine;
}
