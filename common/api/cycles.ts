/**
 * Cycles (SPEC sections 2 "Cycle page", 3 "Live cycle", 4 "Cycle" and 7 "Cycles"): a LIMIT buy
 * at a price, a LIMIT sell at a higher one, repeated a number of times, with a stop loss
 * (ARCHITECTURE section 5, "Cycle"). Decimals travel as strings. An answer is spelled once, as
 * its JSON Schema; its type is read off it.
 */
import { BOT_CATEGORIES, historyColumns, sparkline, type BotCategory } from './bots';
import {
  arrayOf,
  described,
  int,
  object,
  oneOf,
  oneOfOrNull,
  str,
  strOrNull,
  type Answer,
  type MessageAnswer,
} from './json-schema';
import type { DecimalInput } from './strategy';
import { CYCLE_STOP_REASONS } from './stop-reasons';

/** 'Live' runs; 'Completed' did every round; 'Stopped' was stopped (by the member, its stop loss, an exchange error). */
export type CycleStatusLabel = 'Live' | 'Completed' | 'Stopped';

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

/** POST /api/editcycle: applies at once (a resting order at an old price is replaced). */
export interface EditCycleRequest {
  cycle_id: string;
  buy_price: DecimalInput;
  sell_price: DecimalInput;
  stop_loss: DecimalInput;
  /** Not below the rounds already completed. */
  no_of_cycle: number | string;
}

/** GET /api/livecycles: one card (SPEC section 3, "Live cycle"). */
export const liveCycle = object({
  id: str,
  pair: described("Symbol, e.g. 'BTCUSDT' (shown as BTC/USDT)", str),
  category: oneOf(BOT_CATEGORIES),
  leverage: described('Future only; null for Spot', { type: ['integer', 'null'] } as const),
  status: oneOf(['Live']),
  liveprice: str,
  runtime: described('Whole days since the start', int),
  investment: described('The amount A (USDT) each round buys with', str),
  profit: described('Realized PnL of the sells, fees included', str),
  cycles_completed: int,
  no_of_cycle: int,
  last_bought_price: described("The current round's buy price once bought (the half step shows then); null before", strOrNull),
  buy_price: str,
  sell_price: str,
  stop_loss: str,
  sparklineData: sparkline,
  tickSize: described("The pair's price step the cycle trades on", strOrNull),
  stepSize: described("The pair's quantity step the cycle trades on", strOrNull),
});
export const liveCycleList = arrayOf(liveCycle);

/** GET /api/cyclebothistory: a finished cycle (History's Cycle tab, with the Multigrid tab's columns). */
export const cycleHistoryResponse = arrayOf(
  object({
    ...historyColumns,
    strategy_name: described("What ran, as History's strategy column shows it: 'Cycle <completed>/<count>'", str),
    status: oneOf(['Completed', 'Stopped']),
    stopReason: oneOfOrNull(CYCLE_STOP_REASONS),
    cycles_completed: int,
    no_of_cycle: int,
  }),
);

export const startCycleResponse = object({ message: str, cycle_id: str });

export type LiveCycle = Answer<typeof liveCycle>;
export type CycleHistoryRow = Answer<typeof cycleHistoryResponse>[number];
export type StartCycleResponse = Answer<typeof startCycleResponse>;
export type CycleMessageResponse = MessageAnswer;
