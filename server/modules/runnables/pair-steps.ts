/**
 * The pair's price and quantity steps a bot or cycle trades on, as stored with it when it started
 * (market_rules), for screens to show its prices and quantities to the pair's own decimals
 * (common/format). Null for a row without stored rules.
 */
import type { StoredMarketRules } from '../../runnables/bot/index';

export interface PairSteps {
  tickSize: string | null;
  stepSize: string | null;
}

export function pairStepsOf(stored: unknown): PairSteps {
  const rules = stored as Partial<StoredMarketRules> | null;
  return { tickSize: rules?.tickSize || null, stepSize: rules?.stepSize || null };
}
