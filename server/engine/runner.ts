/**
 * One live bot: the grid core, driven by ticks and member commands, one piece of work at a time.
 * Decide first (the core, synchronously), record the intent, then act: send, and book the fill
 * with the state it produces. Ticks that arrive while the bot is busy are folded into the latest,
 * evaluated when the work is done.
 */
import type { ExchangeError } from '../exchange/errors';
import type { Market, MemberGateway, OrderState } from '../exchange/gateway';
import { APPLIED, gridBotOf, refused, runningRowOf, statusColumnOf, stopReasonOf, type BotRow, type CommandKind, type CommandResult, type RunningRow } from '../runnables/bot/index';
import { editOverbuyProtection, editPrices, editProfitBook, parsePrice, step, stop, stopAndSell, type Action, type GridBot, type LiquidationAction, type OrderAction, type Tick } from '../trading/index';
import { assetsOf } from './exchange-fill';
import { EngineKilled, type CrashPoint } from './faults';
import * as futuresWork from './runner-futures';
import * as orderWork from './runner-orders';
import { intentRow, LeaseLost, type IntentInput, type OrderRow, type StatusChange } from './store';
import type { RunnerContext, RunnerState } from './runner-state';
import type { TickWrites } from './write-batch';

export type { RunnerContext } from './runner-state';

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

export class BotRunner implements RunnerState {
  readonly id: string;
  readonly symbol: string;
  row: RunningRow;
  bot: GridBot;
  dead = false;
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private pendingTick: Tick | null = null;
  /** Where the bot trades: spot, or a USD-M long at `leverage`. */
  readonly market: Market;
  // The state below is shared with runner-orders.ts and runner-futures.ts, which carry out the
  // runner's order and futures work; nothing else touches it.
  /** No decision before this time: the exchange refused an order for this order only. */
  cooldownUntil = 0;
  /** Set when an exchange error stopped the bot: the reason and message it stopped with. */
  errorStop: StatusChange | null = null;
  retryTimer: NodeJS.Timeout | null = null;
  /** Orders being sent now, and the final states the user-data stream reported for them. */
  readonly sending = new Set<string>();
  readonly reported = new Map<string, OrderState>();
  readonly assets: { base: string; quote: string };
  readonly leverage: number | null;
  /** Futures: the position the member's stream last reported (null: unknown), and the check it queued. */
  reportedPosition: string | null = null;
  positionCheck: Promise<unknown> | null = null;

  constructor(
    row: BotRow,
    readonly gateway: MemberGateway,
    readonly ctx: RunnerContext,
  ) {
    this.id = row.id;
    this.symbol = row.symbol;
    this.row = runningRowOf(row);
    this.bot = gridBotOf(row);
    this.assets = assetsOf(row.symbol);
    this.market = row.category === 'Future' ? 'futures' : 'spot';
    this.leverage = row.category === 'Future' ? row.leverage : null;
  }

  /** Futures: margin and leverage on the exchange before any order (runner-futures.ts). */
  prepare(): Promise<void> {
    return futuresWork.prepare(this);
  }

  /** The user-data stream reported one of this bot's orders final (runner-orders.ts). */
  executionReported(state: OrderState): void {
    orderWork.executionReported(this, state);
  }

  /**
   * Settles every order whose outcome is not recorded (runner-orders.ts), then, a Future bot,
   * checks the exchange's position against its own (runner-futures.ts).
   */
  async reconcile(): Promise<void> {
    await orderWork.reconcileOrders(this);
    await futuresWork.checkPosition(this, null);
  }

  /** The member's futures stream reported the position on the bot's pair (runner-futures.ts). */
  positionReported(amount: string | null): void {
    futuresWork.positionReported(this, amount);
  }

  stopForError(error: ExchangeError): Promise<void> {
    return orderWork.stopForError(this, error);
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

  change(): StatusChange {
    return this.errorStop ?? { reason: stopReasonOf(this.bot.statusReason) };
  }

  crash(point: CrashPoint, clientOrderId: string): void {
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
      await orderWork.send(this, rows[i]!, orders[i]!.qty);
    }
  }

  private logSkips(actions: readonly Action[]): void {
    for (const a of actions) if (a.kind === 'skipped') this.ctx.log.info({ bot: this.id, skip: a }, 'order skipped: the exchange would refuse it');
  }

  /** Member commands. Returns the result recorded on the command, or null to try it again later. */
  async command(kind: CommandKind, price: string | null): Promise<CommandResult | null> {
    const result = await this.enqueue(async (): Promise<CommandResult | null> => {
      if (kind === 'settings') return this.applySettings(price);
      if (kind === 'stop') {
        stop(this.bot, { ts: this.ctx.now() });
        await this.ctx.store.saveState(this.row, this.bot, this.change());
        return APPLIED;
      }
      if (this.bot.inFlight > 0) return null; // an order is out: stop & sell once it settled
      if (price === null) return null;
      const actions = stopAndSell(this.bot, { ts: this.ctx.now(), price });
      await this.act(actions);
      return this.bot.sellAllPending ? null : APPLIED;
    });
    return result === undefined ? refused('not_applied_now') : result;
  }

  private async applySettings(price: string | null): Promise<CommandResult> {
    const fresh = await this.ctx.store.load(this.id);
    if (!fresh) return refused('bot_not_found');
    editPrices(this.bot, { pausePrice: fresh.pausePrice, restartPrice: fresh.restartPrice, stoplossPrice: fresh.stoplossPrice });
    editProfitBook(this.bot, fresh.profitBook);
    editOverbuyProtection(this.bot, fresh.overbuyProtection);
    // The new levels apply to the price now, not only to the next change of it.
    if (price !== null) {
      const actions = step(this.bot, { ts: this.ctx.now(), price });
      if (actions.length > 0) await this.act(actions);
    }
    return APPLIED;
  }

  /** The database is the truth: rebuild the bot from it. */
  async reload(): Promise<void> {
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
