/**
 * The cycle core (ARCHITECTURE section 5, "Cycle"): one order out at a time, a LIMIT GTC buy at
 * b, then a LIMIT GTC sell at s of what was bought, C rounds; the stop loss z sells at market
 * while holding. Pure and deterministic: the engine, the backtester and the tests drive it.
 *
 * A tick is cheap: with the buy resting nothing can happen on our side (the exchange fills it),
 * so the tick returns at once; while holding it is one float comparison against the stop loss's
 * band (and the liquidation price's, for futures), confirmed exactly only when close.
 */
import { D, ZERO, atMost, str, threshold, TickPrice, type Dec } from '../core/exact';
import { addToLong, flatPosition, liquidationPrice, reduceLong } from '../core/futures';
import { buyQuantity, skipReason } from '../core/orders';
import type { MarketRules, Tick } from '../core/types';
import type { Cycle, CycleDecision, CycleEnd, CycleFill, CycleOrder, CycleParams } from './types';

const px = new TickPrice();

export function createCycle(params: CycleParams, market: MarketRules): Cycle {
  return {
    params,
    market,
    status: 'live',
    end: null,
    completed: 0,
    held: ZERO,
    cost: ZERO,
    lastBoughtPrice: null,
    realized: ZERO,
    trades: 0,
    order: null,
    cancelling: null,
    exit: null,
    nextSlot: 1,
    stopLossAt: threshold(params.stopLoss),
    position: market.futures ? flatPosition() : null,
    liquidationAt: null,
    liquidating: false,
    lastPrice: null,
  };
}

export const holding = (c: Cycle): boolean => !c.held.isZero();

const decision = (): CycleDecision => ({ orders: [], cancels: [], skipped: [] });

/** Ends the cycle for good: no order is decided again. */
export function endCycle(c: Cycle, end: CycleEnd): void {
  c.status = end === 'completed' ? 'completed' : 'stopped';
  c.end = end;
  c.exit = null;
}

/** The cycle's next order, recorded as out. */
function place(c: Cycle, side: 'buy' | 'sell', type: 'limit' | 'market', price: Dec, qty: Dec): CycleOrder {
  const order: CycleOrder = { slot: c.nextSlot++, side, type, price, qty };
  c.order = order;
  return order;
}

function intent(o: CycleOrder): CycleDecision {
  const d = decision();
  d.orders.push({ kind: o.side, slot: o.slot, type: o.type, qty: str(o.qty), price: str(o.price) });
  return d;
}

/** The round's buy: floor(A x leverage / b, step), the same A every round. */
function restBuy(c: Cycle): CycleDecision {
  const { buyPrice, amount } = c.params;
  const notionalBudget = c.market.futures ? amount.times(c.market.futures.leverage) : amount;
  const qty = buyQuantity(notionalBudget, buyPrice, c.market.stepSize);
  const skip = skipReason(qty, qty.times(buyPrice), c.market);
  if (skip !== null) {
    // The amount no longer buys what the exchange accepts at this price (an edit raised b): the
    // cycle cannot trade, so it stops rather than decide the same refused order every tick.
    endCycle(c, 'belowMinimum');
    const d = decision();
    d.skipped.push({ side: 'buy', slot: c.nextSlot, qty: str(qty), price: str(buyPrice), reason: skip });
    return d;
  }
  return intent(place(c, 'buy', 'limit', buyPrice, qty));
}

/** Sells what is held at market now (the stop loss, Stop & Sell); the fill ends the cycle. */
export function sellAtMarket(c: Cycle, price: string): CycleDecision {
  return sellHeld(c, 'market', new D(price));
}

/**
 * Sells what is held: a limit at the sell price, or at market. What a buy filled in part before
 * its cancel (an edit, a stop) may be under the exchange's minimum order: no order can sell it,
 * so it stays held and the cycle ends (for the member to sell with the rest of the coin),
 * rather than decide the same refused sell on every tick.
 */
function sellHeld(c: Cycle, type: 'limit' | 'market', price: Dec): CycleDecision {
  const skip = skipReason(c.held, c.held.times(price), c.market);
  if (skip === null) return intent(place(c, 'sell', type, price, c.held));
  // Even for a stop loss or Stop & Sell: the member reads that nothing could be sold.
  endCycle(c, 'heldBelowMinimum');
  const d = decision();
  d.skipped.push({ side: 'sell', slot: c.nextSlot, qty: str(c.held), price: str(price), reason: skip });
  return d;
}

/** Decides on a price; null when nothing changed. */
export function decide(c: Cycle, tick: Tick): CycleDecision | null {
  if (c.status !== 'live' || c.liquidating) return null;
  c.lastPrice = tick.price;
  const held = holding(c);
  // The buy rests: only the exchange can move the cycle on (its fill comes to `applyCycleFill`).
  if (!held && c.order !== null) return null;
  if (held) {
    px.set(tick.price);
    if (c.liquidationAt !== null && atMost(px, c.liquidationAt)) return liquidate(c);
    if (atMost(px, c.stopLossAt)) return stopLossAt(c, tick.price);
    if (c.order !== null) return null;
    if (c.exit !== null) return sellAtMarket(c, tick.price);
    return sellHeld(c, 'limit', c.params.sellPrice);
  }
  if (c.completed >= c.params.count) {
    endCycle(c, 'completed');
    return decision();
  }
  return restBuy(c);
}

/** Holding at or under the stop loss: the resting sell is cancelled, then all is sold at market. */
function stopLossAt(c: Cycle, price: string): CycleDecision | null {
  const o = c.order;
  if (o === null) {
    c.exit = 'stoploss';
    return sellAtMarket(c, price);
  }
  if (o.type === 'market' || c.cancelling === 'stopLoss' || c.cancelling === 'stop') return null;
  const d = decision();
  // A cancel already out (an edit's, Stop & Sell's) ends the same order: only what follows changes.
  if (c.cancelling === null) d.cancels.push(o.slot);
  c.cancelling = 'stopLoss';
  return d;
}

/** The exchange closes the futures position at its liquidation price; the resting sell goes. */
function liquidate(c: Cycle): CycleDecision {
  const d = decision();
  const o = c.order;
  if (o !== null && o.type === 'limit' && c.cancelling === null) d.cancels.push(o.slot);
  // Whatever the order out was for, the liquidation ends the cycle: nothing follows its end.
  if (o !== null) c.cancelling = 'replace';
  c.liquidating = true;
  d.orders.push({ kind: 'liquidation', slot: 0, type: 'market', qty: str(c.held), price: str(c.liquidationAt!.d) });
  return d;
}

/** Books a fill of the order out; null when it is not the cycle's order (a bug upstream). */
export function applyCycleFill(c: Cycle, fill: CycleFill): { pnl: string } | null {
  const o = c.order;
  if (o === null || o.slot !== fill.slot || o.side !== fill.side) return null;
  const price = new D(fill.price);
  const qty = new D(fill.qty);
  const fee = new D(fill.fee);
  c.order = null;
  c.trades += 1;
  const after = c.cancelling;
  c.cancelling = null;
  if (fill.side === 'buy') {
    c.held = c.held.plus(qty);
    c.cost = c.cost.plus(price.times(qty)).plus(fee);
    c.lastBoughtPrice = price;
    if (c.position) {
      addToLong(c.position, qty, price, c.market.futures!.leverage);
      const liq = liquidationPrice(c.market.futures!.brackets, c.position);
      c.liquidationAt = liq.isZero() ? null : threshold(liq);
    }
    afterCancelWhileHolding(c, after);
    return { pnl: '0' };
  }
  const share = qty.gte(c.held) ? c.cost : c.cost.times(qty).div(c.held);
  const pnl = price.times(qty).minus(fee).minus(share);
  c.realized = c.realized.plus(pnl);
  c.held = qty.gte(c.held) ? ZERO : c.held.minus(qty);
  c.cost = c.held.isZero() ? ZERO : c.cost.minus(share);
  if (c.position) {
    reduceLong(c.position, qty);
    const liq = c.held.isZero() ? ZERO : liquidationPrice(c.market.futures!.brackets, c.position);
    c.liquidationAt = liq.isZero() ? null : threshold(liq);
  }
  if (holding(c)) {
    // Part of a sell filled before it was cancelled (or a market sell filled in part).
    afterCancelWhileHolding(c, after);
    return { pnl: str(pnl) };
  }
  c.lastBoughtPrice = null;
  if (o.type === 'limit') c.completed += 1;
  if (c.exit !== null) endCycle(c, c.exit);
  else if (after === 'stop') endCycle(c, 'manual');
  else if (after === 'stopAndSell') endCycle(c, 'stopAndSell');
  // The round is whole: it completes the cycle at C (an edit may have lowered C to this round).
  else if (c.completed >= c.params.count) endCycle(c, 'completed');
  return { pnl: str(pnl) };
}

/** What follows an ended order while something is held. */
function afterCancelWhileHolding(c: Cycle, after: Cycle['cancelling']): void {
  if (after === 'stop') endCycle(c, 'manual');
  else if (after === 'stopAndSell') c.exit = 'stopAndSell';
  else if (after === 'stopLoss') c.exit = 'stoploss';
}

/**
 * The order ended unfilled: cancelled as decided, or refused, expired or cancelled by someone
 * else. The next decision places it again (at the edited price) or carries out what the cancel
 * was for.
 */
export function cycleOrderFailed(c: Cycle, slot: number): void {
  const o = c.order;
  if (o === null || o.slot !== slot) return;
  c.order = null;
  const after = c.cancelling;
  c.cancelling = null;
  if (after === null || after === 'replace') return;
  if (holding(c)) afterCancelWhileHolding(c, after);
  else endCycle(c, after === 'stop' ? 'manual' : after === 'stopAndSell' ? 'stopAndSell' : 'manual');
}

/**
 * The exchange liquidated the futures position: booked at the liquidation price the core
 * computed, proceeds = entry notional - margin (as the grid core books it), and the cycle stops.
 */
export function cycleLiquidated(c: Cycle, qty: Dec): { price: string; pnl: string } {
  const p = c.position!;
  const price = c.liquidationAt === null ? ZERO : c.liquidationAt.d;
  const share = qty.gte(c.held) ? c.cost : c.cost.times(qty).div(c.held);
  const proceeds = p.qty.isZero() ? ZERO : qty.times(p.entryPrice).minus(p.margin.times(qty.div(p.qty)));
  const pnl = proceeds.minus(share);
  reduceLong(p, qty);
  c.realized = c.realized.plus(pnl);
  c.held = ZERO;
  c.cost = ZERO;
  c.lastBoughtPrice = null;
  c.trades += 1;
  c.liquidationAt = null;
  c.liquidating = false;
  endCycle(c, 'liquidation');
  return { price: str(price), pnl: str(pnl) };
}
