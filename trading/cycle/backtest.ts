/**
 * The cycle backtester: the live cycle core driven over a price series against a simulated
 * exchange that rests limit orders as the exchange does. A limit marketable when placed fills at
 * the tick's price; a resting limit fills at its own price once a tick crosses it (a buy at or
 * under it, a sell at or over it); a cancel ends a resting order at once; a market order fills
 * at the tick's price. Fees are the market's rate of the notional, exact. Pure: the caller
 * supplies the ticks.
 */
import { D, HUNDRED, str, type Dec } from '../core/exact';
import { EquityTracker, type EquitySource } from '../core/equity';
import { feeFor } from '../core/orders';
import type { BacktestResult, BacktestSummary, BacktestTrade } from '../core/backtest-result';
import type { MarketRules, Tick } from '../core/types';
import { applyCycleFill, createCycle, cycleLiquidated, cycleOrderFailed, decide } from './cycle';
import type { Cycle, CycleDecision, CycleParams, CycleSkip } from './types';

export interface CycleBacktestConfig {
  params: CycleParams;
  market: MarketRules;
  /** Most equity points kept (downsampled as the run grows); default 500. */
  equityPoints?: number;
}

/** The grid backtester's result, with the cycle's own counts beside its summary. */
export interface CycleBacktestResult extends Omit<BacktestResult, 'skipped'> {
  skipped: CycleSkip[];
  cycle: { completed: number; count: number; end: Cycle['end'] };
}

export interface CycleBacktest {
  readonly cycle: Cycle;
  push(tick: Tick): void;
  finish(): CycleBacktestResult;
}

const DAY_MS = 86_400_000;
/** A decision leads to at most a fill and the next order; this bounds one tick's rounds. */
const MAX_ROUNDS_PER_TICK = 8;

export function createCycleBacktest(config: CycleBacktestConfig): CycleBacktest {
  const c = createCycle(config.params, config.market);
  const trades: BacktestTrade[] = [];
  const skipped: CycleSkip[] = [];
  const equity = new EquityTracker(cycleEquity(c), config.equityPoints ?? 500);
  let ticks = 0;
  let first: Tick | null = null;
  let last: Tick | null = null;

  function carryOut(d: CycleDecision, p: Dec, tick: Tick): void {
    skipped.push(...d.skipped);
    for (const slot of d.cancels) cycleOrderFailed(c, slot);
    for (const o of d.orders) {
      if (o.kind === 'liquidation') {
        trades.push(bookLiquidation(c, o.qty, tick.ts));
      } else if (o.type === 'market' || crossed(c, p)) {
        // Marketable when placed: filled at the price now, not the limit's.
        trades.push(bookFill(c, config.market, p, tick.ts));
      }
    }
  }

  function push(tick: Tick): void {
    ticks++;
    first ??= tick;
    last = tick;
    const p = new D(tick.price);
    let changed = false;
    for (let round = 0; round < MAX_ROUNDS_PER_TICK; round++) {
      if (crossed(c, p)) {
        trades.push(bookFill(c, config.market, c.order!.price, tick.ts));
        changed = true;
      }
      const d = decide(c, tick);
      if (d === null) break;
      carryOut(d, p, tick);
      changed = true;
    }
    if (changed) equity.holdingsChanged();
    equity.observe(tick);
  }

  function finish(): CycleBacktestResult {
    const dd = equity.drawdown();
    return {
      trades,
      skipped,
      summary: summarise(c, trades, first, last),
      equity: equity.points(),
      maxDrawdown: str(dd.amount),
      maxDrawdownPercent: str(dd.percent.toDecimalPlaces(4)),
      ticks,
      cycle: { completed: c.completed, count: c.params.count, end: c.end },
    };
  }

  return { cycle: c, push, finish };
}

/** The resting limit fills at its own price when the tick crosses it. */
function crossed(c: Cycle, p: Dec): boolean {
  const o = c.order;
  if (o === null || o.type !== 'limit') return false;
  return o.side === 'buy' ? p.lte(o.price) : p.gte(o.price);
}

/** Books a fill of the cycle's order at `price`, as a trade numbered by its round. */
function bookFill(c: Cycle, market: MarketRules, price: Dec, ts: number): BacktestTrade {
  const o = c.order!;
  const round = c.completed + 1;
  const fee = feeFor(price.times(o.qty), market);
  const booked = applyCycleFill(c, { slot: o.slot, side: o.side, price: str(price), qty: str(o.qty), fee: str(fee), ts });
  if (booked === null) throw new Error(`the cycle refused its own order's fill (slot ${o.slot})`);
  return {
    ts,
    side: o.side,
    grid: round,
    price: str(price),
    qty: str(o.qty),
    quote: str(price.times(o.qty)),
    fee: str(fee),
    pnl: booked.pnl,
  };
}

/** Books a liquidation of `qty`, as a trade of no round. */
function bookLiquidation(c: Cycle, qty: string, ts: number): BacktestTrade {
  const booked = cycleLiquidated(c, new D(qty));
  return {
    ts,
    side: 'sell',
    grid: 0,
    price: booked.price,
    qty,
    quote: str(new D(booked.price).times(qty)),
    fee: '0',
    pnl: booked.pnl,
  };
}

/** The run's figures: the APY spreads the ROI over the days from the first tick to the last. */
function summarise(c: Cycle, trades: BacktestTrade[], first: Tick | null, last: Tick | null): BacktestSummary {
  const price = last === null ? new D(0) : new D(last.price);
  const roi = c.realized.div(c.params.amount).times(HUNDRED);
  const days = new D((last?.ts ?? 0) - (first?.ts ?? 0)).div(DAY_MS);
  return {
    pnl: str(c.realized),
    roi: str(roi.toDecimalPlaces(8)),
    apy: str(roi.times(365).div(D.max(days, 1)).toDecimalPlaces(8)),
    trades: c.trades,
    maxGridsHeld: trades.some((t) => t.side === 'buy') ? 1 : 0,
    heldQty: str(c.held),
    unrealized: str(c.held.times(price).minus(c.cost)),
    status: c.status === 'live' ? 'live' : 'stopped',
  };
}

export function runCycleBacktest(ticks: Iterable<Tick>, config: CycleBacktestConfig): CycleBacktestResult {
  const run = createCycleBacktest(config);
  for (const tick of ticks) run.push(tick);
  return run.finish();
}

function cycleEquity(c: Cycle): EquitySource {
  return {
    investment: c.params.amount,
    get realized() {
      return c.realized;
    },
    get heldQty() {
      return c.held;
    },
    get heldCost() {
      return c.cost;
    },
    px: null,
  };
}
