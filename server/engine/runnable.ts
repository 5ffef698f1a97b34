/**
 * The seam between the kernel and what it runs. The kernel (engine.ts, runner*.ts, store.ts and
 * the files they delegate to) owns leases, intents recorded before they are sent, fills applied
 * once, the reconciler, member commands, events and the price a runnable is taken on at; it
 * knows nothing of what decides. A runnable is a decision core behind this interface, rebuilt
 * from its row by its codec: the grid bot is the first (server/runnables/bot/runnable.ts).
 *
 * A core is synchronous and deterministic: given a tick, a fill or a command it changes its own
 * state and says what the kernel must carry out; the kernel stores that state with what it
 * implies (intents, the fill's flip, a status change and its member event) in one write.
 */
import type { BotStatus, MemberEvent } from '../../common/api/bots';
import type { Market } from '../exchange/core/gateway';
import type { CommandResult } from '../runnables/command-results';
import type { FigureValues, RunnableTables } from './tables';
import type { CycleStopReason } from '../../common/api/stop-reasons';

/** A price of the runnable's feed, as the kernel hands it over. */
export interface Tick {
  ts: number;
  /** Exact decimal string; never a float. */
  price: string;
}

/**
 * An order a core decided. The kernel records it as an intent, with a deterministic
 * clientOrderId, before anything is sent, and hands `slot` back with its fill or failure.
 * `liquidation` is no order: the exchange closes the futures position, the kernel waits for it.
 */
export interface OrderIntent {
  kind: 'buy' | 'sell' | 'sellAll' | 'liquidation';
  /** The core's own name for what the order belongs to (a bot's grid number; 0 for a sell-all). */
  slot: number;
  quantity: string;
  /** The price the core decided at; a limit's own price. */
  price: string;
  /**
   * 'market': filled at the exchange's price now. 'limit': LIMIT GTC at `price`; one the exchange
   * rests (not marketable when placed) leaves the runner free and fills later, on the exchange,
   * whether an engine runs or not: the kernel books it once, from the user-data stream or the
   * reconciler, and then asks the core to decide again at the price now. Only a runnable whose
   * orders table keeps the order type (RunnableTables.orderType) may send limits.
   */
  type: 'market' | 'limit';
}

/** What a core decided on a tick or a command. */
export interface Decision {
  /** Sent in this order, every one recorded as an intent before the first is sent. */
  orders: readonly OrderIntent[];
  /**
   * Resting orders to cancel, by slot (the core's own name for its orders, as fills and failures
   * come back; the kernel keeps their clientOrderIds). Recorded before the first cancel is sent,
   * cancelled before `orders` are sent, and cancelled again by the reconciler after a restart.
   * Each then ends as the exchange says: cancelled unfilled, the core hears `orderFailed`; filled
   * (in whole or part) before the cancel reached it, the fill is booked and the core hears
   * `filled`; unknown to the exchange, `orderFailed`.
   */
  cancels?: readonly number[];
  /**
   * Only the core's trackers moved (no order, no status): the kernel writes such states of many
   * runnables in one statement. Otherwise it writes the state with its status change alone.
   */
  trackersOnly: boolean;
  /** Orders the core chose not to send, and why (logged, never sent). */
  skipped: readonly object[];
}

/** A fill as the exchange booked it, handed to the core. */
export interface BookedFill {
  side: 'buy' | 'sell';
  slot: number;
  price: string;
  quantity: string;
  fee: string;
  ts: number;
}

/** What a command asks the kernel to carry out, and its result once that is done. */
export interface CommandStep {
  /** Null: nothing to store or send. */
  decision: Decision | null;
  /** Read after the decision is carried out; null: not settled yet, the kernel asks again later. */
  result: () => CommandResult | null;
}

/**
 * The state and figure columns of the runnable's row that every state write sets: the core's
 * snapshot (from which its codec rebuilds it) and what the pages show without rebuilding it.
 */
export interface StateColumns {
  state: unknown;
  realizedPnl: string;
  heldQty: string;
  heldCost: string;
  gridNo: number;
  trades: number;
  /** The last price the core decided on (null: none yet). */
  lastPrice: string | null;
  /**
   * The runnable's own figure columns (RunnableTables.figures names them), written with every
   * state write beside the ones above: a cycle's `cycles_completed` and `last_bought_price`.
   */
  extra?: FigureValues;
}

/**
 * The status column (what the API shows and what the claim selects). 'Live' and 'Pause' run (the
 * claim takes them, spelled as the running rows' partial index is); any other status ended the
 * runnable for good: 'Stopped', or a cycle's 'Completed'. A row whose status ends gives its lease up.
 */
export type StatusColumn = BotStatus | 'Completed';

/** The runnable no longer runs: it stopped, or completed. */
export const ended = (status: StatusColumn): boolean => status !== 'Live' && status !== 'Pause';

/** `Row`: the runnable's row, read again for a command that re-reads its settings. */
export interface Runnable<Row = unknown> {
  /** Decides on a price; null when nothing changed (nothing to store). */
  decide(tick: Tick): Decision | null;
  /**
   * It has decided on this very price already (the price it was taken on at, then the stream's
   * first message of the same price): one price is one tick, never evaluated twice.
   */
  decided(tick: Tick): boolean;
  /**
   * A member command (its kind is the runnable's own protocol), at the price known now (null:
   * none yet); `fresh` reads its row again (an edit's new settings).
   */
  command(kind: string, at: { ts: number; price: string | null }, fresh: () => Promise<Row | undefined>): Promise<CommandStep>;
  /** Books a fill of one of its orders; null when it does not fit the core's state (a bug). */
  filled(fill: BookedFill): { pnl: string } | null;
  /** The exchange carried out a liquidation: booked at the core's own liquidation price. */
  liquidated(quantity: string, ts: number): { price: string; quantity: string; cost: string; pnl: string } | null;
  /** The order ended unfilled (refused, expired, cancelled, never placed): its slot is as it was before. */
  orderFailed(slot: number): void;
  /** Stops it: no new orders, holdings stay (a member's stop, an exchange error, a revoked key). */
  stop(ts: number): void;

  /** No order will ever be decided again. */
  readonly stopped: boolean;
  readonly paused: boolean;
  /** Orders out whose outcome the core waits for. */
  readonly inFlight: number;
  /**
   * No price can make it act until one of its orders ends (a cycle whose buy rests, nothing
   * held): the price fan-out leaves it out (half a pair's cycles, on every tick) until its work
   * changes that, and it then decides at the price of the moment. Absent: it sees every tick.
   */
  readonly awaitsExchange?: boolean;
  /** Why its status last changed, as the member reads it (null: nothing to report). A bot's are StopReason's; a cycle adds 'belowMinimum'. */
  stopReason(): CycleStopReason | null;
  /** The status column this state implies, given the one stored. */
  statusColumn(previous: StatusColumn): StatusColumn;
  columns(): StateColumns;

  /** Futures: the long the core holds, its liquidation price (null: none), and when it started. */
  readonly position: string;
  readonly liquidationPrice: string | null;
  readonly startedAt: number | null;
}

/** The row columns the kernel reads itself, whatever runs. */
export interface KernelRow {
  id: string;
  userId: string;
  symbol: string;
  status: StatusColumn;
  orderSeq: number;
  leaseOwner: string | null;
}

/** How a runnable is rebuilt from its row and what it tells its member. */
export interface RunnableCodec<Row extends KernelRow = KernelRow> {
  decode(row: Row): Runnable<Row>;
  /** Where its orders go: spot, or a USD-M long at `leverage`. */
  venueOf(row: Row): { market: Market; leverage: number | null };
  /**
   * The member's event of a status change (null: nothing to tell, a restart after a pause);
   * `columns`: the state and figures written with it (a completed cycle's rounds and profit).
   */
  statusEvent(
    row: Pick<KernelRow, 'id' | 'symbol'>,
    status: StatusColumn,
    reason: CycleStopReason | null,
    at: Date,
    columns: StateColumns,
  ): MemberEvent | null;
  /** The member's event of an order that failed. */
  orderFailedEvent(row: Pick<KernelRow, 'id' | 'symbol'>, message: string, at: Date): MemberEvent;
  /** Where its rows, orders, fills and commands are kept (the kernel's columns in each: tables.ts). */
  readonly tables: RunnableTables;
}

/**
 * What a running runnable keeps of its row: who it is, its status column and its order
 * sequence. The rest (strategy, settings, state) lives in its core.
 */
export type RunningRow = Pick<KernelRow, 'id' | 'userId' | 'symbol' | 'status' | 'orderSeq'>;

export const runningRowOf = (row: KernelRow): RunningRow => ({
  id: row.id,
  userId: row.userId,
  symbol: row.symbol,
  status: row.status,
  orderSeq: row.orderSeq,
});
