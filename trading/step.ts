/**
 * step(bot, tick) -> actions: the per-tick rules of ARCHITECTURE section 5, in their order.
 * A quiet tick (inside the cached band) costs two float comparisons; any other tick runs the
 * rules with exact confirmation of every close comparison.
 */
import { above, atLeast, atMost, below, str, threshold, downBy, upBy, type TickPrice } from './core/exact';
import { buyQuantity, skipReason } from './core/orders';
import { isHeld, isProtected, recomputeBand, resetAllTrackers, resetTracker } from './state';
import type { Action, BotStatus, GridBot, GridSlot, StatusReason, Tick } from './core/types';

const NONE: readonly Action[] = Object.freeze([]);

export function step(bot: GridBot, tick: Tick): readonly Action[] {
  // Stopped for good; and while an order is out its fill must land before the next decision.
  if (bot.status === 'stopped' || bot.inFlight > 0) return NONE;
  const px = bot.px;
  px.set(tick.price);
  if (bot.startTs === null) bot.startTs = tick.ts;
  bot.lastTs = tick.ts;
  if (px.f > bot.band.lo && px.f < bot.band.hi) return NONE;
  const out: Action[] = [];
  evaluate(bot, tick, out);
  recomputeBand(bot);
  return out;
}

function evaluate(bot: GridBot, tick: Tick, out: Action[]): void {
  const px = bot.px;
  const L = bot.levels;
  // Rule 0 (futures): the exchange liquidates at its price before anything the bot could do.
  if (L.liquidation && atMost(px, L.liquidation)) return liquidate(bot, tick, out);
  if (bot.status === 'paused') {
    // Rule 1: only the restart price matters while paused; a restart continues with rule 2.
    if (!L.restart || !atMost(px, L.restart)) return;
    setStatus(bot, tick, 'live', 'restart', out);
    resetAllTrackers(bot);
  }
  if (L.stoploss && atMost(px, L.stoploss)) return sellAll(bot, tick, 'stoploss', 'stopped', out);
  if (L.pause && atLeast(px, L.pause)) {
    sellAll(bot, tick, 'pause', 'paused', out);
    resetAllTrackers(bot);
    return;
  }
  if (profitBookReached(bot, px)) return sellAll(bot, tick, 'profitBook', 'stopped', out);
  const sold = takeProfits(bot, tick, out);
  if (!sold) buy(bot, tick, out);
}

/** Rule 4: realized + unrealized at p >= P % of A, decided by multiplication. */
function profitBookReached(bot: GridBot, px: TickPrice): boolean {
  const target = bot.levels.profitBookTarget;
  if (target === null) return false;
  const at = bot.levels.profitBookPrice;
  if (at === null) return bot.realized.gte(target);
  if (px.f > at.hi) return true;
  if (px.f < at.lo) return false;
  return bot.realized.plus(bot.heldQty.times(px.exact)).minus(bot.heldCost).gte(target);
}

export function setStatus(bot: GridBot, tick: Tick, status: BotStatus, reason: StatusReason, out: Action[]): void {
  bot.status = status;
  bot.statusReason = reason;
  bot.marketSkipNoted = false;
  out.push({ kind: 'status', ts: tick.ts, status, reason });
}

/** One market order for everything held, then the status change. */
export function sellAll(bot: GridBot, tick: Tick, reason: StatusReason, status: BotStatus, out: Action[]): void {
  if (!bot.heldQty.isZero()) {
    const price = bot.px.exact;
    const notional = bot.heldQty.times(price);
    const why = skipReason(bot.heldQty, notional, bot.market);
    const qty = str(bot.heldQty);
    if (why !== null) {
      out.push({
        kind: 'skipped',
        ts: tick.ts,
        side: 'sell',
        grid: 0,
        qty,
        price: str(bot.px.exact),
        notional: str(notional),
        reason: why,
      });
    } else {
      for (const g of bot.grids) if (isHeld(g)) g.phase = 'selling';
      bot.sellAllPending = true;
      bot.inFlight++;
      out.push({ kind: 'sellAll', ts: tick.ts, qty, price: str(bot.px.exact), reason });
    }
  }
  setStatus(bot, tick, status, reason, out);
}

/** The whole position goes at the liquidation price; the exchange sends the order, not the bot. */
function liquidate(bot: GridBot, tick: Tick, out: Action[]): void {
  for (const g of bot.grids) if (isHeld(g)) g.phase = 'selling';
  bot.liquidating = true;
  bot.inFlight++;
  out.push({ kind: 'liquidation', ts: tick.ts, qty: str(bot.position!.qty), price: str(bot.levels.liquidation!.d) });
  setStatus(bot, tick, 'stopped', 'liquidation', out);
}

/** Rule 5, ascending: arm at buyPrice x (1 + tp_up), trail the high, exit at high x (1 - tp_down). */
function takeProfits(bot: GridBot, tick: Tick, out: Action[]): boolean {
  const px = bot.px;
  let sold = false;
  for (const g of bot.grids) {
    if (g.phase === 'holding' && atLeast(px, g.armAt!)) {
      g.phase = 'armed';
      trailHigh(g, px);
    } else if (g.phase === 'armed' && above(px, g.high!)) {
      trailHigh(g, px);
    }
    if (g.phase === 'armed' && atMost(px, g.exitAt!) && sellGrid(bot, g, tick, out)) sold = true;
  }
  return sold;
}

function trailHigh(g: GridSlot, px: TickPrice): void {
  g.high = threshold(px.exact, px.f);
  g.exitAt = threshold(downBy(px.exact, g.def.tpDown));
}

function sellGrid(bot: GridBot, g: GridSlot, tick: Tick, out: Action[]): boolean {
  const notional = g.qty.times(bot.px.exact);
  const why = skipReason(g.qty, notional, bot.market);
  if (why !== null) {
    // The exchange would refuse it: say so, disarm, and let the take profit arm again.
    g.phase = 'holding';
    g.high = null;
    g.exitAt = null;
    out.push({
      kind: 'skipped',
      ts: tick.ts,
      side: 'sell',
      grid: g.def.gridNo,
      qty: str(g.qty),
      price: str(bot.px.exact),
      notional: str(notional),
      reason: why,
    });
    return false;
  }
  g.phase = 'selling';
  bot.inFlight++;
  out.push({ kind: 'sell', ts: tick.ts, grid: g.def.gridNo, qty: str(g.qty), price: str(bot.px.exact) });
  return true;
}

/** Rule 6: grid 1 at market when nothing is held, else the trailing buy of the target. */
function buy(bot: GridBot, tick: Tick, out: Action[]): void {
  if (bot.holding === 0) return void placeBuy(bot, 1, tick, out);
  const t = bot.tracker;
  if (t.target === 0 || isProtected(bot)) return;
  const px = bot.px;
  if (!t.armed) {
    if (!atMost(px, t.armAt!)) return;
    t.armed = true;
    trailLow(bot, px);
  } else if (below(px, t.low!)) {
    trailLow(bot, px);
  }
  if (atLeast(px, t.reboundAt!) && !placeBuy(bot, t.target, tick, out)) resetTracker(t);
}

function trailLow(bot: GridBot, px: TickPrice): void {
  const t = bot.tracker;
  t.low = threshold(px.exact, px.f);
  t.reboundAt = threshold(upBy(px.exact, bot.grids[t.target - 1]!.def.buyUp));
}

/** A market buy of A x alloc_j, or a reported skip when the exchange would refuse it. */
function placeBuy(bot: GridBot, gridNo: number, tick: Tick, out: Action[]): boolean {
  const g = bot.grids[gridNo - 1]!;
  // Futures: A x alloc_j is the grid's margin; the order's notional is margin x leverage.
  const margin = bot.params.investment.times(g.def.alloc).div(100);
  const quote = bot.market.futures === null ? margin : margin.times(bot.market.futures.leverage);
  const price = bot.px.exact;
  const qty = buyQuantity(quote, price, bot.market.stepSize);
  const notional = qty.times(price);
  const why = skipReason(qty, notional, bot.market);
  if (why !== null) {
    // Grid 1 would be retried on every tick; one report per unchanged situation is enough.
    if (gridNo === 1 && bot.marketSkipNoted) return false;
    if (gridNo === 1) bot.marketSkipNoted = true;
    out.push({
      kind: 'skipped',
      ts: tick.ts,
      side: 'buy',
      grid: gridNo,
      qty: str(qty),
      price: str(bot.px.exact),
      notional: str(notional),
      reason: why,
    });
    return false;
  }
  g.phase = 'buying';
  bot.inFlight++;
  out.push({ kind: 'buy', ts: tick.ts, grid: gridNo, quote: str(quote), qty: str(qty), price: str(bot.px.exact) });
  return true;
}
