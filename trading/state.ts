/**
 * Creating a bot and keeping its cached levels in step with its state. Everything here runs
 * only when the state changes (a fill, an arm, an edit), never on a quiet tick.
 */
import { HUNDRED, TickPrice, ZERO, downBy, threshold, type Dec } from './core/exact';
import { flatPosition, liquidationPrice } from './core/futures';
import type { BotParams, BuyTracker, GridBot, GridSlot, MarketRules, StrategyDefinition } from './core/types';

export function createGridBot(strategy: StrategyDefinition, params: BotParams, market: MarketRules): GridBot {
  const bot: GridBot = {
    strategy,
    params: { ...params },
    market,
    status: 'live',
    statusReason: null,
    grids: strategy.grids.map((def) => emptySlot(def)),
    tracker: { target: 0, armAt: null, armed: false, low: null, reboundAt: null },
    holding: 0,
    maxHeld: 0,
    heldQty: ZERO,
    heldCost: ZERO,
    realized: ZERO,
    inFlight: 0,
    sellAllPending: false,
    position: market.futures === null ? null : flatPosition(),
    liquidating: false,
    marketSkipNoted: false,
    trades: 0,
    datewise: new Map(),
    startTs: null,
    lastTs: null,
    seenTradeIds: new Set(),
    levels: { stoploss: null, pause: null, restart: null, profitBookTarget: null, profitBookPrice: null, liquidation: null },
    band: { lo: Infinity, hi: -Infinity },
    px: new TickPrice(),
  };
  refresh(bot);
  return bot;
}

function emptySlot(def: GridSlot['def']): GridSlot {
  return { def, phase: 'empty', qty: ZERO, cost: ZERO, buyPrice: null, armAt: null, high: null, exitAt: null };
}

export function clearSlot(g: GridSlot): void {
  g.phase = 'empty';
  g.qty = ZERO;
  g.cost = ZERO;
  g.buyPrice = null;
  g.armAt = null;
  g.high = null;
  g.exitAt = null;
}

export function resetTracker(t: BuyTracker): void {
  t.armed = false;
  t.low = null;
  t.reboundAt = null;
}

/** Rule 3's "every tracker reset": the buy tracker and every armed take profit. */
export function resetAllTrackers(bot: GridBot): void {
  resetTracker(bot.tracker);
  for (const g of bot.grids) {
    if (g.phase === 'armed') {
      g.phase = 'holding';
      g.high = null;
      g.exitAt = null;
    }
  }
}

export function isHeld(g: GridSlot): boolean {
  return g.phase === 'holding' || g.phase === 'armed';
}

export function isProtected(bot: GridBot): boolean {
  const k = bot.params.overbuyProtection;
  return k !== null && bot.holding >= k;
}

/** Rule 6's target: the lowest grid j >= 2 that is empty while grid j-1 holds (0 = none). */
function targetGrid(bot: GridBot): number {
  const grids = bot.grids;
  for (let j = 1; j < grids.length; j++) {
    if (grids[j]!.phase === 'empty' && isHeld(grids[j - 1]!)) return j + 1;
  }
  return 0;
}

/** A change of target resets its tracker; the same target keeps its trailing state. */
function retarget(bot: GridBot): void {
  const t = bot.tracker;
  const j = bot.holding === 0 ? 0 : targetGrid(bot);
  if (j !== t.target) {
    t.target = j;
    resetTracker(t);
    t.armAt = null;
    if (j > 0) {
      const ref = bot.grids[j - 2]!.buyPrice!;
      t.armAt = threshold(downBy(ref, bot.grids[j - 1]!.def.buyDown));
    }
  }
  // "While the number of holding grids >= k nothing is armed."
  if (isProtected(bot)) resetTracker(t);
}

function levelOf(price: Dec | null) {
  return price === null ? null : threshold(price);
}

/** Recompute every cached level after a fill or an edit. */
export function refresh(bot: GridBot): void {
  const p = bot.params;
  const L = bot.levels;
  L.stoploss = levelOf(p.stoplossPrice);
  L.pause = levelOf(p.pausePrice);
  L.restart = levelOf(p.restartPrice);
  L.profitBookTarget = p.profitBook === null ? null : p.investment.times(p.profitBook).div(HUNDRED);
  // realized + heldQty x p - heldCost >= target  <=>  p >= (target - realized + heldCost) / heldQty.
  // The quotient only places the float band; the decision multiplies (profitBookReached).
  L.profitBookPrice =
    L.profitBookTarget === null || bot.heldQty.isZero()
      ? null
      : threshold(L.profitBookTarget.minus(bot.realized).plus(bot.heldCost).div(bot.heldQty));
  L.liquidation = liquidationLevel(bot);
  retarget(bot);
  if (bot.holding > bot.maxHeld) bot.maxHeld = bot.holding;
  recomputeBand(bot);
}

function liquidationLevel(bot: GridBot) {
  const p = bot.position;
  if (p === null || p.qty.isZero()) return null;
  const price = liquidationPrice(bot.market.futures!.brackets, p);
  return price.isZero() ? null : threshold(price);
}

/** The quiet band: a price strictly inside it triggers no rule and moves no tracker. */
export function recomputeBand(bot: GridBot): void {
  const band = bot.band;
  let lo = -Infinity;
  let hi = Infinity;
  const L = bot.levels;
  if (bot.status === 'paused') {
    if (L.restart) lo = L.restart.hi;
  } else if (bot.status === 'live') {
    if (L.stoploss) lo = Math.max(lo, L.stoploss.hi);
    if (L.pause) hi = Math.min(hi, L.pause.lo);
    if (L.profitBookPrice) hi = Math.min(hi, L.profitBookPrice.lo);
    else if (L.profitBookTarget && bot.realized.gte(L.profitBookTarget)) lo = Infinity;
    for (const g of bot.grids) {
      if (g.phase === 'holding') hi = Math.min(hi, g.armAt!.lo);
      else if (g.phase === 'armed') {
        lo = Math.max(lo, g.exitAt!.hi);
        hi = Math.min(hi, g.high!.lo);
      }
    }
    const t = bot.tracker;
    if (bot.holding === 0) lo = Infinity;
    else if (t.target > 0 && !isProtected(bot)) {
      if (!t.armed) lo = Math.max(lo, t.armAt!.hi);
      else {
        lo = Math.max(lo, t.low!.hi);
        hi = Math.min(hi, t.reboundAt!.lo);
      }
    }
  }
  // A position (one a pause could not sell, too) is liquidated whatever the bot's status.
  if (L.liquidation && bot.status !== 'stopped') lo = Math.max(lo, L.liquidation.hi);
  band.lo = lo;
  band.hi = hi;
}
