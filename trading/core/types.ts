/** Types of the Advanced Multigrid core (ARCHITECTURE section 5). */
import type { Dec, Threshold, TickPrice } from './exact';
import type { FuturesRules, LongPosition } from './futures';

/** A number as it arrives from JSON or a form: 1.2 or "1.2". */
export type NumberLike = number | string;

/** One row of the POST /api/strategy body; grid 1's buy cells are absent (it buys at market). */
export interface StrategyRowInput {
  gridNo: NumberLike;
  allottedAmountPercentagePerOrder: NumberLike;
  buyPercentage?: NumberLike | null;
  buyPercentageUp?: NumberLike | null;
  takeProfitPercentage: NumberLike;
  takeProfitPercentageDown: NumberLike;
}

/** The POST /api/strategy body. */
export interface StrategyInput {
  strategyName: string;
  noOfGrids: NumberLike;
  tableData: StrategyRowInput[];
}

/** A grid level, percentages as exact decimals (1.2 means 1.2 %). */
export interface GridDefinition {
  readonly gridNo: number;
  readonly alloc: Dec;
  readonly buyDown: Dec;
  readonly buyUp: Dec;
  readonly tpUp: Dec;
  readonly tpDown: Dec;
}

export interface StrategyDefinition {
  readonly name: string;
  readonly grids: readonly GridDefinition[];
}

/** The symbol's exchange rules. Market orders do not use tickSize; it is kept for limit orders. */
export interface MarketRules {
  readonly stepSize: Dec;
  readonly tickSize: Dec;
  readonly minNotional: Dec;
  /** Fee as a fraction of the notional (0.001 = 0.1 %). */
  readonly feeRate: Dec;
  /** A USD-M long (isolated): its leverage and margin brackets; null for spot. */
  readonly futures: FuturesRules | null;
}

/** The member's bot settings; all editable while the bot runs except the investment. */
export interface BotParams {
  readonly investment: Dec;
  profitBook: Dec | null;
  pausePrice: Dec | null;
  restartPrice: Dec | null;
  stoplossPrice: Dec | null;
  overbuyProtection: number | null;
}

export type BotStatus = 'live' | 'paused' | 'stopped';
export type StatusReason = 'restart' | 'stoploss' | 'pause' | 'profitBook' | 'stop' | 'stopAndSell' | 'liquidation';

export interface Tick {
  ts: number;
  /** Exact decimal string; never a float. */
  price: string;
}

export type Action =
  | { kind: 'buy'; ts: number; grid: number; quote: string; qty: string; price: string }
  | { kind: 'sell'; ts: number; grid: number; qty: string; price: string }
  | { kind: 'sellAll'; ts: number; qty: string; price: string; reason: StatusReason }
  | { kind: 'status'; ts: number; status: BotStatus; reason: StatusReason }
  /** The exchange closes the whole position at `price` (futures): no order is sent for it. */
  | LiquidationAction
  | SkipAction;

export interface LiquidationAction {
  kind: 'liquidation';
  ts: number;
  qty: string;
  price: string;
}

export interface SkipAction {
  kind: 'skipped';
  ts: number;
  side: 'buy' | 'sell';
  /** 0 for a sell-all. */
  grid: number;
  qty: string;
  price: string;
  notional: string;
  reason: string;
}

export type OrderAction = Extract<Action, { kind: 'buy' | 'sell' | 'sellAll' }>;

/** An exchange (or simulated) fill of one of our orders; grid 0 is the sell-all. */
export interface Fill {
  side: 'buy' | 'sell';
  grid: number;
  price: string;
  qty: string;
  /** Fee in the quote asset. */
  fee: string;
  ts: number;
  /** The exchange's liquidation of the position (grid 0, a sell). */
  liquidation?: boolean;
  /** The exchange trade id: a fill seen twice is applied once. */
  tradeId?: string;
}

/** What applyFill booked: the trade as the order book and the backtester show it. */
export interface AppliedFill extends Fill {
  quote: string;
  pnl: string;
}

/**
 * empty -> buying (order out) -> holding -> armed (take profit trailing) -> selling -> empty.
 */
export type GridPhase = 'empty' | 'buying' | 'holding' | 'armed' | 'selling';

export interface GridSlot {
  readonly def: GridDefinition;
  phase: GridPhase;
  qty: Dec;
  cost: Dec;
  buyPrice: Dec | null;
  /** buyPrice x (1 + tp_up / 100). */
  armAt: Threshold | null;
  /** Highest price since armed. */
  high: Threshold | null;
  /** high x (1 - tp_down / 100). */
  exitAt: Threshold | null;
}

/** The trailing buy of the current target grid (0 = no target). */
export interface BuyTracker {
  target: number;
  /** ref x (1 - buy_down / 100), ref = buy price of grid target-1. */
  armAt: Threshold | null;
  armed: boolean;
  /** Lowest price since armed. */
  low: Threshold | null;
  /** low x (1 + buy_up / 100). */
  reboundAt: Threshold | null;
}

/** Exact levels derived from the params and holdings, recomputed on every change. */
export interface Levels {
  stoploss: Threshold | null;
  pause: Threshold | null;
  restart: Threshold | null;
  /** P % of A. */
  profitBookTarget: Dec | null;
  /** Price at which realized + unrealized reaches the target, while something is held. */
  profitBookPrice: Threshold | null;
  /** Futures: the open position's liquidation price (null when flat, spot, or at 1x). */
  liquidation: Threshold | null;
}

export interface GridBot {
  readonly strategy: StrategyDefinition;
  readonly params: BotParams;
  readonly market: MarketRules;
  status: BotStatus;
  statusReason: StatusReason | null;
  readonly grids: GridSlot[];
  readonly tracker: BuyTracker;
  holding: number;
  maxHeld: number;
  heldQty: Dec;
  heldCost: Dec;
  realized: Dec;
  inFlight: number;
  sellAllPending: boolean;
  /** Futures: the position as the exchange keeps it (average entry, isolated wallet); null for spot. */
  readonly position: LongPosition | null;
  /** Futures: the price reached the liquidation price; the exchange's close is awaited. */
  liquidating: boolean;
  /** A market buy of grid 1 that was skipped is reported once until something changes. */
  marketSkipNoted: boolean;
  trades: number;
  readonly datewise: Map<string, Dec>;
  startTs: number | null;
  lastTs: number | null;
  readonly seenTradeIds: Set<string>;
  readonly levels: Levels;
  /** Prices strictly inside (lo, hi) cannot change anything: the per-tick fast path. */
  readonly band: { lo: number; hi: number };
  readonly px: TickPrice;
}
