/**
 * What the API reads from `bots.state` (the grid core's BotSnapshot): the profit per day and
 * the lowest buy price held. Defensive: a bot the engine has not run yet has no state.
 */
import { Decimal } from '../../../common/decimal';
import type { BotSnapshot } from '../../trading/snapshot';

const HOLDING_PHASES = new Set(['holding', 'armed', 'selling']);

function snapshotOf(state: unknown): BotSnapshot | null {
  return state !== null && typeof state === 'object' && Array.isArray((state as BotSnapshot).grids) ? (state as BotSnapshot) : null;
}

/** UTC date -> realized PnL of that day, values as plain decimals. */
export function datewiseProfit(state: unknown): Record<string, string> {
  return datewiseProfitOf(snapshotOf(state)?.datewise);
}

/** The same from the snapshot's `datewise` alone (state->'datewise', read without the rest). */
export function datewiseProfitOf(datewise: unknown): Record<string, string> {
  if (datewise === null || typeof datewise !== 'object') return {};
  return Object.fromEntries(Object.entries(datewise as Record<string, string>).map(([day, pnl]) => [day, new Decimal(pnl).toFixed()]));
}

/** last_buying_price: the lowest buy price among the grids that hold. */
export function lowestHeldBuyPrice(state: unknown): string | null {
  let lowest: Decimal | null = null;
  for (const grid of snapshotOf(state)?.grids ?? []) {
    if (!HOLDING_PHASES.has(grid.phase) || grid.buyPrice === null) continue;
    const price = new Decimal(grid.buyPrice);
    if (lowest === null || price.lt(lowest)) lowest = price;
  }
  return lowest === null ? null : lowest.toFixed();
}
