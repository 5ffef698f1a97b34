/**
 * The backtester: the live core (createGridBot, step, applyFill) driven over a price series
 * with the simulated fill model. Pure: the caller supplies the ticks (an array, a generator,
 * or a streamed file pushed one tick at a time).
 */
import { D, str, type Dec } from './core/exact';
import { simulateFill, simulateLiquidation } from './fill-model';
import { apyOf, roiOf, unrealizedAt } from './figures';
import { applyFill } from './fills';
import { createGridBot } from './state';
import { step } from './step';
import type { BacktestResult, BacktestSummary, BacktestTrade } from './core/backtest-result';
import type { BotParams, GridBot, MarketRules, SkipAction, StrategyDefinition, Tick } from './core/types';
import { EquityTracker, type EquitySource } from './core/equity';

export type { BacktestResult, BacktestSummary, BacktestTrade } from './core/backtest-result';

export interface BacktestConfig {
  strategy: StrategyDefinition;
  params: BotParams;
  market: MarketRules;
  /** Most equity points kept (downsampled as the run grows); default 500. */
  equityPoints?: number;
}

export interface Backtest {
  readonly bot: GridBot;
  push(tick: Tick): void;
  finish(): BacktestResult;
}

export function createBacktest(config: BacktestConfig): Backtest {
  const bot = createGridBot(config.strategy, config.params, config.market);
  const trades: BacktestTrade[] = [];
  const skipped: SkipAction[] = [];
  const equity = new EquityTracker(gridEquity(bot), config.equityPoints ?? 500);
  let ticks = 0;
  let last: Tick | null = null;

  function push(tick: Tick): void {
    ticks++;
    last = tick;
    const actions = step(bot, tick);
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i]!;
      if (a.kind === 'skipped') skipped.push(a);
      else if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') {
        const booked = applyFill(bot, simulateFill(a, config.market));
        if (booked !== null) trades.push(toTrade(booked));
      } else if (a.kind === 'liquidation') {
        const booked = applyFill(bot, simulateLiquidation(a));
        if (booked !== null) trades.push(toTrade(booked));
      }
    }
    if (actions.length > 0) equity.holdingsChanged();
    equity.observe(tick);
  }

  function finish(): BacktestResult {
    const price: Dec = last === null ? new D(0) : new D(last.price);
    const dd = equity.drawdown();
    return {
      trades,
      skipped,
      summary: summarise(bot, price, last?.ts ?? 0),
      equity: equity.points(),
      maxDrawdown: str(dd.amount),
      maxDrawdownPercent: str(dd.percent.toDecimalPlaces(4)),
      ticks,
    };
  }

  return { bot, push, finish };
}

/** The grid bot's books as the equity curve reads them. */
function gridEquity(bot: GridBot): EquitySource {
  return {
    investment: bot.params.investment,
    get realized() {
      return bot.realized;
    },
    get heldQty() {
      return bot.heldQty;
    },
    get heldCost() {
      return bot.heldCost;
    },
    px: bot.px,
  };
}

/** Runs `ticks` through a fresh bot. */
export function runBacktest(ticks: Iterable<Tick>, config: BacktestConfig): BacktestResult {
  const run = createBacktest(config);
  for (const tick of ticks) run.push(tick);
  return run.finish();
}

function toTrade(f: {
  ts: number;
  side: 'buy' | 'sell';
  grid: number;
  price: string;
  qty: string;
  quote: string;
  fee: string;
  pnl: string;
}): BacktestTrade {
  return { ts: f.ts, side: f.side, grid: f.grid, price: f.price, qty: f.qty, quote: f.quote, fee: f.fee, pnl: f.pnl };
}

function summarise(bot: GridBot, price: Dec, nowTs: number): BacktestSummary {
  return {
    pnl: str(bot.realized),
    roi: str(roiOf(bot).toDecimalPlaces(8)),
    apy: str(apyOf(bot, nowTs).toDecimalPlaces(8)),
    trades: bot.trades,
    maxGridsHeld: bot.maxHeld,
    heldQty: str(bot.heldQty),
    unrealized: str(unrealizedAt(bot, price)),
    status: bot.status,
  };
}
