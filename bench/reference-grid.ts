/**
 * A straightforward reference implementation of ARCHITECTURE section 5 (Advanced Multigrid):
 * every tick parses the price as a decimal and evaluates every rule from scratch, computing
 * every threshold on the spot. No caches, no floats. It exists to be obviously correct, so the
 * fast core (trading/) can be checked against it (bench:backtest and a unit test).
 */
import { Decimal } from '../common/money';
import type { BotParams, MarketRules, StrategyDefinition, Tick } from '../trading/index';

const R = Decimal;
// The oracle sizes its own way (every division rounded down, then floored), independent of the
// core's floorToStep, so the two are checked against each other rather than sharing one rule.
const DOWN = Decimal.clone({ rounding: Decimal.ROUND_DOWN });
type Dec = Decimal;

interface RefGrid {
  held: boolean;
  qty: Dec;
  cost: Dec;
  buyPrice: Dec;
  armed: boolean;
  high: Dec;
}
export interface RefTrade {
  ts: number;
  side: 'buy' | 'sell';
  grid: number;
  price: string;
  qty: string;
  quote: string;
  fee: string;
  pnl: string;
}
export interface RefResult {
  trades: RefTrade[];
  skipped: number;
  pnl: string;
  heldQty: string;
  maxGridsHeld: number;
  status: string;
}

const pct = (x: Dec, p: Dec, sign: 1 | -1) => x.times(new R(100).plus(p.times(sign))).div(100);

export function referenceBacktest(ticks: Iterable<Tick>, s: StrategyDefinition, params: BotParams, m: MarketRules): RefResult {
  const grids: RefGrid[] = s.grids.map(() => ({
    held: false,
    qty: new R(0),
    cost: new R(0),
    buyPrice: new R(0),
    armed: false,
    high: new R(0),
  }));
  const trades: RefTrade[] = [];
  let status = 'live';
  let realized = new R(0);
  let target = 0;
  let tArmed = false;
  let tLow = new R(0);
  let skipped = 0;
  let skipNoted = false;
  let maxHeld = 0;
  const heldCount = () => grids.filter((g) => g.held).length;
  const heldQty = () => grids.reduce((a, g) => (g.held ? a.plus(g.qty) : a), new R(0));
  const heldCost = () => grids.reduce((a, g) => (g.held ? a.plus(g.cost) : a), new R(0));
  const resetTrackers = () => {
    tArmed = false;
    for (const g of grids) g.armed = false;
  };
  const canTrade = (qty: Dec, notional: Dec) => !qty.isZero() && notional.gte(m.minNotional);

  /** The lowest grid j >= 2 that is empty while grid j-1 holds (0 = none). */
  const currentTarget = () => {
    for (let k = 2; k <= grids.length; k++) if (!grids[k - 1]!.held && grids[k - 2]!.held) return k;
    return 0;
  };
  /** "A change of target resets its tracker", checked after every trade. */
  const retarget = () => {
    const j = heldCount() === 0 ? 0 : currentTarget();
    if (j !== target) {
      target = j;
      tArmed = false;
    }
  };
  const record = (ts: number, side: 'buy' | 'sell', grid: number, price: Dec, qty: Dec, pnl: Dec) => {
    const notional = price.times(qty);
    trades.push({
      ts,
      side,
      grid,
      price: price.toFixed(),
      qty: qty.toFixed(),
      quote: notional.toFixed(),
      fee: notional.times(m.feeRate).toFixed(),
      pnl: pnl.toFixed(),
    });
    skipNoted = false;
  };

  const sellAll = (ts: number, p: Dec, newStatus: string) => {
    const qty = heldQty();
    if (!qty.isZero()) {
      if (!canTrade(qty, qty.times(p))) skipped++;
      else {
        const notional = qty.times(p);
        record(ts, 'sell', 0, p, qty, notional.minus(notional.times(m.feeRate)).minus(heldCost()));
        realized = realized.plus(trades[trades.length - 1]!.pnl);
        for (const g of grids) {
          g.held = false;
          g.armed = false;
        }
        retarget();
      }
    }
    status = newStatus;
    skipNoted = false;
  };

  const buyGrid = (ts: number, j: number, p: Dec): boolean => {
    const quote = params.investment.times(s.grids[j - 1]!.alloc).div(100);
    const qty = new DOWN(quote).div(p).div(m.stepSize).floor().times(m.stepSize);
    if (!canTrade(qty, qty.times(p))) {
      if (j === 1 && skipNoted) return false;
      if (j === 1) skipNoted = true;
      skipped++;
      return false;
    }
    const g = grids[j - 1]!;
    const notional = p.times(qty);
    Object.assign(g, { held: true, qty, cost: notional.plus(notional.times(m.feeRate)), buyPrice: p, armed: false });
    record(ts, 'buy', j, p, qty, new R(0));
    maxHeld = Math.max(maxHeld, heldCount());
    retarget();
    return true;
  };

  for (const tick of ticks) {
    if (status === 'stopped') continue;
    const p = new R(tick.price);
    if (status === 'paused') {
      if (params.restartPrice === null || !p.lte(params.restartPrice)) continue;
      status = 'live';
      skipNoted = false;
      resetTrackers();
    }
    if (params.stoplossPrice !== null && p.lte(params.stoplossPrice)) {
      sellAll(tick.ts, p, 'stopped');
      continue;
    }
    if (params.pausePrice !== null && p.gte(params.pausePrice)) {
      sellAll(tick.ts, p, 'paused');
      resetTrackers();
      continue;
    }
    if (params.profitBook !== null) {
      const goal = params.investment.times(params.profitBook).div(100);
      if (realized.plus(heldQty().times(p)).minus(heldCost()).gte(goal)) {
        sellAll(tick.ts, p, 'stopped');
        continue;
      }
    }
    let sold = false;
    for (let i = 0; i < grids.length; i++) {
      const g = grids[i]!;
      const def = s.grids[i]!;
      if (!g.held) continue;
      if (!g.armed && p.gte(pct(g.buyPrice, def.tpUp, 1))) {
        g.armed = true;
        g.high = p;
      } else if (g.armed && p.gt(g.high)) g.high = p;
      if (!g.armed || !p.lte(pct(g.high, def.tpDown, -1))) continue;
      if (!canTrade(g.qty, g.qty.times(p))) {
        g.armed = false;
        skipped++;
        continue;
      }
      const notional = p.times(g.qty);
      const pnl = notional.minus(notional.times(m.feeRate)).minus(g.cost);
      record(tick.ts, 'sell', i + 1, p, g.qty, pnl);
      realized = realized.plus(pnl);
      g.held = false;
      g.armed = false;
      retarget();
      sold = true;
    }
    if (sold) continue;
    if (heldCount() === 0) {
      buyGrid(tick.ts, 1, p);
      continue;
    }
    const j = target;
    const k = params.overbuyProtection;
    if (j === 0 || (k !== null && heldCount() >= k)) {
      tArmed = false;
      continue;
    }
    const def = s.grids[j - 1]!;
    if (!tArmed) {
      if (!p.lte(pct(grids[j - 2]!.buyPrice, def.buyDown, -1))) continue;
      tArmed = true;
      tLow = p;
    } else if (p.lt(tLow)) tLow = p;
    if (p.gte(pct(tLow, def.buyUp, 1)) && !buyGrid(tick.ts, j, p)) tArmed = false;
  }
  return { trades, skipped, pnl: realized.toFixed(), heldQty: heldQty().toFixed(), maxGridsHeld: maxHeld, status };
}
