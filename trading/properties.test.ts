import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFill, botParams, createGridBot, marketRules, normaliseStrategy, runBacktest, simulateFill, step } from './index';
import { D, ZERO } from './core/exact';
import type {
  BacktestConfig,
  BacktestTrade,
  BotParams,
  BotParamsInput,
  MarketRules,
  StrategyDefinition,
  StrategyRowInput,
  Tick,
} from './index';

/** bench/reference-grid.ts, the decimal-per-tick reference; bench/ is outside the server project. */
type ReferenceBacktest = (
  ticks: Tick[],
  s: StrategyDefinition,
  p: BotParams,
  m: MarketRules,
) => {
  trades: BacktestTrade[];
  skipped: number;
  pnl: string;
  heldQty: string;
  maxGridsHeld: number;
  status: string;
};
const referenceModule = new URL('../bench/reference-grid.ts', import.meta.url).href;
const { referenceBacktest } = (await import(referenceModule)) as { referenceBacktest: ReferenceBacktest };

const percent = fc.constantFrom(0.5, 1, 1.2, 2, 3);
const smallPercent = fc.constantFrom(0, 0.2, 0.5, 1);

/** 1-6 grids whose allotments are whole percentages summing to exactly 100. */
const table = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: 10 }), { minLength: n, maxLength: n }),
      fc.array(fc.tuple(percent, smallPercent, percent, smallPercent), { minLength: n, maxLength: n }),
    )
    .map(([weights, pcts]) => {
      const total = weights.reduce((a, b) => a + b, 0);
      const allots = weights.map((w) => Math.floor((w * 100) / total));
      allots[0]! += 100 - allots.reduce((a, b) => a + b, 0);
      return pcts.map(([down, up, tp, tpDown], i): StrategyRowInput => ({
        gridNo: i + 1,
        allottedAmountPercentagePerOrder: allots[i]!,
        buyPercentage: down,
        buyPercentageUp: up,
        takeProfitPercentage: tp,
        takeProfitPercentageDown: tpDown,
      }));
    }),
);

/** Prices in whole cents around 100, moving a few cents a tick, so thresholds are hit exactly. */
const path = fc.array(fc.integer({ min: -150, max: 150 }), { minLength: 1, maxLength: 300 }).map((moves) => {
  let cents = 10_000;
  return moves.map((m, i): Tick => {
    cents = Math.max(1_000, cents + m);
    return { ts: 1_700_000_000_000 + i * 60_000, price: (cents / 100).toFixed(2) };
  });
});

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 3 });
const params = fc.record({
  investment: fc.integer({ min: 50, max: 5_000 }),
  profitBook: maybe(fc.constantFrom(0.5, 1, 2, 5)),
  pausePrice: maybe(fc.integer({ min: 101, max: 115 })),
  restartPrice: maybe(fc.integer({ min: 85, max: 99 })),
  stoplossPrice: maybe(fc.integer({ min: 80, max: 95 })),
  overbuyProtection: maybe(fc.integer({ min: 1, max: 4 })),
});
const minNotional = fc.constantFrom('5', '10', '40');

function config(rows: StrategyRowInput[], p: BotParamsInput, min: string): BacktestConfig {
  return {
    strategy: normaliseStrategy({ strategyName: 'p', noOfGrids: rows.length, tableData: rows }),
    params: botParams(p),
    market: marketRules({ stepSize: '0.001', minNotional: min }),
  };
}

describe('grid core invariants (fast-check)', () => {
  it('never spends more than the investment plus fees, never holds a negative or above-protection amount', () => {
    fc.assert(
      fc.property(table, params, minNotional, path, (rows, p, min, ticks) => {
        const c = config(rows, p, min);
        const bot = createGridBot(c.strategy, c.params, c.market);
        const ceiling = c.params.investment.times(D.sum(1, c.market.feeRate));
        for (const tick of ticks) {
          for (const a of step(bot, tick))
            if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') applyFill(bot, simulateFill(a, c.market));
          expect(bot.heldCost.lte(ceiling)).toBe(true);
          expect(bot.heldQty.isNegative()).toBe(false);
          for (const g of bot.grids) expect(g.qty.isNegative()).toBe(false);
          if (c.params.overbuyProtection !== null)
            expect(bot.holding).toBeLessThanOrEqual(Math.max(c.params.overbuyProtection, 1));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('realized PnL equals the sum over closed grids', () => {
    fc.assert(
      fc.property(table, params, minNotional, path, (rows, p, min, ticks) => {
        const result = runBacktest(ticks, config(rows, p, min));
        const closed = result.trades.filter((t) => t.side === 'sell').reduce((sum, t) => sum.plus(t.pnl), ZERO);
        expect(result.summary.pnl).toBe(closed.toFixed());
      }),
      { numRuns: 200 },
    );
  });

  it('gives identical outputs for identical inputs', () => {
    fc.assert(
      fc.property(table, params, minNotional, path, (rows, p, min, ticks) => {
        expect(JSON.stringify(runBacktest(ticks, config(rows, p, min)))).toBe(
          JSON.stringify(runBacktest(ticks, config(rows, p, min))),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('applies each fill once even when the exchange reports it twice', () => {
    fc.assert(
      fc.property(table, params, minNotional, path, (rows, p, min, ticks) => {
        const c = config(rows, p, min);
        const bot = createGridBot(c.strategy, c.params, c.market);
        let n = 0;
        for (const tick of ticks) {
          for (const a of step(bot, tick)) {
            if (a.kind !== 'buy' && a.kind !== 'sell' && a.kind !== 'sellAll') continue;
            const fill = { ...simulateFill(a, c.market), tradeId: `t${n++}` };
            applyFill(bot, fill);
            expect(applyFill(bot, fill)).toBeNull();
            expect(applyFill(bot, { ...fill, tradeId: undefined })).toBeNull();
          }
        }
        const once = runBacktest(ticks, c);
        expect(bot.realized.toFixed()).toBe(once.summary.pnl);
        expect(bot.trades).toBe(once.summary.trades);
      }),
      { numRuns: 150 },
    );
  });

  it('agrees trade for trade with the decimal-per-tick reference implementation', () => {
    fc.assert(
      fc.property(table, params, minNotional, path, (rows, p, min, ticks) => {
        const c = config(rows, p, min);
        const core = runBacktest(ticks, c);
        const reference = referenceBacktest(ticks, c.strategy, c.params, c.market);
        expect(core.trades).toEqual(reference.trades);
        expect(core.skipped.length).toBe(reference.skipped);
        expect([core.summary.pnl, core.summary.heldQty, core.summary.maxGridsHeld, core.summary.status]).toEqual([
          reference.pnl,
          reference.heldQty,
          reference.maxGridsHeld,
          reference.status,
        ]);
      }),
      { numRuns: 400 },
    );
  });
});
