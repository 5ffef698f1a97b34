/**
 * The cycle row codec: a `cycles` row as the engine runs it (the cycle core rebuilt from its
 * stored market rules and state) and the state the start writes for the engine to take on.
 */
import type { cycles } from '../../db/schema';
import {
  createCycle,
  cycleParams,
  cycleSnapshotOf,
  marketRules,
  restoreCycle,
  type Cycle,
  type CycleSnapshot,
  type MarketRules,
} from '../../../trading/index';
import type { StoredMarketRules } from '../bot/codec';

export type CycleRow = typeof cycles.$inferSelect;

/** The pair's rules as stored with the cycle (the bots' stored shape), back as the core's. */
export function cycleMarketOf(row: Pick<CycleRow, 'marketRules'>): MarketRules {
  return marketRules((row.marketRules ?? {}) as StoredMarketRules);
}

/** The member's settings columns as the core's params (checked: z <= b < s, C >= 1). */
export function cycleParamsOf(row: Pick<CycleRow, 'amount' | 'buyPrice' | 'sellPrice' | 'stopLoss' | 'noOfCycle'>) {
  return cycleParams({
    amount: row.amount,
    count: row.noOfCycle,
    buyPrice: row.buyPrice,
    sellPrice: row.sellPrice,
    stopLoss: row.stopLoss,
  });
}

/** The state a new cycle starts from: nothing decided yet (the engine rests the first buy when it takes it on). */
export function newCycleState(
  row: Pick<CycleRow, 'amount' | 'buyPrice' | 'sellPrice' | 'stopLoss' | 'noOfCycle' | 'marketRules'>,
): CycleSnapshot {
  return cycleSnapshotOf(createCycle(cycleParamsOf(row), cycleMarketOf(row)));
}

/** The core a row holds. */
export function cycleOf(row: Pick<CycleRow, 'state' | 'marketRules'>): Cycle {
  return restoreCycle(row.state as CycleSnapshot, cycleMarketOf(row));
}
