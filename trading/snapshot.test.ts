import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFill, botParams, createGridBot, marketRules, normaliseStrategy, orderFailed, simulateFill, step } from './index';
import { restoreBot, snapshotOf } from './snapshot';
import { describeAction, rows } from './testing/helpers';
import type { Action, GridBot, OrderAction } from './core/types';

const strategy = normaliseStrategy({ strategyName: 't', noOfGrids: 3, tableData: rows() });
const market = marketRules({ stepSize: '0.00001' });

function fresh(overbuy: number | null = null): GridBot {
  return createGridBot(strategy, botParams({ investment: 1000, overbuyProtection: overbuy }), market);
}

function reload(bot: GridBot): GridBot {
  // Through JSON, as the database stores it.
  const snap = JSON.parse(JSON.stringify(snapshotOf(bot)));
  return restoreBot(bot.strategy, { ...bot.params }, bot.market, snap);
}

/**
 * Drives prices; fills land one tick later (an order in flight across a tick), and the bot is
 * reloaded from its snapshot wherever `reloadAt` says, including while an order is out.
 */
function run(prices: string[], reloadAt: Set<number>, overbuy: number | null): string[] {
  let bot = fresh(overbuy);
  const log: string[] = [];
  let pending: OrderAction[] = [];
  prices.forEach((price, i) => {
    if (reloadAt.has(i)) bot = reload(bot);
    for (const order of pending) {
      const booked = applyFill(bot, simulateFill(order, bot.market));
      log.push(booked ? `fill ${booked.side} ${booked.grid} ${booked.qty} pnl ${booked.pnl}` : 'fill ignored');
    }
    pending = [];
    if (reloadAt.has(-i)) bot = reload(bot);
    for (const a of step(bot, { ts: i * 1000, price })) {
      log.push(describeAction(a));
      if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') pending.push(a);
    }
  });
  log.push(JSON.stringify(snapshotOf(bot)));
  return log;
}

const path = fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 200 }).map((moves) => {
  let cents = 10_000;
  return moves.map((m) => {
    cents = Math.max(2_000, cents + m);
    return (cents / 100).toFixed(2);
  });
});

describe('bot snapshots', () => {
  it('a bot reloaded from its snapshot at any tick, orders in flight or not, decides exactly as the one that never stopped', () => {
    fc.assert(
      fc.property(
        path,
        fc.array(fc.integer({ min: -200, max: 200 }), { maxLength: 20 }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        (prices, points, overbuy) => {
          expect(run(prices, new Set(points), overbuy)).toEqual(run(prices, new Set(), overbuy));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps a trailing buy and an armed take profit across a reload', () => {
    const bot = fresh();
    const drive = (b: GridBot, price: string): Action[] => {
      const out = [...step(b, { ts: 0, price })];
      for (const a of out)
        if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') applyFill(b, simulateFill(a, b.market));
      return out;
    };
    drive(bot, '100'); // grid 1 at market
    drive(bot, '97.5'); // grid 2 armed (2 % under 100), low 97.5
    const copy = reload(bot);
    expect(copy.tracker).toMatchObject({ target: 2, armed: true });
    expect(drive(copy, '98.48').map(describeAction)).toEqual(drive(bot, '98.48').map(describeAction));
  });

  it('restores an order that failed on the exchange back to where the grid was', () => {
    const bot = fresh();
    const [buy] = step(bot, { ts: 0, price: '100' });
    expect(buy?.kind).toBe('buy');
    const copy = reload(bot);
    expect(copy.inFlight).toBe(1);
    expect(orderFailed(copy, 1)).toBe(true);
    expect(copy.grids[0]!.phase).toBe('empty');
    expect(step(copy, { ts: 1, price: '100' }).map(describeAction)).toEqual(['buy 1 @100']);
  });

  it('refuses a snapshot of another strategy', () => {
    const other = normaliseStrategy({
      strategyName: 'o',
      noOfGrids: 1,
      tableData: [{ gridNo: 1, allottedAmountPercentagePerOrder: 100, takeProfitPercentage: 1, takeProfitPercentageDown: 0.5 }],
    });
    expect(() => restoreBot(other, botParams({ investment: 100 }), market, snapshotOf(fresh()))).toThrow(/does not fit/);
  });
});
