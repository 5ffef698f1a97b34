/**
 * What the API reads from `bots.state` (the grid core's BotSnapshot): the profit per day and
 * the lowest buy price held. Defensive: a bot the engine has not run yet has no state.
 */
import { Decimal } from '../../../common/money';
import type { BotSnapshot } from '../../../trading/index';

const HOLDING_PHASES = new Set(['holding', 'armed', 'selling']);

function snapshotOf(state: unknown): BotSnapshot | null {
  return state !== null && typeof state === 'object' && Array.isArray((state as BotSnapshot).grids)
    ? (state as BotSnapshot)
    : null;
}

/** UTC date -> realized PnL of that day, values as plain decimals. */
export function datewiseProfit(state: unknown): Record<string, string> {
  return datewiseProfitOf(snapshotOf(state)?.datewise);
}

/** A decimal already in plain form ('12.5', '-0.03', '7'): what the core writes. */
const PLAIN = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/**
 * The same from the snapshot's `datewise` alone (state->'datewise', read without the rest).
 * Values the core wrote in plain form pass as they are: botstatus draws a month of days for
 * every bot on every poll, and parsing each one was a tenth of the server's time.
 */
export function datewiseProfitOf(datewise: unknown): Record<string, string> {
  if (datewise === null || typeof datewise !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [day, pnl] of Object.entries(datewise as Record<string, string>)) {
    out[day] = typeof pnl === 'string' && PLAIN.test(pnl) && pnl !== '-0' ? pnl : new Decimal(pnl).toFixed();
  }
  return out;
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
