/** Types of the cycle core (ARCHITECTURE section 5, "Cycle"). */
import type { Dec, Threshold } from '../core/exact';
import type { LongPosition } from '../core/futures';
import type { MarketRules } from '../core/types';

/** What the member set: amount A, count C, buy price b, sell price s, stop loss z (z <= b < s). */
export interface CycleParams {
  readonly amount: Dec;
  count: number;
  buyPrice: Dec;
  sellPrice: Dec;
  stopLoss: Dec;
}

/**
 * The one order a cycle has out at a time. `slot` is its own number (1, 2, 3, ... in the order
 * decided): a replaced order's fill or failure can never be taken for its replacement's.
 */
export interface CycleOrder {
  readonly slot: number;
  readonly side: 'buy' | 'sell';
  readonly type: 'limit' | 'market';
  readonly price: Dec;
  readonly qty: Dec;
}

/**
 * What happens once the order being cancelled has ended (cancelled, or filled before the cancel
 * reached it): `replace` places it again at the edited price, `stop` stops keeping what is held,
 * `stopAndSell` and `stopLoss` sell what is held at market and stop.
 */
export type AfterCancel = 'replace' | 'stop' | 'stopAndSell' | 'stopLoss';

/** How a cycle ended; null while it runs. */
export type CycleEnd = 'completed' | 'manual' | 'stopAndSell' | 'stoploss' | 'liquidation' | 'belowMinimum' | 'heldBelowMinimum';

export type CycleStatus = 'live' | 'completed' | 'stopped';

export interface Cycle {
  readonly params: CycleParams;
  readonly market: MarketRules;
  status: CycleStatus;
  end: CycleEnd | null;
  /** Rounds whose sell filled (`cycles_completed`). */
  completed: number;
  /** What the current round holds, and what it cost (notional + fee). */
  held: Dec;
  cost: Dec;
  /** The current round's buy fill price; null when nothing is held (`last_bought_price`). */
  lastBoughtPrice: Dec | null;
  /** Realized PnL of every sell, fees included (`profit`). */
  realized: Dec;
  trades: number;
  order: CycleOrder | null;
  /** The order out is being cancelled, and what follows once it ended. */
  cancelling: AfterCancel | null;
  /** Held, with a market sell to send: the stop loss or Stop & Sell whose cancel has ended. */
  exit: 'stopAndSell' | 'stoploss' | null;
  nextSlot: number;
  /** The stop loss as a float band: a tick while holding is one comparison. */
  stopLossAt: Threshold;
  /** Futures: the long the exchange holds and its liquidation price (null: spot, or flat). */
  readonly position: LongPosition | null;
  liquidationAt: Threshold | null;
  /** The price reached the liquidation price: the exchange closes the position, the cycle waits. */
  liquidating: boolean;
  /** The price the cycle last decided on. */
  lastPrice: string | null;
}

/** An order the core decided, as the engine sends it and the backtester fills it. */
export interface CycleOrderIntent {
  kind: 'buy' | 'sell' | 'liquidation';
  slot: number;
  type: 'limit' | 'market';
  qty: string;
  price: string;
}

/** An order the core would not send: under the exchange's minimums. */
export interface CycleSkip {
  side: 'buy' | 'sell';
  slot: number;
  qty: string;
  price: string;
  reason: string;
}

/** What a tick or a command decided; null from `decide` when nothing changed. */
export interface CycleDecision {
  orders: CycleOrderIntent[];
  /** Slots of resting orders to cancel; sent before `orders`. */
  cancels: number[];
  skipped: CycleSkip[];
}

/** A fill of one of the cycle's orders (a partial fill is booked once the order ended). */
export interface CycleFill {
  slot: number;
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  fee: string;
  ts: number;
}
