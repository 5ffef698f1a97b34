import { describe, expect, it } from 'vitest';
import { drive, makeBot, rows } from './testing/helpers';
import type { BotParamsInput, StrategyRowInput } from './index';

interface Case {
  name: string;
  prices: (string | number)[];
  expected: string[];
  params?: Partial<BotParamsInput>;
  table?: StrategyRowInput[];
}

// Default strategy (testing/helpers): grid 1 buys at market; grid 2 arms at buy1 x 0.98 and buys
// at low x 1.01; every take profit arms at buy x 1.01 and exits at high x 0.995. A = 1000.
const cases: Case[] = [
  { name: 'buys grid 1 at market on the first tick', prices: [100], expected: ['buy 1 @100'] },
  {
    name: 'arms the trailing buy at equality (98 = 100 x 0.98) and buys at rebound equality (98.98 = 98 x 1.01)',
    prices: [100, 98, 98.98],
    expected: ['buy 1 @100', 'buy 2 @98.98'],
  },
  { name: 'does not arm the buy a tick above the trigger', prices: [100, 98.01, 99, 98.5], expected: ['buy 1 @100'] },
  {
    name: 'trails the low down and buys only at low x 1.01',
    prices: [100, 98, 97, 97.96, 97.97],
    expected: ['buy 1 @100', 'buy 2 @97.97'],
  },
  {
    name: 'buys on the arming tick when buy up is 0 (p >= p)',
    prices: [100, 98],
    expected: ['buy 1 @100', 'buy 2 @98'],
    table: rows({ 2: { buyPercentageUp: 0 } }),
  },
  {
    name: 'arms the take profit at equality (101) and exits at equality (101 x 0.995 = 100.495)',
    prices: [100, 101, 100.496, 100.495],
    expected: ['buy 1 @100', 'sell 1 @100.495'],
  },
  { name: 'does not arm the take profit just under buy x 1.01', prices: [100, 100.99, 99], expected: ['buy 1 @100'] },
  {
    name: 'trails the high and exits at high x 0.995',
    prices: [100, 101, 102, 101.5, 101.49],
    expected: ['buy 1 @100', 'sell 1 @101.49'],
  },
  {
    name: 'sells on the arming tick when take profit down is 0',
    prices: [100, 101],
    expected: ['buy 1 @100', 'sell 1 @101'],
    table: rows({ 1: { takeProfitPercentageDown: 0 } }),
  },
  {
    name: 'does not buy on a tick on which something was sold (grid 1 rebuys a tick later)',
    prices: [100, 101, 101],
    expected: ['buy 1 @100', 'sell 1 @101', 'buy 1 @101'],
    table: rows({ 1: { takeProfitPercentageDown: 0 } }),
  },
  {
    name: 'buys at most one grid a tick, even through a crash and a rebound',
    prices: [100, 98, 50, 60, 58, 70],
    expected: ['buy 1 @100', 'buy 2 @60', 'buy 3 @70'],
  },
  {
    name: 'targets the grid after the deepest contiguous holding',
    prices: [100, 98, 97, 97.97, 96, 97],
    expected: ['buy 1 @100', 'buy 2 @97.97', 'buy 3 @97'],
  },
  {
    // Grid 3 armed at low 96 (rebound 100.8); grid 2 then sells, the target becomes grid 2 with
    // a fresh tracker (arms at 98), so 100.8 buys nothing.
    name: 'a change of target resets its tracker',
    prices: [100, 98, 97, 97.97, 96, 99, 98.5, 100.8],
    expected: ['buy 1 @100', 'buy 2 @97.97', 'sell 2 @98.5'],
    table: rows({ 3: { buyPercentageUp: 5 } }),
  },
  {
    name: 'overbuy protection k = 1 arms and buys nothing while one grid is held',
    prices: [100, 98, 97, 99, 98.98],
    expected: ['buy 1 @100'],
    params: { overbuyProtection: 1 },
  },
  {
    name: 'overbuy protection k = 2 stops after two grids',
    prices: [100, 98, 98.98, 96, 90, 99],
    expected: ['buy 1 @100', 'buy 2 @98.98'],
    params: { overbuyProtection: 2 },
  },
  {
    name: 'stoploss at equality sells all and stops for good',
    prices: [100, 98, 98.98, 95, 100, 90],
    expected: ['buy 1 @100', 'buy 2 @98.98', 'sellAll @95', 'stopped (stoploss)'],
    params: { stoplossPrice: 95 },
  },
  {
    name: 'stoploss with nothing held only stops',
    prices: [95, 100],
    expected: ['stopped (stoploss)'],
    params: { stoplossPrice: 95 },
  },
  {
    name: 'stoploss is evaluated before pause',
    prices: [100],
    expected: ['stopped (stoploss)'],
    params: { stoplossPrice: 100, pausePrice: 100 },
  },
  {
    name: 'pause at equality sells all and waits without a restart price',
    prices: [100, 100.5, 90, 100],
    expected: ['buy 1 @100', 'sellAll @100.5', 'paused (pause)'],
    params: { pausePrice: 100.5 },
  },
  {
    name: 'pause is evaluated before take profit',
    prices: [100, 101],
    expected: ['buy 1 @100', 'sellAll @101', 'paused (pause)'],
    params: { pausePrice: 101 },
    table: rows({ 1: { takeProfitPercentageDown: 0 } }),
  },
  {
    name: 'restart at equality goes live and buys grid 1 on the same tick',
    prices: [100, 101, 100, 99, 98],
    expected: ['buy 1 @100', 'sellAll @101', 'paused (pause)', 'live (restart)', 'buy 1 @99'],
    params: { pausePrice: 101, restartPrice: 99 },
  },
  {
    name: 'a restart continues with rule 2 on the same tick (stoploss)',
    prices: [100, 101, 99],
    expected: ['buy 1 @100', 'sellAll @101', 'paused (pause)', 'live (restart)', 'stopped (stoploss)'],
    params: { pausePrice: 101, restartPrice: 99, stoplossPrice: 99 },
  },
  // 4 BTC bought for 400.4: realized + 4p - 400.4 >= 1 (0.1 % of 1000) exactly at p = 100.35.
  {
    name: 'profit book at equality sells all and stops',
    prices: [100, 100.34, 100.35, 90],
    expected: ['buy 1 @100', 'sellAll @100.35', 'stopped (profitBook)'],
    params: { profitBook: 0.1 },
  },
  {
    name: 'profit book is evaluated before take profit',
    prices: [100, 101],
    expected: ['buy 1 @100', 'sellAll @101', 'stopped (profitBook)'],
    params: { profitBook: 0.1 },
    table: rows({ 1: { takeProfitPercentageDown: 0 } }),
  },
  // Sell 1 @101 books 403.596 - 400.4 = 3.196; grid 1 rebuys 3.96039 @101 for 400.39938939;
  // realized + unrealized reaches 4 (0.4 %) between 101.3 (3.98411761) and 101.31 (4.02372151).
  {
    name: 'profit book counts realized plus unrealized PnL',
    prices: [100, 101, 101, 101.3, 101.31],
    expected: ['buy 1 @100', 'sell 1 @101', 'buy 1 @101', 'sellAll @101.31', 'stopped (profitBook)'],
    params: { profitBook: 0.4 },
    table: rows({ 1: { takeProfitPercentageDown: 0 } }),
  },
  {
    name: 'an order under the minimum notional is skipped and reported once',
    prices: [100, 100, 101],
    expected: ['skip buy 1'],
    params: { investment: 10 },
  },
];

describe('Advanced Multigrid rules (ARCHITECTURE section 5)', () => {
  it.each(cases)('$name', ({ prices, expected, params, table }) => {
    expect(drive(makeBot(table, params), prices)).toEqual(expected);
  });
});
