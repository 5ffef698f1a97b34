/**
 * The cycle as the engine's kernel runs it: the cycle core (trading/cycle) behind the
 * kernel's Runnable interface (server/engine/runnable.ts, matched by shape so that runnables never
 * import the engine; engine-ports.ts checks it where the engine is composed). Ticks go into
 * `decideCycle` (LIMIT GTC orders that rest, cancels by slot), fills into `applyCycleFill`, ended
 * orders into `cycleOrderFailed`, commands into stop, stop & sell and the edit.
 */
import type { MemberEvent } from '../../../common/api/bots';
import {
  D,
  applyCycleFill,
  parseDecimalString,
  parsePrice,
  cycleHolds,
  cycleLiquidated,
  cycleOrderFailed,
  cycleSnapshotOf,
  decideCycle,
  editCycle,
  endCycle,
  stopAndSellCycle,
  stopCycle,
  type Cycle,
  type CycleCommandResult,
  type CycleDecision,
  type CycleEnd,
} from '../../../trading/index';
import { cycleCommands, cycleFills, cycleOrders, cycles } from '../../db/schema';
import { APPLIED, refused, type CommandResult } from '../command-results';
import { cycleOf, type CycleRow } from './codec';
import { cycleEditRefused } from './commands';
import type { CycleStopReason } from '../../../common/api/stop-reasons';

/** A decimal as the tables keep it. */
const str = (d: { toFixed(): string }): string => d.toFixed();

/** The status column of a cycle (the kernel's StatusColumn, as a cycle has it). */
export type CycleStatusColumn = 'Live' | 'Completed' | 'Stopped';

/** The kernel's order intent, as a cycle decides it (slot: the core's own order number; 0 for a liquidation). */
interface CycleIntent {
  kind: 'buy' | 'sell' | 'liquidation';
  slot: number;
  quantity: string;
  price: string;
  type: 'market' | 'limit';
}

interface KernelDecision {
  orders: readonly CycleIntent[];
  cancels: readonly number[];
  trackersOnly: false;
  skipped: readonly object[];
}

/** The core's decision as the kernel carries it out. */
const decisionOf = (d: CycleDecision): KernelDecision => ({
  orders: d.orders.map((o) => ({ kind: o.kind, slot: o.slot, quantity: o.qty, price: o.price, type: o.type })),
  cancels: d.cancels,
  trackersOnly: false,
  skipped: d.skipped,
});

/** How the member reads the end of a cycle ('completed' is no stop). */
const STOP_REASON: Record<CycleEnd, CycleStopReason | null> = {
  completed: null,
  manual: 'manual',
  stopAndSell: 'stopAndSell',
  stoploss: 'stoploss',
  liquidation: 'liquidation',
  belowMinimum: 'belowMinimum',
  heldBelowMinimum: 'heldBelowMinimum',
};

export class CycleRunnable {
  constructor(
    readonly cycle: Cycle,
    /** When the cycle started (a futures liquidation is looked for from then). */
    readonly startedAt: number | null = null,
  ) {}

  decide(tick: { ts: number; price: string }): KernelDecision | null {
    const d = decideCycle(this.cycle, tick);
    return d === null ? null : decisionOf(d);
  }

  /**
   * The price it last decided on is this one: a second decision on it changes nothing, so none is
   * made. Not while it runs with no order out, though: an order of it ended since it decided (a
   * fill, a cancel) and what follows is not decided yet. The kernel decides that at once, after
   * the booking; an engine killed in between (kill -9 before the next intent was written) leaves
   * the booked state with this very price, and the engine taking it over at the same price must
   * decide it: otherwise the cycle sits with nothing on the exchange (a bought round with no sell,
   * a stop loss reached with nothing sold) until the price moves.
   */
  decided(tick: { price: string }): boolean {
    const c = this.cycle;
    if (c.status === 'live' && c.order === null && !c.liquidating) return false;
    const last = c.lastPrice;
    if (last === null) return false;
    if (last === tick.price) return true;
    // Mostly a new price, told apart by the parsed numbers (unequal numbers are unequal decimals)
    // with no Decimal made for every cycle on every tick; equal numbers are confirmed exactly.
    return parsePrice(tick.price) === parseDecimalString(last) && new D(last).eq(tick.price);
  }

  async command(kind: string, { price }: { ts: number; price: string | null }, fresh: () => Promise<CycleRow | undefined>) {
    const c = this.cycle;
    if (kind === 'stop') return this.step(stopCycle(c));
    if (kind === 'stopAndSell') return this.step(stopAndSellCycle(c, price));
    // 'settings': the API wrote the edited settings in the row with the command.
    const row = await fresh();
    if (!row) return { decision: null, result: (): CommandResult => refused('bot_not_found') };
    return this.step(
      editCycle(c, {
        buyPrice: new D(row.buyPrice),
        sellPrice: new D(row.sellPrice),
        stopLoss: new D(row.stopLoss),
        count: row.noOfCycle,
      }),
    );
  }

  /**
   * A command's outcome: a refusal is the result (an edit's settings stay unapplied: the core
   * keeps the ones it runs on); applied, the decision is carried out and the command is applied
   * at once (a cancel the exchange has not answered yet is the kernel's to finish, by the
   * reconciler if need be: what follows it is in the state already).
   */
  private step(result: CycleCommandResult) {
    if (!result.ok) {
      const refusal = result.refusal === 'already_stopped' ? refused('already_stopped') : cycleEditRefused(result.refusal);
      return { decision: null, result: (): CommandResult => refusal };
    }
    const d = result.decision;
    // A state change alone (a stop with nothing out) is still written: an empty decision is one.
    return { decision: decisionOf(d), result: (): CommandResult => APPLIED };
  }

  filled(fill: { side: 'buy' | 'sell'; slot: number; price: string; quantity: string; fee: string; ts: number }) {
    return applyCycleFill(this.cycle, {
      slot: fill.slot,
      side: fill.side,
      price: fill.price,
      qty: fill.quantity,
      fee: fill.fee,
      ts: fill.ts,
    });
  }

  liquidated(quantity: string, _ts: number) {
    if (this.cycle.position === null) return null;
    const qty = new D(quantity);
    const { price, pnl } = cycleLiquidated(this.cycle, qty);
    return { price, quantity: str(qty), cost: str(qty.times(price)), pnl };
  }

  orderFailed(slot: number): void {
    cycleOrderFailed(this.cycle, slot);
  }

  /** Stopped by the kernel (an exchange error, a revoked key): what is held stays. */
  stop(_ts: number): void {
    if (this.cycle.status === 'live') endCycle(this.cycle, 'manual');
  }

  get stopped(): boolean {
    return this.cycle.status !== 'live';
  }

  readonly paused = false;

  /**
   * Any order out, resting ones too: a resting order may fill on the exchange before its fill is
   * booked, so the futures position is compared only with nothing out (or a liquidation awaited).
   */
  /** Its buy rests (or is on its way) and nothing is held: only the exchange filling it moves it on (decideCycle). */
  get awaitsExchange(): boolean {
    const c = this.cycle;
    return (
      c.status === 'live' &&
      c.order !== null &&
      c.order.side === 'buy' &&
      c.cancelling === null &&
      !cycleHolds(c) &&
      !c.liquidating
    );
  }

  get inFlight(): number {
    return this.cycle.order !== null || this.cycle.liquidating ? 1 : 0;
  }

  stopReason(): CycleStopReason | null {
    return this.cycle.end === null ? null : STOP_REASON[this.cycle.end];
  }

  statusColumn(_previous: string): CycleStatusColumn {
    const s = this.cycle.status;
    return s === 'live' ? 'Live' : s === 'completed' ? 'Completed' : 'Stopped';
  }

  columns() {
    const c = this.cycle;
    return {
      state: cycleSnapshotOf(c),
      realizedPnl: str(c.realized),
      heldQty: str(c.held),
      heldCost: str(c.cost),
      // The figure the bots' pages read as "a grid holds": 1 while the round holds, else 0.
      gridNo: cycleHolds(c) ? 1 : 0,
      trades: c.trades,
      lastPrice: c.lastPrice,
      extra: { cycles_completed: c.completed, last_bought_price: c.lastBoughtPrice === null ? null : str(c.lastBoughtPrice) },
    };
  }

  get position(): string {
    return this.cycle.position === null ? '0' : str(this.cycle.position.qty);
  }

  get liquidationPrice(): string | null {
    return this.cycle.liquidationAt === null ? null : str(this.cycle.liquidationAt.d);
  }
}

/** The cycle's codec as the kernel uses it: the core from its row, its venue, and its member events. */
export const cycleCodec = {
  decode: (row: CycleRow) => new CycleRunnable(cycleOf(row), row.startedAt.getTime()),
  venueOf: (row: CycleRow) =>
    row.category === 'Future'
      ? { market: 'futures' as const, leverage: row.leverage ?? 1 }
      : { market: 'spot' as const, leverage: null },
  /** Completed: 'cycle.completed' with the rounds done and the profit the status change wrote; otherwise 'cycle.stopped' with its reason. */
  statusEvent(
    row: { id: string; symbol: string },
    status: string,
    reason: CycleStopReason | null,
    at: Date,
    columns: { realizedPnl: string; extra?: Readonly<Record<string, string | number | null>> },
  ): MemberEvent | null {
    if (status === 'Live') return null;
    if (status === 'Completed') {
      return {
        kind: 'cycle.completed',
        cycleID: row.id,
        name: row.symbol,
        cycles: Number(columns.extra?.cycles_completed ?? 0),
        profit: columns.realizedPnl,
        at: at.toISOString(),
      };
    }
    return { kind: 'cycle.stopped', cycleID: row.id, name: row.symbol, reason: reason ?? 'manual', at: at.toISOString() };
  },
  orderFailedEvent: (row: { id: string; symbol: string }, message: string, at: Date): MemberEvent => ({
    kind: 'cycle.orderFailed',
    cycleID: row.id,
    name: row.symbol,
    message,
    at: at.toISOString(),
  }),
  /** The cycles tables: the kernel's columns (server/engine/tables.ts), limits that rest, and the figure columns the pages read. */
  tables: {
    runnables: cycles,
    orders: cycleOrders,
    fills: cycleFills,
    commands: cycleCommands,
    runnableId: 'cycle_id',
    slot: 'slot',
    orderType: 'order_type',
    figures: ['cycles_completed', 'last_bought_price'],
    // The edit's columns, by where the cycle core's snapshot keeps what it runs on (trading/cycle/snapshot.ts).
    settingsInState: { buy_price: 'buyPrice', sell_price: 'sellPrice', stop_loss: 'stopLoss', no_of_cycle: 'count' },
  },
};
