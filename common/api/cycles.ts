/**
 * Cycles (SPEC sections 2 "Cycle page", 3 "Live cycle", 4 "Cycle" and 7 "Cycles"): a LIMIT buy
 * at a price, a LIMIT sell at a higher one, repeated a number of times, with a stop loss
 * (ARCHITECTURE section 5, "Cycle"). Decimals travel as strings.
 */
import type { BotCategory, BotHistoryRow, SparklinePoint } from './bots';
import type { DecimalInput } from './strategy';
import type { CycleStopReason } from './stop-reasons';

/** 'Live' runs; 'Completed' did every round; 'Stopped' was stopped (by the member, its stop loss, an exchange error). */
export type CycleStatusLabel = 'Live' | 'Completed' | 'Stopped';

/** GET /api/livecycles: one card (SPEC section 3, "Live cycle"). */
export interface LiveCycle {
  id: string;
  /** Symbol, e.g. 'BTCUSDT' (shown as BTC/USDT). */
  pair: string;
  category: BotCategory;
  /** Future only; null for Spot. */
  leverage: number | null;
  status: 'Live';
  liveprice: string;
  /** Whole days since the start. */
  runtime: number;
  /** The amount A (USDT) each round buys with. */
  investment: string;
  /** Realized PnL of the sells, fees included. */
  profit: string;
  cycles_completed: number;
  no_of_cycle: number;
  /** The current round's buy price once bought (the half step shows then); null before. */
  last_bought_price: string | null;
  buy_price: string;
  sell_price: string;
  stop_loss: string;
  sparklineData: SparklinePoint[];
  /** The pair's price and quantity steps the cycle trades on (as BotInfo's). */
  tickSize: string | null;
  stepSize: string | null;
}

/** POST /api/startcycledata. */
export interface StartCycleRequest {
  category: BotCategory;
  pair: string;
  amount: DecimalInput;
  /** The buy price b. */
  priceReachAt: DecimalInput;
  /** The sell price s. */
  sellPriceAt: DecimalInput;
  /** The stop loss z (z <= b < s). */
  stopLossAt: DecimalInput;
  cycleCount: number | string;
  /** Future only (1..10), else null. */
  leverage: number | string | null;
}

export interface StartCycleResponse {
  message: string;
  cycle_id: string;
}

/** POST /api/editcycle: applies at once (a resting order at an old price is replaced). */
export interface EditCycleRequest {
  cycle_id: string;
  buy_price: DecimalInput;
  sell_price: DecimalInput;
  stop_loss: DecimalInput;
  /** Not below the rounds already completed. */
  no_of_cycle: number | string;
}

/** POST /api/stopcycle and /api/stopcyclewithsell. */
export interface CycleIdRequest {
  cycle_id: string;
}

export interface CycleMessageResponse {
  message: string;
}

/** GET /api/cyclebothistory: a finished cycle (History's Cycle tab, with the Multigrid tab's columns). */
export interface CycleHistoryRow extends Omit<BotHistoryRow, 'stopReason'> {
  /** What ran, as History's strategy column shows it: 'Cycle <completed>/<count>'. */
  strategy_name: string;
  status: Exclude<CycleStatusLabel, 'Live'>;
  stopReason: CycleStopReason | null;
  cycles_completed: number;
  no_of_cycle: number;
}

