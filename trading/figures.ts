/** The figures a running bot shows (ARCHITECTURE section 5, "Figures"). */
import { D, HUNDRED, str, type Dec } from './core/exact';
import { isHeld } from './state';
import type { BotStatus, GridBot } from './core/types';

export interface BotFigures {
  grid_no: number;
  total_grid: number;
  last_buying_price: string | null;
  averageBuyPrice: string | null;
  heldQty: string;
  heldCost: string;
  /** Realized PnL, fees included. */
  pnl: string;
  unrealized: string;
  roi: string;
  apy: string;
  datewiseprofit: Record<string, string>;
  trades: number;
  status: BotStatus;
}

const DAY_MS = 86_400_000;
/** Ratios (roi, APY, average price) are shown rounded; money figures stay exact. */
const RATIO_DP = 8;

export function unrealizedAt(bot: GridBot, price: Dec): Dec {
  return bot.heldQty.times(price).minus(bot.heldCost);
}

export function roiOf(bot: GridBot): Dec {
  return bot.realized.div(bot.params.investment).times(HUNDRED);
}

/** APY = roi x 365 / max(runtime days, 1). */
export function apyOf(bot: GridBot, nowTs: number): Dec {
  const days = new D(nowTs - (bot.startTs ?? nowTs)).div(DAY_MS);
  return roiOf(bot).times(365).div(D.max(days, 1));
}

function lastBuyingPrice(bot: GridBot): Dec | null {
  let low: Dec | null = null;
  for (const g of bot.grids) if (isHeld(g) && (low === null || g.buyPrice!.lt(low))) low = g.buyPrice;
  return low;
}

export function figures(bot: GridBot, price: string, nowTs: number): BotFigures {
  const last = lastBuyingPrice(bot);
  const datewise: Record<string, string> = {};
  for (const [day, pnl] of bot.datewise) datewise[day] = str(pnl);
  return {
    grid_no: bot.holding,
    total_grid: bot.grids.length,
    last_buying_price: last === null ? null : str(last),
    averageBuyPrice: bot.heldQty.isZero() ? null : str(bot.heldCost.div(bot.heldQty).toDecimalPlaces(RATIO_DP)),
    heldQty: str(bot.heldQty),
    heldCost: str(bot.heldCost),
    pnl: str(bot.realized),
    unrealized: str(unrealizedAt(bot, new D(price))),
    roi: str(roiOf(bot).toDecimalPlaces(RATIO_DP)),
    apy: str(apyOf(bot, nowTs).toDecimalPlaces(RATIO_DP)),
    datewiseprofit: datewise,
    trades: bot.trades,
    status: bot.status,
  };
}
