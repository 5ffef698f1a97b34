import { describe, expect, it } from 'vitest';
import {
  applyFill,
  editOverbuyProtection,
  editPrices,
  editProfitBook,
  figures,
  orderFailed,
  step,
  stop,
  stopAndSell,
} from './index';
import { D } from './core/exact';
import { buyQuantity, feeFor } from './core/orders';
import { drive, makeBot, rows } from './testing/helpers';
import { marketRules } from './core/strategy';

describe('fills and fees', () => {
  it('rounds the quantity down to the step size', () => {
    // 400 / 3 = 133.3333...; step 0.00001 -> 133.33333 (never 133.33334).
    expect(buyQuantity(new D(400), new D(3), new D('0.00001')).toFixed()).toBe('133.33333');
    expect(buyQuantity(new D(400), new D(100), new D('0.001')).toFixed()).toBe('4');
    expect(buyQuantity(new D(10), new D(3), new D('0.5')).toFixed()).toBe('3');
  });

  it('charges 0.1 % of the notional as an exact product', () => {
    expect(feeFor(new D('399.99999'), marketRules()).toFixed()).toBe('0.39999999');
  });

  it('books buy cost = notional + fee and grid pnl = proceeds - cost', () => {
    const bot = makeBot();
    drive(bot, [100, 101, 100.495]);
    // Bought 4 @100: cost 400 + 0.4. Sold 4 @100.495: 401.98 - 0.40198 = 401.57802.
    expect(bot.realized.toFixed()).toBe('1.17802');
    expect(bot.datewise.get('1970-01-01')?.toFixed()).toBe('1.17802');
  });

  it('applies a fill once, even when it arrives twice', () => {
    const bot = makeBot();
    const [buy] = step(bot, { ts: 0, price: '100' });
    expect(buy?.kind).toBe('buy');
    const fill = { side: 'buy' as const, grid: 1, price: '100', qty: '4', fee: '0.4', ts: 0, tradeId: 't1' };
    expect(applyFill(bot, fill)).not.toBeNull();
    expect(applyFill(bot, fill)).toBeNull();
    expect(applyFill(bot, { ...fill, tradeId: undefined })).toBeNull();
    expect(bot.heldQty.toFixed()).toBe('4');
    expect(bot.trades).toBe(1);
  });

  it('decides nothing while an order is out, and a refused order puts the grid back', () => {
    const bot = makeBot();
    expect(step(bot, { ts: 0, price: '100' })).toHaveLength(1);
    expect(step(bot, { ts: 1, price: '100' })).toHaveLength(0);
    expect(orderFailed(bot, 1)).toBe(true);
    expect(step(bot, { ts: 2, price: '100' }).map((a) => a.kind)).toEqual(['buy']);
  });

  it('skips a grid 2 buy under the minimum notional, reports it and resets the tracker', () => {
    const bot2 = makeBot(undefined, { investment: 20 }, { minNotional: '5.9' });
    // Grid 1: 8 USDT buys 0.08 @100. Grid 2: 6 USDT -> 0.06061 @98.98 = 5.9991778: enough for a
    // 5.9 minimum, not for 5.9995 (skipped; the tracker must arm again before the next try).
    expect(drive(bot2, [100, 98, 98.98])).toEqual(['buy 1 @100', 'buy 2 @98.98']);
    const bot3 = makeBot(undefined, { investment: 20 }, { minNotional: '5.9995' });
    expect(drive(bot3, [100, 98, 98.98, 98.99, 98, 98.98])).toEqual(['buy 1 @100', 'skip buy 2', 'skip buy 2']);
    expect(bot3.tracker.armed).toBe(false);
  });
});

describe('commands and edits', () => {
  it('stop keeps the holdings and trades no more', () => {
    const bot = makeBot();
    drive(bot, [100]);
    expect(stop(bot, { ts: 1 }).map((a) => a.kind)).toEqual(['status']);
    expect(drive(bot, [98, 98.98, 120])).toEqual([]);
    expect(bot.heldQty.toFixed()).toBe('4');
    expect(bot.status).toBe('stopped');
  });

  it('stop & sell sells everything at the price, then stops', () => {
    const bot = makeBot();
    drive(bot, [100, 98, 98.98]);
    const actions = stopAndSell(bot, { ts: 5, price: '99' });
    expect(actions.map((a) => a.kind)).toEqual(['sellAll', 'status']);
    expect(actions[0]).toMatchObject({ qty: '7.03091', price: '99' });
  });

  it('pause resets every tracker', () => {
    const bot = makeBot(rows({ 2: { buyPercentageUp: 5 } }), { pausePrice: 105 });
    drive(bot, [100, 98, 97, 101]);
    expect(bot.tracker.armed).toBe(true);
    expect(bot.grids[0]!.phase).toBe('armed');
    drive(bot, [105]);
    expect(bot.tracker.armed).toBe(false);
    expect(bot.grids.every((g) => g.phase === 'empty')).toBe(true);
    expect(bot.status).toBe('paused');
  });

  it('edits recompute the thresholds at once', () => {
    const bot = makeBot();
    drive(bot, [100]);
    editPrices(bot, { stoplossPrice: 99 });
    expect(drive(bot, [99])).toEqual(['sellAll @99', 'stopped (stoploss)']);
    const b2 = makeBot();
    drive(b2, [100]);
    editProfitBook(b2, 0.1);
    expect(drive(b2, [100.35])).toEqual(['sellAll @100.35', 'stopped (profitBook)']);
    const b3 = makeBot();
    drive(b3, [100, 98]);
    editOverbuyProtection(b3, 1);
    expect(b3.tracker.armed).toBe(false);
    expect(drive(b3, [97, 99])).toEqual([]);
    editOverbuyProtection(b3, null);
    expect(drive(b3, [97, 97.97])).toEqual(['buy 2 @97.97']);
  });
});

describe('figures', () => {
  it('reports grids, prices, PnL, roi, APY and datewise profit', () => {
    const bot = makeBot();
    drive(bot, [100, 101, 100.495], 0); // realized 1.17802 on 1970-01-01
    drive(bot, [98, 96, 96.97], 86_400_000 * 3); // grid 1 @98 (4.08163), grid 2 @96.97 (3.09374)
    const f = figures(bot, '98', 86_400_000 * 4);
    expect(f).toMatchObject({ grid_no: 2, total_grid: 3, last_buying_price: '96.97', pnl: '1.17802', trades: 4, status: 'live' });
    expect(f.roi).toBe('0.117802');
    // runtime 4 days: APY = 0.117802 x 365 / 4.
    expect(f.apy).toBe('10.7494325');
    expect(f.datewiseprofit).toEqual({ '1970-01-01': '1.17802' });
    // held: 4.08163 @98 + 3.09374 @96.97, each costing notional x 1.001.
    const cost = new D('4.08163').times(98).times('1.001').plus(new D('3.09374').times('96.97').times('1.001'));
    expect(f.heldQty).toBe('7.17537');
    expect(f.unrealized).toBe(new D('7.17537').times(98).minus(cost).toFixed());
    expect(f.averageBuyPrice).toBe(cost.div('7.17537').toDecimalPlaces(8).toFixed());
  });
});
