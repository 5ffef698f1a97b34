/**
 * The engine role: claims running bots through leases, feeds them the shared price stream,
 * carries out member commands, and reconciles orders whose outcome is not recorded. Several
 * engine processes share the bots on PostgreSQL (claims use FOR UPDATE SKIP LOCKED; a dead
 * process's leases expire and are taken over); on PGlite the one process holds them all.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import type { NotificationFeed } from '../db/notifications';
import type { Log } from '../logging/log';
import type { ExchangeServices } from '../exchange/services';
import type { MemberKey, Ticker } from '../exchange/gateway';
import type { EngineFaults } from './faults';
import { InFlightSends } from './in-flight-sends';
import { FeedPrices, feedKeyOf, FUTURES_FEED_SUFFIX, keysOf } from './feed-prices';
import { EngineMetrics } from './metrics';
import { COMMAND_QUEUED_CHANNEL, followCommandSignal, type CommandSignal } from '../runnables/command-delivery';
import { APPLIED, refused } from '../runnables/command-results';
import type { RunnableCodec, Tick } from './runnable';
import { Runner, type RunnerContext } from './runner';
import { botPrefixOf, botPrefixOfBot } from './ids';
import { OrderEvents } from './order-events';
import { PositionEvents } from './position-events';
import { BotStore, type StoredRow } from './store';
import { flushTickWrites, tickWrites } from './write-batch';

/** The member's exchange key (null: none bound), from where the keys are kept (modules/keys). */
export type MemberKeyLookup = (userId: string) => Promise<MemberKey | null>;

export interface EngineOptions {
  db: Db;
  config: Config;
  exchange: ExchangeServices;
  /** Given where the engine is composed, so the engine needs no domain module. */
  memberKey: MemberKeyLookup;
  /** What it runs: the runnable's codec (the bot's: runnables/bot/runnable.ts), given where it is composed. */
  runnable: RunnableCodec<StoredRow>;
  log: Log;
  /** Member commands are heard through it (absent: they are polled every commandEveryMs). */
  notifications?: NotificationFeed;
  metrics?: EngineMetrics;
  now?: () => number;
  /** A lease lives this long without a heartbeat (default 20 s: takeover within 30 s). */
  leaseMs?: number;
  claimEveryMs?: number;
  claimBatch?: number;
  /** How often commands are looked for while notifications cannot be trusted, and a command not applicable yet is tried again. */
  commandEveryMs?: number;
  reconcileEveryMs?: number;
  cooldownMs?: number;
  unknownRetryMs?: number;
  unknownGiveUpMs?: number;
  faults?: EngineFaults;
}

const RESOLVED = Promise.resolve();

/**
 * Production timings. A dead engine's bots are taken over once its leases expired and another
 * engine's next claim runs: within DEFAULT_LEASE_MS + DEFAULT_CLAIM_EVERY_MS of its last renewal
 * (the 30 s). Member commands arrive by notification, or, while notifications cannot be
 * trusted, are polled every DEFAULT_COMMAND_EVERY_MS (within 1 s either way).
 */
export const DEFAULT_LEASE_MS = 20_000;
export const DEFAULT_CLAIM_EVERY_MS = 2_000;
export const DEFAULT_COMMAND_EVERY_MS = 250;

export { FUTURES_FEED_SUFFIX } from './feed-prices';

export class Engine {
  readonly id: string;
  readonly metrics: EngineMetrics;
  readonly store: BotStore;
  private readonly runners = new Map<string, Runner>();
  /** Runners by the bot part of their client order ids, for the user-data stream's executions. */
  private readonly byOrderPrefix = new Map<string, Runner>();
  private readonly orderEvents: OrderEvents;
  private readonly positionEvents: PositionEvents;
  /** Future bots by member, for the positions their futures streams report. */
  private readonly futuresByMember = new Map<string, Set<Runner>>();
  private readonly bySymbol = new Map<string, Set<Runner>>();
  /** The last price of each feed key this engine decided on or settled its gauge at. */
  private readonly lastTick = new Map<string, string>();
  private readonly prices: FeedPrices;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly adopting = new Set<string>();
  private readonly commandsInProgress = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | null = null;
  private commandSignal: CommandSignal | null = null;
  private alive = true;
  private claiming: Promise<void> | null = null;
  private readonly ctx: RunnerContext;
  private readonly now: () => number;

  constructor(private readonly options: EngineOptions) {
    this.id = options.config.engineId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.metrics = options.metrics ?? new EngineMetrics();
    this.now = options.now ?? Date.now;
    this.store = new BotStore(options.db, this.id, options.leaseMs ?? DEFAULT_LEASE_MS, options.runnable);
    this.prices = new FeedPrices(options.exchange, this.lastTick);
    this.ctx = {
      store: this.store, codec: options.runnable, metrics: this.metrics, now: this.now, log: options.log, faults: options.faults ?? {}, sends: new InFlightSends(),
      alive: () => this.alive, cooldownMs: options.cooldownMs ?? 30_000, unknownRetryMs: options.unknownRetryMs ?? 5_000,
      unknownGiveUpMs: options.unknownGiveUpMs ?? 120_000,
    };
    const runnerOf = (clientOrderId: string) => {
      const prefix = botPrefixOf(clientOrderId);
      return prefix === null ? undefined : this.byOrderPrefix.get(prefix);
    };
    this.orderEvents = new OrderEvents(options.exchange.spotStreams, (id) => runnerOf(id) !== undefined,
      (state) => runnerOf(state.clientOrderId)?.executionReported(state));
    this.positionEvents = new PositionEvents(options.exchange.futuresStreams, (userId, symbol, amount) => {
      for (const runner of this.futuresByMember.get(userId) ?? []) if (symbol === null || runner.symbol === symbol) runner.positionReported(amount);
    });
  }

  start(): void {
    const o = this.options;
    const leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    const md = o.exchange.marketData;
    const spot = md.onPrices((rows) => this.onPrices(rows, ''), () => keysOf(this.bySymbol.keys(), false));
    const futures = md.onFuturesPrices((rows) => this.onPrices(rows, FUTURES_FEED_SUFFIX), () => keysOf(this.bySymbol.keys(), true));
    this.unsubscribe = () => {
      spot();
      futures();
    };
    this.every(o.claimEveryMs ?? DEFAULT_CLAIM_EVERY_MS, () => this.claim());
    this.every(Math.max(250, Math.floor(leaseMs / 4)), () => this.heartbeat());
    this.commandSignal = followCommandSignal(o.notifications, COMMAND_QUEUED_CHANNEL, this.commandEveryMs, () => this.commands());
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
      run().catch((error: unknown) => this.options.log.error({ err: error }, 'engine loop failed')).finally(() => {
        running = false;
      });
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** The bots this process runs (tests, bench). */
  get size(): number {
    return this.runners.size;
  }

  runner(botId: string): Runner | undefined {
    return this.runners.get(botId);
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
   * Takes a claimed bot on, however it came (a start, a restart, a takeover of a dead engine's
   * lease): rebuild it, reconcile its orders, then act on the price as it is now as a new tick.
   */
  private async adopt(id: string): Promise<void> {
    if (this.runners.has(id) || this.adopting.has(id)) return;
    this.adopting.add(id);
    try {
      const row = await this.store.load(id);
      if (!row || row.status === 'Stopped') return void (await this.store.release([id]));
      const key = await this.options.memberKey(row.userId);
      if (!key) {
        const core = this.options.runnable.decode(row);
        core.stop(this.now());
        return void (await this.store.saveState(row, core, { reason: 'keysRevoked', message: 'No exchange API key is bound.' }));
      }
      const runner = new Runner(row, this.options.exchange.gateway.member(key), this.ctx);
      // Before any order (one to reconcile, too): a failure releases the bot to the next claim.
      await runner.prepare();
      await this.takeOn(runner, key);
      this.commandSignal?.wake(); // a command queued before it was held here is applied now
    } catch (error) {
      this.options.log.error({ bot: id, err: error }, 'could not take the bot over; releasing it');
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
      await runner.reconcile();
      // Unless it is the very price the bot last decided on (a restart before the price moved),
      // which a second evaluation would trade twice on.
      if (price === null) return;
      const tick = { ts: this.now(), price };
      if (!runner.decided(tick)) await runner.evaluateNow(tick);
    });
    this.add(runner, key);
    if (price !== null) this.settleAfter(feedKeyOf(runner), price, [started]);
    await started;
  }

  private add(runner: Runner, key: MemberKey): void {
    this.runners.set(runner.id, runner);
    this.byOrderPrefix.set(botPrefixOfBot(runner.id), runner);
    this.orderEvents.watch(runner.row.userId, key);
    if (runner.market === 'futures') {
      let mine = this.futuresByMember.get(runner.row.userId);
      if (!mine) this.futuresByMember.set(runner.row.userId, (mine = new Set()));
      mine.add(runner);
      this.positionEvents.watch(runner.row.userId, runner.gateway);
    }
    const feedKey = feedKeyOf(runner);
    let set = this.bySymbol.get(feedKey);
    if (!set) this.bySymbol.set(feedKey, (set = new Set()));
    set.add(runner);
  }

  private drop(runner: Runner): void {
    runner.close();
    this.runners.delete(runner.id);
    this.byOrderPrefix.delete(botPrefixOfBot(runner.id));
    this.orderEvents.unwatch(runner.row.userId);
    const mine = this.futuresByMember.get(runner.row.userId);
    if (mine?.delete(runner)) {
      if (mine.size === 0) this.futuresByMember.delete(runner.row.userId);
      this.positionEvents.unwatch(runner.row.userId);
    }
    const feedKey = feedKeyOf(runner);
    const set = this.bySymbol.get(feedKey);
    set?.delete(runner);
    if (set && set.size === 0) this.bySymbol.delete(feedKey);
  }

  /**
   * A price change of any symbol: every bot on it decides now; the gauge moves once all are done.
   * The stream pushes every changed pair at once, so the writes of the whole push go out as one
   * statement per kind, after every pair has decided (each bot's work waits for its own).
   */
  private onPrices(rows: readonly Ticker[], suffix: string): void {
    if (!this.alive) return;
    const writes = tickWrites(this.store);
    try {
      for (const row of rows) {
        const feedKey = row.symbol + suffix;
        const set = this.bySymbol.get(feedKey);
        if (this.lastTick.get(feedKey) === row.price) continue;
        if (!set) {
          // Its last bot stopped (or moved away): every bot of this process on it, none, has acted
          // on the price, so the gauge it already reports keeps up instead of freezing. A gauge
          // is reported from a bot's start evaluation too, which may be the only price that bot
          // ever had (the stream's came before it ran): so ask the gauge's chain, not lastTick.
          if (this.chains.has(feedKey)) {
            this.lastTick.set(feedKey, row.price);
            this.settleAfter(feedKey, row.price, null);
          }
          continue;
        }
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
      // Even if a decision threw: the bots that joined the batch are waiting for it.
      flushTickWrites(writes, this.ctx.sends)?.catch(() => undefined); // a failed write fails each bot's own work, handled there
    }
  }

  private settleAfter(symbol: string, price: string, work: Promise<unknown>[] | null): void {
    const previous = this.chains.get(symbol) ?? RESOLVED;
    const all = work === null ? null : Promise.allSettled(work);
    const next = previous.then(() => all).then(() => {
      if (this.alive) this.metrics.settle(symbol, price);
    });
    this.chains.set(symbol, next);
  }

  private async heartbeat(): Promise<void> {
    // Only the bots run before the renewal began can be judged by it: one claimed and adopted
    // while it ran is held, but may not be in the answer.
    const judged = [...this.runners.values()];
    // Between chunks, a burst of orders out goes first: a lease has 15 s to spare, an order none.
    const held = await this.store.heartbeat(500, () => this.ctx.sends.quiet(100));
    const lost: string[] = [];
    for (const runner of judged) {
      if (this.runners.get(runner.id) !== runner) continue;
      if (held.has(runner.id) && !runner.dead) continue;
      if (runner.busy && !runner.dead) continue; // mid-work (a stop flipping the status): look again next beat
      this.drop(runner);
      if (held.has(runner.id)) lost.push(runner.id);
    }
    await this.store.release(lost);
    // A lease this process holds for a bot it does not run (a claim whose answer is still on its
    // way, or an adoption that failed half way) is run: releasing it could hand a bot another
    // engine may take while this one adopts it.
    for (const id of held) if (!this.runners.has(id) && !lost.includes(id)) void this.adopt(id);
    this.metrics.leases.set(held.size);
    let paused = 0;
    for (const r of this.runners.values()) if (r.row.status === 'Pause') paused++;
    this.metrics.bots.set({ status: 'Live' }, this.runners.size - paused);
    this.metrics.bots.set({ status: 'Pause' }, paused);
  }

  private get commandEveryMs(): number {
    return this.options.commandEveryMs ?? DEFAULT_COMMAND_EVERY_MS;
  }

  /**
   * Member commands for the bots this process holds, each applied once. One it cannot apply yet
   * (stop & sell while an order is out), or for a bot it is still taking on, is looked at again.
   */
  private async commands(): Promise<void> {
    if (!this.alive) return;
    let again = false;
    for (const c of await this.store.pendingCommands()) {
      if (this.commandsInProgress.has(c.id)) continue;
      const runner = this.runners.get(c.botId);
      if (!runner) {
        // Nobody runs a stopped bot: answer for it, so the member is not kept waiting.
        if (c.status === 'Stopped' && c.leaseOwner === null) await this.store.completeCommand(c.id, c.kind === 'stop' ? APPLIED : refused('already_stopped'));
        else if (c.leaseOwner === this.id || this.adopting.has(c.botId)) again = true;
        continue;
      }
      this.commandsInProgress.add(c.id);
      const price = this.prices.known(runner);
      void runner.command(c.kind, price)
        .then((result) => (result === null ? this.retryCommands() : this.store.completeCommand(c.id, result)))
        .catch((error: unknown) => this.options.log.error({ err: error, command: c.id }, 'command failed'))
        .finally(() => this.commandsInProgress.delete(c.id));
    }
    if (again) this.retryCommands();
  }

  private retryCommands(): void {
    setTimeout(() => this.commandSignal?.wake(), this.commandEveryMs).unref();
  }

  /** Bots with an order whose outcome is not recorded: look each up again. */
  private async reconcileAll(): Promise<void> {
    const result = await this.options.db.execute(sql`SELECT DISTINCT bot_id FROM bot_orders WHERE status IN ('intent', 'unknown')`);
    const rows = rowsOf<{ bot_id: string }>(result);
    for (const { bot_id: botId } of rows) {
      const runner = this.runners.get(botId);
      if (runner) void runner.enqueue(() => runner.reconcile());
    }
  }

  /** Waits until the work queued so far is done (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.chains.values()]);
    await Promise.all([...this.runners.values()].map((r) => r.enqueue(async () => undefined)));
  }

  /** A graceful stop: no new work, queued work finished, leases released for the next process. */
  async stop(): Promise<void> {
    this.halt();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    this.alive = false;
    const ids = [...this.runners.keys()];
    for (const runner of [...this.runners.values()]) this.drop(runner);
    await this.store.release(ids).catch(() => undefined);
  }

  /** As kill -9 would: everything stops here, leases stay until they expire (fault tests). */
  kill(): void {
    this.alive = false;
    this.store.killed = true;
    this.halt();
    for (const runner of [...this.runners.values()]) this.drop(runner);
  }

  private halt(): void {
    void this.commandSignal?.stop();
    this.commandSignal = null;
    this.orderEvents.close();
    this.positionEvents.close();
    this.futuresByMember.clear();
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

export function startEngine(options: EngineOptions): Engine {
  const engine = new Engine(options);
  engine.start();
  return engine;
}
