/**
 * One live bot: the grid core, driven by ticks and member commands, one piece of work at a time.
 * Decide first (the core, synchronously), record the intent, then act: send, and book the fill
 * with the state it produces. Ticks that arrive while the bot is busy are folded into the latest,
 * evaluated when the work is done.
 */
import type { MemberEvent, StopReason } from '../../common/api/bots';
import { ExchangeError } from '../exchange/errors';
import type { Market, MemberGateway, OrderState } from '../exchange/gateway';
import type { Log } from '../logging/log';
import { applyFill, editOverbuyProtection, editPrices, editProfitBook, orderFailed, step, stop, stopAndSell, type Action, type GridBot, type LiquidationAction, type OrderAction, type Tick } from '../trading/index';
import { D, parsePrice, ZERO, type Dec } from '../trading/exact';
import { assetsOf, bookTrades } from './exchange-fill';
import { EngineKilled, type CrashPoint, type EngineFaults } from './faults';
import type { InFlightSends } from './in-flight-sends';
import type { EngineMetrics } from './metrics';
import { gridBotOf, runningRowOf, statusColumnOf, stopReasonOf, type BotRow, type RunningRow } from './records';
import { intentRow, LeaseLost, type BotStore, type IntentInput, type OrderRow, type StatusChange } from './store';
import type { TickWrites } from './write-batch';

export interface RunnerContext {
  store: BotStore;
  metrics: EngineMetrics;
  now: () => number;
  log: Log;
  faults: EngineFaults;
  /** The engine's orders being sent: a fill is booked once the burst it came with is answered. */
  sends: InFlightSends;
  /** Is this engine still alive (not killed)? */
  alive: () => boolean;
  /** How long a bot waits after an order the exchange refused before deciding again. */
  cooldownMs: number;
  /** When an order's outcome is unknown, how long until it is looked up again. */
  unknownRetryMs: number;
  /**
   * How long a sent order the exchange does not know is still looked for (the exchange's
   * order-not-found lag) before it counts as never placed.
   */
  unknownGiveUpMs: number;
}

const ERROR_STOPS: Partial<Record<ExchangeError['kind'], StopReason>> = {
  insufficient_funds: 'insufficientBalance',
  auth: 'keysRevoked',
  permission: 'ipNotAllowed',
  position_changed: 'positionChanged',
};

/** How long an answered order's fill waits, at most, for the rest of its burst to be answered. */
const SETTLE_WAIT_MS = 100;

/** Binance's forceOrders looks back at most this far. */
const LIQUIDATION_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The band of prices that cannot change the bot is a function of its trackers: a tick without
 * an order that moved the band moved a tracker, which must be persisted.
 */
const bandOf = (bot: GridBot) => ({ lo: bot.band.lo, hi: bot.band.hi });
const sameBand = (band: { lo: number; hi: number }, bot: GridBot) => band.lo === bot.band.lo && band.hi === bot.band.hi;

/** What is recorded before it happens: our orders, and a futures liquidation the exchange carries out. */
type Recorded = OrderAction | LiquidationAction;
const isRecorded = (a: Action): a is Recorded => a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll' || a.kind === 'liquidation';
const intentOf = (o: Recorded): IntentInput => ({ kind: o.kind, grid: o.kind === 'buy' || o.kind === 'sell' ? o.grid : 0, quantity: o.qty, price: o.price });

export class BotRunner {
  readonly id: string;
  readonly symbol: string;
  row: RunningRow;
  bot: GridBot;
  dead = false;
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private pendingTick: Tick | null = null;
  private cooldownUntil = 0;
  private errorStop: StatusChange | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Orders being sent now, and the final states the user-data stream reported for them. */
  private readonly sending = new Set<string>();
  private readonly reported = new Map<string, OrderState>();
  private readonly assets: { base: string; quote: string };
  /** Where the bot trades: spot, or a USD-M long at `leverage`. */
  readonly market: Market;
  private readonly leverage: number | null;
  /** Futures: the position the member's stream last reported (null: unknown), and the check it queued. */
  private reportedPosition: string | null = null;
  private positionCheck: Promise<unknown> | null = null;

  constructor(
    row: BotRow,
    readonly gateway: MemberGateway,
    private readonly ctx: RunnerContext,
  ) {
    this.id = row.id;
    this.symbol = row.symbol;
    this.row = runningRowOf(row);
    this.bot = gridBotOf(row);
    this.assets = assetsOf(row.symbol);
    this.market = row.category === 'Future' ? 'futures' : 'spot';
    this.leverage = row.category === 'Future' ? row.leverage : null;
  }

  /**
   * Futures: isolated margin and the bot's leverage on its symbol, before any order (on every
   * takeover too: the member may have changed them on the exchange). A key the exchange refuses
   * stops the bot as an order would; anything else fails the takeover, tried again later.
   */
  async prepare(): Promise<void> {
    if (this.market !== 'futures' || this.bot.status === 'stopped') return;
    try {
      await this.gateway.prepareFutures(this.symbol, this.leverage ?? 1);
    } catch (error) {
      if (error instanceof ExchangeError && ERROR_STOPS[error.kind]) return this.stopForError(error);
      throw error;
    }
  }

  get busy(): boolean {
    return this.queued > 0;
  }

  /**
   * A price tick. Returns the work it started (to wait on), or null when the bot did nothing.
   * What the tick writes joins `writes`, one statement with the other bots of the price: moved
   * trackers, and the intents of orders that change no status (the common case; the rest, a
   * stop or a pause, go through their own transaction with the member's event).
   */
  offer(tick: Tick, writes: TickWrites): Promise<unknown> | null {
    if (this.dead) return null;
    if (this.busy) {
      this.pendingTick = tick;
      return this.queue;
    }
    if (tick.ts < this.cooldownUntil || this.decided(tick)) return null;
    const band = bandOf(this.bot);
    const actions = step(this.bot, tick);
    if (actions.length === 0) return sameBand(band, this.bot) ? null : this.enqueue(writes.trackers.add({ id: this.id, bot: this.bot }));
    const orders = actions.filter(isRecorded);
    if (orders.length === 0 || statusColumnOf(this.bot, this.row.status) !== this.row.status) return this.enqueue(() => this.act(actions));
    this.logSkips(actions);
    const rows = orders.map((o, i) => intentRow(this.id, this.row.orderSeq + i, intentOf(o)));
    const recorded = writes.intents.add({ id: this.id, row: this.row, bot: this.bot, orders: rows });
    return this.enqueue(async () => {
      await recorded();
      this.row.orderSeq += rows.length;
      await this.sendAll(rows, orders);
    });
  }

  /** Runs `work` after everything queued before it; a failure is handled here, never thrown at the caller. */
  enqueue<T>(work: () => Promise<T>): Promise<T | undefined> {
    this.queued++;
    const next = this.queue.then(async () => {
      try {
        if (this.dead) return undefined;
        const result = await work();
        await this.drainPendingTick();
        return result;
      } catch (error) {
        await this.failed(error);
        return undefined;
      } finally {
        this.queued--;
      }
    });
    this.queue = next;
    return next;
  }

  private async drainPendingTick(): Promise<void> {
    while (this.pendingTick !== null && !this.dead) {
      const tick = this.pendingTick;
      this.pendingTick = null;
      if (tick.ts < this.cooldownUntil || this.decided(tick)) continue;
      await this.evaluateNow(tick);
    }
  }

  /**
   * The bot has already decided on this very price: the engine's price on taking it over, then
   * the stream's first message with the same price (in its own notation: '148.10000000' for
   * '148.1'). A price is one tick, as in the backtester: evaluating it twice could buy right
   * after a sell on the same price.
   */
  decided(tick: Tick): boolean {
    return this.bot.px.s !== '' && this.bot.px.f === parsePrice(tick.price);
  }

  /** Evaluates `tick` as a tick of its own (the start, a restart), inside work already queued. */
  async evaluateNow(tick: Tick): Promise<void> {
    const band = bandOf(this.bot);
    const actions = step(this.bot, tick);
    if (actions.length > 0) await this.act(actions);
    else if (!sameBand(band, this.bot)) await this.ctx.store.saveState(this.row, this.bot);
  }

  private change(): StatusChange {
    return this.errorStop ?? { reason: stopReasonOf(this.bot.statusReason) };
  }

  private crash(point: CrashPoint, clientOrderId: string): void {
    if (this.ctx.faults.crashAt?.(point, clientOrderId)) throw new EngineKilled(point);
    if (!this.ctx.alive()) throw new EngineKilled('killed');
  }

  /** Records what the core decided and carries it out. */
  private async act(actions: readonly Action[]): Promise<void> {
    this.logSkips(actions);
    const orders = actions.filter(isRecorded);
    if (orders.length === 0) return this.ctx.store.saveState(this.row, this.bot, this.change());
    const rows = await this.ctx.store.recordIntents(this.row, this.bot, orders.map(intentOf), this.change());
    await this.sendAll(rows, orders);
  }

  /** Sends the recorded intents of one decision, in order. */
  private async sendAll(rows: readonly OrderRow[], orders: readonly Recorded[]): Promise<void> {
    for (let i = 0; i < rows.length; i++) {
      this.crash('afterIntent', rows[i]!.clientOrderId);
      await this.send(rows[i]!, orders[i]!.qty);
    }
  }

  private logSkips(actions: readonly Action[]): void {
    for (const a of actions) if (a.kind === 'skipped') this.ctx.log.info({ bot: this.id, skip: a }, 'order skipped: the exchange would refuse it');
  }

  private async send(order: OrderRow, quantity: string): Promise<void> {
    if (order.kind === 'liquidation') return this.awaitLiquidation(order);
    if (this.bot.status === 'stopped' && this.errorStop !== null) {
      // An earlier order of this decision stopped the bot (keys, funds): do not send the rest.
      // The member is told of the stop; an order never sent is no failure of theirs to see.
      return this.fail(order, 'not sent: the bot stopped', false);
    }
    const started = process.hrtime.bigint();
    this.sending.add(order.clientOrderId);
    try {
      let state: OrderState;
      this.ctx.sends.begin();
      try {
        // A futures sell only ever shrinks the bot's long: never a short, whatever the member did by hand.
        state = await this.gateway.placeOrder({ market: this.market, symbol: this.symbol, side: order.side as 'buy' | 'sell',
          type: 'market', quantity, clientOrderId: order.clientOrderId, reduceOnly: this.market === 'futures' && order.side === 'sell' });
      } catch (error) {
        this.ctx.sends.end();
        this.ctx.metrics.orderAcked(started, 'error');
        return await this.sendFailed(order, error);
      }
      this.ctx.sends.end();
      this.ctx.metrics.orderAcked(started, 'ok');
      this.crash('afterSend', order.clientOrderId);
      await this.ctx.sends.quiet(SETTLE_WAIT_MS);
      await this.settle(order, state);
    } finally {
      this.sending.delete(order.clientOrderId);
      this.reported.delete(order.clientOrderId);
    }
  }

  /**
   * The user-data stream reported one of this bot's orders final. Its send's answer is usually
   * on the way (kept, in case that answer is lost: see unknown()); an order already waiting for
   * a timed lookup is booked from the report now.
   */
  executionReported(state: OrderState): void {
    if (this.dead) return;
    if (this.sending.has(state.clientOrderId)) return void this.reported.set(state.clientOrderId, state);
    if (this.retryTimer === null) return; // nothing of this bot waits for a lookup: its answer booked it
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    void this.enqueue(async () => {
      const order = (await this.ctx.store.unsettledOrders(this.id)).find((o) => o.clientOrderId === state.clientOrderId);
      if (order) await this.settle(order, state);
      await this.reconcile(); // any other order still waiting is looked up as its timer would have
    });
  }

  /** Books what the exchange says happened to `order`. */
  private async settle(order: OrderRow, state: OrderState): Promise<void> {
    if (state.status === 'open') return this.unknown(order, 'the order is still open on the exchange');
    const trades = state.trades ?? (new D(state.filled || 0).isZero() ? [] : await this.gateway.orderTrades(this.market, this.symbol, state.id));
    const booked = bookTrades(state, trades, this.assets.base, this.assets.quote);
    if (booked === null) return this.fail(order, `The exchange ${state.status} order ${order.clientOrderId} without filling it.`);
    const applied = applyFill(this.bot, { side: order.side as 'buy' | 'sell', grid: order.grid, price: booked.price, qty: booked.quantity,
      fee: booked.fee, ts: this.ctx.now() });
    if (applied === null) throw new Error(`fill of ${order.clientOrderId} does not fit the bot's state`);
    this.crash('afterFill', order.clientOrderId);
    const result = await this.ctx.store.recordFill(this.row, this.bot, order, { ...booked, pnl: applied.pnl, exchangeOrderId: state.id, market: this.market, trades }, this.change());
    this.ctx.metrics.orders.inc({ outcome: 'filled' });
    if (result === 'already') await this.reload(); // another path booked it first: the database is the truth
  }

  private async sendFailed(order: OrderRow, error: unknown): Promise<void> {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.kind === 'unknown_outcome') return this.unknown(order, error.message);
    const stopReason = ERROR_STOPS[error.kind];
    if (stopReason) {
      this.errorStop = { reason: stopReason, message: error.message };
      orderFailed(this.bot, order.grid);
      stop(this.bot, { ts: this.ctx.now() });
      this.ctx.metrics.orders.inc({ outcome: 'refused' });
      await this.ctx.store.recordFailure(this.row, this.bot, order, error.message, this.errorStop);
      return;
    }
    // Refused for this order only (filters, a pause in trading, rate limits): try again later.
    this.cooldownUntil = this.ctx.now() + this.ctx.cooldownMs;
    await this.fail(order, error.message);
  }

  /**
   * The order ended without a fill (refused, expired or cancelled unfilled, never placed): the
   * grid is back as it was. The member is told with the order's flip to failed, so once, however
   * many paths (the send's answer, the user-data stream, the reconciler) find it failed.
   */
  private async fail(order: OrderRow, message: string, tell = true): Promise<void> {
    orderFailed(this.bot, order.grid);
    const event: MemberEvent | undefined = tell
      ? { kind: 'bot.orderFailed', botID: this.id, name: this.symbol, message, at: new Date(this.ctx.now()).toISOString() }
      : undefined;
    if (await this.ctx.store.recordFailure(this.row, this.bot, order, message, this.change(), event)) this.ctx.metrics.orders.inc({ outcome: 'failed' });
  }

  /**
   * The price reached the position's liquidation price: the exchange closes it, not us. Once the
   * exchange shows no position, the bot books the liquidation at the price its core computed
   * (the formula the exchange uses); until then it waits, sending nothing.
   */
  private async awaitLiquidation(order: OrderRow): Promise<void> {
    let open: boolean;
    try {
      const position = await this.gateway.futuresPosition(this.symbol);
      open = position !== null && new D(position.quantity).gt(0);
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      this.ctx.log.warn({ bot: this.id, err: error.message }, 'position lookup failed; will retry');
      return this.retryLater();
    }
    if (open) {
      if (order.status !== 'unknown') await this.ctx.store.markUnknown(order, 'waiting for the exchange to liquidate the position');
      return this.retryLater();
    }
    const price = this.bot.levels.liquidation!.d;
    const applied = applyFill(this.bot, { side: 'sell', grid: 0, price: price.toFixed(), qty: order.quantity, fee: '0', ts: this.ctx.now(), liquidation: true });
    if (applied === null) throw new Error(`liquidation ${order.clientOrderId} does not fit the bot's state`);
    this.crash('afterFill', order.clientOrderId);
    const result = await this.ctx.store.recordFill(this.row, this.bot, order, { price: applied.price, quantity: applied.qty, cost: applied.quote,
      fee: '0', pnl: applied.pnl, exchangeOrderId: 'liquidation', market: this.market, trades: [] }, this.change());
    this.ctx.metrics.orders.inc({ outcome: 'liquidated' });
    if (result === 'already') await this.reload();
  }

  /** Sent, fate unknown: the bot waits (its grid stays in flight) until a lookup by clientOrderId settles it. */
  private async unknown(order: OrderRow, message: string): Promise<void> {
    this.ctx.metrics.orders.inc({ outcome: 'unknown' });
    // The stream already said how it ended: book that (the lookup may still not see the order).
    const reported = this.reported.get(order.clientOrderId);
    if (reported) return this.settle(order, reported);
    await this.ctx.store.markUnknown(order, message);
    this.retryLater();
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.enqueue(() => this.reconcile());
    }, this.ctx.unknownRetryMs);
    this.retryTimer.unref();
  }

  /**
   * Settles every order whose outcome is not recorded, by its clientOrderId: found -> booked as
   * the exchange says; an intent the exchange never got -> sent now, as decided; a send whose
   * fate was unknown and that the exchange does not know -> failed, and the grid decides again.
   */
  async reconcile(): Promise<void> {
    for (const order of await this.ctx.store.unsettledOrders(this.id)) {
      if (order.kind === 'liquidation') {
        await this.awaitLiquidation(order);
        continue;
      }
      const state = await this.lookup(order);
      if (state === 'error') continue;
      if (state !== null) await this.settle(order, state);
      else if (order.status === 'intent') await this.send(order, new D(order.quantity).toFixed());
      else if (this.ctx.now() - order.createdAt.getTime() < this.ctx.unknownGiveUpMs) this.retryLater();
      else await this.fail(order, `The exchange has no order ${order.clientOrderId}: it was never placed.`);
    }
    await this.checkPosition(null);
  }

  /**
   * The member's futures stream reported the position on the bot's pair (null: it may have
   * changed unseen). Checked once the work in hand is done; the latest report counts.
   */
  positionReported(amount: string | null): void {
    if (this.market !== 'futures' || this.dead) return;
    this.reportedPosition = amount;
    this.positionCheck ??= this.enqueue(async () => {
      this.positionCheck = null;
      await this.checkPosition(this.reportedPosition);
    });
  }

  /**
   * Futures: the exchange's position on the pair must be the bot's, or the bot's sells, its
   * liquidation price and its books are wrong. Judged with nothing of the bot in flight (an
   * order out or a liquidation awaited settles first). A position the exchange liquidated (at
   * its mark price, before the bot's last price got there) is booked as the bot's liquidation;
   * any other difference, the member's own trade on the pair, stops the bot for the member to
   * sort out: it trades nothing more on a position it no longer knows.
   */
  private async checkPosition(reported: string | null): Promise<void> {
    if (this.market !== 'futures' || this.bot.status === 'stopped' || this.bot.inFlight > 0) return;
    const ours = this.bot.position?.qty ?? ZERO;
    if (reported !== null && new D(reported).eq(ours)) return;
    let held: Dec;
    try {
      const position = await this.gateway.futuresPosition(this.symbol);
      held = position === null ? ZERO : new D(position.quantity);
      if (held.eq(ours)) return;
      if (held.isZero() && this.bot.levels.liquidation !== null && (await this.liquidatedByExchange())) {
        return await this.evaluateNow({ ts: this.ctx.now(), price: this.bot.levels.liquidation.d.toFixed() });
      }
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      if (ERROR_STOPS[error.kind]) return this.stopForError(error);
      this.ctx.log.warn({ bot: this.id, err: error.message }, 'position lookup failed; will retry');
      return this.retryLater();
    }
    this.errorStop = { reason: 'positionChanged', message: `The exchange holds ${held.toFixed()} ${this.assets.base} in the ${this.symbol} `
      + `position; this bot holds ${ours.toFixed()}. It was changed outside GridDesk, so the bot stopped without trading it.` };
    stop(this.bot, { ts: this.ctx.now() });
    await this.ctx.store.saveState(this.row, this.bot, this.errorStop);
  }

  /** Did the exchange liquidate this pair's position since the bot started (within Binance's look-back)? */
  private async liquidatedByExchange(): Promise<boolean> {
    const since = Math.max(this.bot.startTs ?? 0, this.ctx.now() - LIQUIDATION_LOOKBACK_MS);
    return (await this.gateway.futuresLiquidations(this.symbol, since)).length > 0;
  }

  private async lookup(order: OrderRow): Promise<OrderState | null | 'error'> {
    try {
      return await this.gateway.fetchOrder(this.market, this.symbol, order.clientOrderId);
    } catch (error) {
      if (!(error instanceof ExchangeError)) throw error;
      this.ctx.log.warn({ bot: this.id, order: order.clientOrderId, err: error.message }, 'order lookup failed; will retry');
      if (ERROR_STOPS[error.kind]) await this.stopForError(error);
      return 'error';
    }
  }

  async stopForError(error: ExchangeError): Promise<void> {
    this.errorStop = { reason: ERROR_STOPS[error.kind] ?? 'keysRevoked', message: error.message };
    stop(this.bot, { ts: this.ctx.now() });
    await this.ctx.store.saveState(this.row, this.bot, this.errorStop);
  }

  /** Member commands. Returns the result recorded on the command, or null to try it again later. */
  async command(kind: string, price: string | null): Promise<string | null> {
    const result = await this.enqueue(async () => {
      if (kind === 'settings') return this.applySettings(price);
      if (kind === 'stop') {
        stop(this.bot, { ts: this.ctx.now() });
        await this.ctx.store.saveState(this.row, this.bot, this.change());
        return 'ok';
      }
      if (this.bot.inFlight > 0) return null; // an order is out: stop & sell once it settled
      if (price === null) return null;
      const actions = stopAndSell(this.bot, { ts: this.ctx.now(), price });
      await this.act(actions);
      return this.bot.sellAllPending ? null : 'ok';
    });
    return result === undefined ? 'The bot could not apply this change right now.' : result;
  }

  private async applySettings(price: string | null): Promise<string> {
    const fresh = await this.ctx.store.load(this.id);
    if (!fresh) return 'Bot not found';
    editPrices(this.bot, { pausePrice: fresh.pausePrice, restartPrice: fresh.restartPrice, stoplossPrice: fresh.stoplossPrice });
    editProfitBook(this.bot, fresh.profitBook);
    editOverbuyProtection(this.bot, fresh.overbuyProtection);
    // The new levels apply to the price now, not only to the next change of it.
    if (price !== null) {
      const actions = step(this.bot, { ts: this.ctx.now(), price });
      if (actions.length > 0) await this.act(actions);
    }
    return 'ok';
  }

  /** The database is the truth: rebuild the bot from it. */
  private async reload(): Promise<void> {
    const row = await this.ctx.store.load(this.id);
    if (!row || row.status === 'Stopped' || row.leaseOwner !== this.ctx.store.owner) {
      this.dead = true;
      return;
    }
    this.row = runningRowOf(row);
    this.bot = gridBotOf(row);
  }

  private async failed(error: unknown): Promise<void> {
    if (error instanceof EngineKilled || !this.ctx.alive()) {
      this.dead = true;
      return;
    }
    if (error instanceof LeaseLost) {
      this.ctx.log.warn({ bot: this.id }, 'lease lost: another engine runs this bot now');
      this.dead = true;
      return;
    }
    this.ctx.log.error({ bot: this.id, err: error }, 'bot work failed; reloading it from the database');
    try {
      await this.reload();
      await this.reconcile();
    } catch (again) {
      this.ctx.log.error({ bot: this.id, err: again }, 'bot reload failed; dropping it until the next claim');
      this.dead = true;
    }
  }

  close(): void {
    this.dead = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}
