/** applyFill: book a fill of one of our orders exactly once, then recompute the levels. */
import { ZERO, str, threshold, upBy, type Dec } from './core/exact';
import { buyCost, dec, sellProceeds } from './core/orders';
import { addToLong, liquidationProceeds, reduceLong } from './core/futures';
import { clearSlot, isHeld, refresh } from './state';
import type { AppliedFill, Fill, GridBot } from './core/types';

/**
 * Books `fill` and returns the trade, or null when it is not for an order we have out (a
 * repeated fill, a repeated trade id, an unknown grid): a fill changes the state at most once.
 * One fill completes its order; a runner that sees several trades for one market order sums
 * them into one fill.
 */
export function applyFill(bot: GridBot, fill: Fill): AppliedFill | null {
  if (fill.tradeId !== undefined && bot.seenTradeIds.has(fill.tradeId)) return null;
  const price = dec(fill.price);
  const qty = dec(fill.qty);
  const fee = dec(fill.fee);
  let pnl: Dec | null;
  if (fill.side === 'buy') pnl = bookBuy(bot, fill.grid, price, qty, fee);
  else if (fill.liquidation === true) pnl = fill.grid === 0 ? bookLiquidation(bot) : null;
  else if (fill.grid === 0) pnl = bookSellAll(bot, price, qty, fee);
  else pnl = bookSell(bot, fill.grid, price, qty, fee);
  if (pnl === null) return null;
  if (fill.tradeId !== undefined) bot.seenTradeIds.add(fill.tradeId);
  bot.inFlight--;
  bot.trades++;
  bot.marketSkipNoted = false;
  if (fill.side === 'sell') addDatewise(bot, fill.ts, pnl);
  refresh(bot);
  return { ...fill, quote: str(price.times(qty)), pnl: str(pnl) };
}

function bookBuy(bot: GridBot, gridNo: number, price: Dec, qty: Dec, fee: Dec): Dec | null {
  const g = bot.grids[gridNo - 1];
  if (g === undefined || g.phase !== 'buying') return null;
  g.phase = 'holding';
  g.qty = qty;
  g.cost = buyCost(price, qty, fee);
  g.buyPrice = price;
  g.armAt = threshold(upBy(price, g.def.tpUp));
  bot.holding++;
  bot.heldQty = bot.heldQty.plus(qty);
  bot.heldCost = bot.heldCost.plus(g.cost);
  if (bot.position) addToLong(bot.position, qty, price, bot.market.futures!.leverage);
  return ZERO;
}

function bookSell(bot: GridBot, gridNo: number, price: Dec, qty: Dec, fee: Dec): Dec | null {
  const g = bot.grids[gridNo - 1];
  if (g === undefined || g.phase !== 'selling') return null;
  const pnl = sellProceeds(price, qty, fee).minus(g.cost);
  bot.realized = bot.realized.plus(pnl);
  bot.holding--;
  bot.heldQty = bot.heldQty.minus(g.qty);
  bot.heldCost = bot.heldCost.minus(g.cost);
  if (bot.position) reduceLong(bot.position, g.qty);
  clearSlot(g);
  return pnl;
}

/** Sell-all is one trade, grid 0, pnl = proceeds - total held cost. */
function bookSellAll(bot: GridBot, price: Dec, qty: Dec, fee: Dec): Dec | null {
  if (!bot.sellAllPending) return null;
  bot.sellAllPending = false;
  return closeAll(bot, sellProceeds(price, qty, fee));
}

/**
 * The exchange liquidated the position: the bot gets back its entry notional less the margin the
 * exchange kept (futures.ts), whatever price the closing trade shows.
 */
function bookLiquidation(bot: GridBot): Dec | null {
  if (!bot.liquidating || bot.position === null) return null;
  bot.liquidating = false;
  return closeAll(bot, liquidationProceeds(bot.position));
}

function closeAll(bot: GridBot, proceeds: Dec): Dec {
  const pnl = proceeds.minus(bot.heldCost);
  bot.realized = bot.realized.plus(pnl);
  for (const g of bot.grids) if (g.phase === 'selling' || isHeld(g)) clearSlot(g);
  bot.holding = 0;
  bot.heldQty = ZERO;
  bot.heldCost = ZERO;
  if (bot.position) reduceLong(bot.position, bot.position.qty);
  return pnl;
}

function addDatewise(bot: GridBot, ts: number, pnl: Dec): void {
  const day = new Date(ts).toISOString().slice(0, 10);
  bot.datewise.set(day, (bot.datewise.get(day) ?? ZERO).plus(pnl));
}

/**
 * The exchange refused or cancelled an order we had out: put the grid back as it was before
 * the order (a buy leaves it empty, a sell leaves it holding and disarmed).
 */
export function orderFailed(bot: GridBot, grid: number): boolean {
  if (grid === 0) {
    if (!bot.sellAllPending) return false;
    bot.sellAllPending = false;
    for (const g of bot.grids) if (g.phase === 'selling') g.phase = 'holding';
  } else {
    const g = bot.grids[grid - 1];
    if (g === undefined || (g.phase !== 'buying' && g.phase !== 'selling')) return false;
    if (g.phase === 'buying') g.phase = 'empty';
    else {
      g.phase = 'holding';
      g.high = null;
      g.exitAt = null;
    }
  }
  bot.inFlight--;
  refresh(bot);
  return true;
}
