/**
 * One live runnable: its decision core (runnable.ts), driven by ticks and member commands, one
 * piece of work at a time. Decide first (the core, synchronously), record the intent, then act:
 * send, and book the fill with the state it produces. Ticks that arrive while it is busy are
 * folded into the latest, evaluated when the work is done. Nothing here knows what decides.
 */
import type { ExchangeError } from '../exchange/errors';
import type { Market, MemberGateway, OrderState } from '../exchange/core/gateway';
import { refused, type CommandResult } from '../runnables/command-results';
import { assetsOf } from './exchange-fill';
import { EngineKilled, type CrashPoint } from './faults';
import * as futuresWork from './runner-futures';
import * as orderWork from './runner-orders';
import {
  ended,
  runningRowOf,
  type Decision,
  type KernelRow,
  type OrderIntent,
  type Runnable,
  type RunningRow,
  type Tick,
} from './runnable';
import { intentRow, LeaseLost, type OrderRow, type StatusChange } from './store';
import type { RunnerContext, RunnerState } from './runner-state';
import type { TickWrites } from './write-batch';

export type { RunnerContext } from './runner-state';

export class Runner implements RunnerState {
  readonly id: string;
  readonly symbol: string;
  row: RunningRow;
  core: Runnable;
  dead = false;
  private queue: Promise<unknown> = Promise.resolve();
  private queued = 0;
  private pendingTick: Tick | null = null;
  /** Where it trades: spot, or a USD-M long at `leverage`. */
  readonly market: Market;
  readonly leverage: number | null;
  // The state below is shared with runner-orders.ts and runner-futures.ts, which carry out the
  // runner's order and futures work; nothing else touches it.
  /** No decision before this time: the exchange refused an order for this order only. */
  cooldownUntil = 0;
  /** Set when an exchange error stopped it: the reason and message it stopped with. */
  errorStop: StatusChange | null = null;
  retryTimer: NodeJS.Timeout | null = null;
  /** Orders being sent now, and the final states the user-data stream reported for them. */
  readonly sending = new Set<string>();
  readonly resting = new Set<string>();
  /** Its orders may rest on the exchange (its tables keep the order type: tables.ts). */
  readonly rests: boolean;
  /** The price it was last evaluated at on its own (its take-on, a catch-up): decideAgain's price before the feed pushed any. */
  private lastTick: Tick | null = null;
  readonly reported = new Map<string, OrderState>();
  readonly assets: { base: string; quote: string };
  /** Futures: the position the member's stream last reported (null: unknown), and the check it queued. */
  reportedPosition: string | null = null;
  positionCheck: Promise<unknown> | null = null;

  constructor(
    row: KernelRow,
    readonly gateway: MemberGateway,
    readonly ctx: RunnerContext,
  ) {
    this.id = row.id;
    this.symbol = row.symbol;
    this.row = runningRowOf(row);
    this.core = ctx.codec.decode(row);
    this.assets = assetsOf(row.symbol);
    this.rests = ctx.store.tables.orderType !== null;
    ({ market: this.market, leverage: this.leverage } = ctx.codec.venueOf(row));
  }

  /** Futures: margin and leverage on the exchange before any order (runner-futures.ts). */
  prepare(): Promise<void> {
    return futuresWork.prepare(this);
  }

  /** The user-data stream reported one of its orders final (runner-orders.ts). */
  executionReported(state: OrderState): void {
    orderWork.executionReported(this, state);
  }

  /**
   * Settles every order whose outcome is not recorded (runner-orders.ts), then, on futures,
   * checks the exchange's position against its own (runner-futures.ts). `resting: false` leaves
   * the orders resting on the exchange alone (the periodic pass: their ends come from the stream).
   */
  async reconcile(options: { resting: boolean } = { resting: true }): Promise<void> {
    await orderWork.reconcileOrders(this, options.resting);
    await futuresWork.checkPosition(this, null);
  }

  /** The member's futures stream reported the position on its pair (runner-futures.ts). */
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
   * A price tick. Returns the work it started (to wait on), or null when nothing changed.
   * What the tick writes joins `writes`, one statement with the other runnables of the price:
   * moved trackers, and the intents of orders that change no status (the common case; the rest,
   * a stop or a pause, go through their own transaction with the member's event).
   */
  offer(tick: Tick, writes: TickWrites): Promise<unknown> | null {
    if (this.dead) return null;
    if (this.busy) {
      this.pendingTick = tick;
      return this.queue;
    }
    if (tick.ts < this.cooldownUntil || this.core.decided(tick)) return null;
    const decision = this.core.decide(tick);
    if (decision === null) return null;
    if (decision.trackersOnly) return this.enqueue(writes.trackers.add({ id: this.id, core: this.core }));
    if (
      decision.orders.length === 0 ||
      (decision.cancels?.length ?? 0) > 0 ||
      this.core.statusColumn(this.row.status) !== this.row.status
    ) {
      return this.enqueue(() => this.act(decision));
    }
    this.logSkips(decision);
    const rows = decision.orders.map((o, i) => intentRow(this.id, this.row.orderSeq + i, o));
    const recorded = writes.intents.add({ id: this.id, row: this.row, core: this.core, orders: rows });
    return this.enqueue(async () => {
      await recorded();
      this.row.orderSeq += rows.length;
      await this.sendAll(rows, decision.orders);
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
        if (!this.dead) this.ctx.workDone(this);
      }
    });
    this.queue = next;
    return next;
  }

  private async drainPendingTick(): Promise<void> {
    while (this.pendingTick !== null && !this.dead) {
      const tick = this.pendingTick;
      this.pendingTick = null;
      if (tick.ts < this.cooldownUntil || this.core.decided(tick)) continue;
      await this.evaluateNow(tick);
    }
  }

  /** It has already decided on this very price (see Runnable.decided). */
  decided(tick: Tick): boolean {
    return this.core.decided(tick);
  }

  /** Evaluates `tick` as a tick of its own (the start, a restart), inside work already queued. */
  async evaluateNow(tick: Tick): Promise<void> {
    this.lastTick = tick;
    const decision = this.core.decide(tick);
    if (decision === null) return;
    if (decision.trackersOnly) await this.ctx.store.saveState(this.row, this.core);
    else await this.act(decision);
  }

  /**
   * One of its orders ended: what comes next is decided at the price now, the feed's latest (it
   * may have been left out of the ticks while it awaited the exchange: awaitsExchange).
   */
  async decideAgain(): Promise<void> {
    // An error stopping it may book a fill on the way (errorStop): that decides nothing.
    if (this.core.stopped || this.errorStop !== null) return;
    const price = this.ctx.feedPrice(this) ?? this.lastTick?.price;
    if (price !== undefined) await this.evaluateNow({ ts: this.ctx.now(), price });
  }

  /**
   * Back among the feed's runners after awaiting the exchange: a price pushed while it was left
   * out (or while its work ran) is decided now, unless it has decided on it already.
   */
  catchUp(): void {
    void this.enqueue(async () => {
      const price = this.ctx.feedPrice(this);
      if (price === null || this.core.stopped) return;
      const tick = { ts: this.ctx.now(), price };
      if (tick.ts >= this.cooldownUntil && !this.core.decided(tick)) await this.evaluateNow(tick);
    });
  }

  change(): StatusChange {
    return this.errorStop ?? { reason: this.core.stopReason() };
  }

  crash(point: CrashPoint, clientOrderId: string): void {
    if (this.ctx.faults.crashAt?.(point, clientOrderId)) throw new EngineKilled(point);
    if (!this.ctx.alive()) throw new EngineKilled('killed');
  }

  /** Records what the core decided and carries it out. */
  private async act(decision: Decision): Promise<void> {
    this.logSkips(decision);
    if ((decision.cancels?.length ?? 0) > 0) {
      const cancelling = await this.ctx.store.recordCancels(this.row, this.core, decision.cancels!, this.change());
      for (const order of cancelling) {
        this.crash('afterIntent', order.clientOrderId);
        await orderWork.cancel(this, order);
      }
      if (decision.orders.length === 0) return;
    }
    if (decision.orders.length === 0) return this.ctx.store.saveState(this.row, this.core, this.change());
    const rows = await this.ctx.store.recordIntents(this.row, this.core, decision.orders, this.change());
    await this.sendAll(rows, decision.orders);
  }

  /** Sends the recorded intents of one decision, in order. */
  private async sendAll(rows: readonly OrderRow[], orders: readonly OrderIntent[]): Promise<void> {
    for (let i = 0; i < rows.length; i++) {
      this.crash('afterIntent', rows[i]!.clientOrderId);
      await orderWork.send(this, rows[i]!, orders[i]!.quantity);
    }
  }

  private logSkips(decision: Decision): void {
    for (const skip of decision.skipped)
      this.ctx.log.info({ runnable: this.id, skip }, 'order skipped: the exchange would refuse it');
  }

  /** A member command. Returns the result recorded on the command, or null to try it again later. */
  async command(kind: string, price: string | null): Promise<CommandResult | null> {
    const result = await this.enqueue(async (): Promise<CommandResult | null> => {
      const step = await this.core.command(kind, { ts: this.ctx.now(), price }, () => this.ctx.store.load(this.id));
      if (step.decision !== null) await this.act(step.decision);
      return step.result();
    });
    return result === undefined ? refused('not_applied_now') : result;
  }

  /** The database is the truth: rebuild the core from it. */
  async reload(): Promise<void> {
    const row = await this.ctx.store.load(this.id);
    if (!row || ended(row.status) || row.leaseOwner !== this.ctx.store.owner) {
      this.dead = true;
      return;
    }
    this.row = runningRowOf(row);
    this.core = this.ctx.codec.decode(row);
  }

  private async failed(error: unknown): Promise<void> {
    if (error instanceof EngineKilled || !this.ctx.alive()) {
      this.dead = true;
      return;
    }
    if (error instanceof LeaseLost) {
      this.ctx.log.warn({ runnable: this.id }, 'lease lost: another engine runs it now');
      this.dead = true;
      return;
    }
    this.ctx.log.error({ runnable: this.id, err: error }, 'work failed; reloading it from the database');
    try {
      await this.reload();
      await this.reconcile();
    } catch (again) {
      this.ctx.log.error({ runnable: this.id, err: again }, 'reload failed; dropping it until the next claim');
      this.dead = true;
    }
  }

  close(): void {
    this.dead = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}
