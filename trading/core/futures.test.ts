import { describe, expect, it } from 'vitest';
import { D } from './exact';
import { addToLong, flatPosition, liquidationPrice, marginBrackets, maxPositionAt, reduceLong } from './futures';
import { applyFill, runBacktest, simulateFill, simulateLiquidation, step } from '../index';
import { restoreBot, snapshotOf } from '../snapshot';
import { describeAction, makeBot, ROWS } from '../testing/helpers';
import type { GridBot } from './types';

// BTCUSDT's first brackets as Binance publishes them (cum_2 = 50,000 x (0.005 - 0.004)).
const BRACKETS = [
  { notionalCap: '50000', maintMarginRatio: '0.004', cum: '0' },
  { notionalCap: '500000', maintMarginRatio: '0.005', cum: '50' },
  { notionalCap: '9223372036854775807', maintMarginRatio: '0.01', cum: '2550' },
];
const core = marginBrackets(BRACKETS);

const futuresBot = (leverage = 5, params = {}) => makeBot(ROWS, params, { futures: { leverage, brackets: BRACKETS } });

/** Drives prices as the backtester does (fills at once) and logs the actions. */
function drive(bot: GridBot, prices: string[]): string[] {
  const log: string[] = [];
  prices.forEach((price, i) => {
    for (const a of step(bot, { ts: i, price })) {
      log.push(describeAction(a));
      if (a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll') applyFill(bot, simulateFill(a, bot.market));
      if (a.kind === 'liquidation') applyFill(bot, simulateLiquidation(a));
    }
  });
  return log;
}

describe('the largest position a leverage allows', () => {
  const rows = (table: [cap: string, leverage: number][]) =>
    table.map(([notionalCap, initialLeverage]) => ({ notionalCap, initialLeverage }));
  const BTC = rows([
    ['50000', 125],
    ['500000', 100],
    ['8000000', 50],
    ['50000000', 20],
    ['80000000', 10],
    ['100000000', 5],
    ['9223372036854775807', 1],
  ]);
  it.each([
    [10, '80000000'],
    [11, '50000000'],
    [20, '50000000'],
    [125, '50000'],
    [5, '100000000'],
    [1, '9223372036854775807'],
  ])('at %ix is the cap of the widest bracket still reaching it: %s', (leverage, max) => {
    expect(maxPositionAt(BTC, leverage)?.toFixed()).toBe(max);
  });
  it("is none past every bracket's leverage", () => {
    expect(maxPositionAt(BTC, 126)).toBeNull();
  });
});

describe('isolated long liquidation price (Binance formula)', () => {
  it('is (Q x EP - WB - cum) / (Q x (1 - MMR)) with the bracket of the entry notional', () => {
    // 1 BTC at 10,000 with 10x: WB = 1,000, bracket 1.
    const p = flatPosition();
    addToLong(p, new D(1), new D(10_000), 10);
    expect(liquidationPrice(core, p).eq(new D(9_000).div('0.996'))).toBe(true);
    // 10 BTC at 10,000 with 5x: notional 100,000 is bracket 2 (MMR 0.5 %, cum 50).
    const q = flatPosition();
    addToLong(q, new D(10), new D(10_000), 5);
    expect(liquidationPrice(core, q).eq(new D(100_000 - 20_000 - 50).div(new D(10).times('0.995')))).toBe(true);
  });

  it('is zero at 1x: the margin covers the whole notional', () => {
    const p = flatPosition();
    addToLong(p, new D(2), new D(100), 1);
    expect(liquidationPrice(core, p).isZero()).toBe(true);
  });

  it('averages the entry on adds and shrinks the margin in proportion on a partial close', () => {
    const p = flatPosition();
    addToLong(p, new D(1), new D(100), 4);
    addToLong(p, new D(3), new D(80), 4);
    expect(p.entryPrice.toFixed()).toBe('85');
    expect(p.margin.toFixed()).toBe('85');
    reduceLong(p, new D(1));
    expect([p.qty.toFixed(), p.entryPrice.toFixed(), p.margin.toFixed()]).toEqual(['3', '85', '63.75']);
    reduceLong(p, new D(3));
    expect(p.qty.isZero() && p.margin.isZero()).toBe(true);
  });
});

describe('a Future bot on the grid core', () => {
  it('buys margin x leverage: grid 1 of 1,000 at 5x is a 2,000 USDT order', () => {
    const bot = futuresBot(5);
    expect(drive(bot, ['100'])).toEqual(['buy 1 @100']);
    expect(bot.heldQty.toFixed()).toBe('20');
    expect([bot.position!.qty.toFixed(), bot.position!.entryPrice.toFixed(), bot.position!.margin.toFixed()]).toEqual([
      '20',
      '100',
      '400',
    ]);
  });

  it('is liquidated at the liquidation price, losing the margin and the fees, and never trades again', () => {
    const bot = futuresBot(5);
    const lp = new D(2000 - 400).div(new D(20).times('0.996')); // 80.3212...
    // Down without a rebound: grid 2 arms but never buys; 80.33 is above the liquidation price.
    expect(drive(bot, ['100', '85', '80.33'])).toEqual(['buy 1 @100']);
    const log = drive(bot, ['80.32', '70', '100', '120']);
    expect(log).toEqual([`liquidation @${lp.toFixed()}`, 'stopped (liquidation)']);
    // Proceeds = entry notional - margin kept by the exchange; pnl = proceeds - cost (2,000 + 2 fee).
    expect(bot.realized.toFixed()).toBe('-402');
    expect(bot.heldQty.isZero() && bot.position!.qty.isZero()).toBe(true);
    expect(bot.status).toBe('stopped');
    expect(bot.statusReason).toBe('liquidation');
  });

  it('books, over a life with a partial take profit and a liquidation, exactly the wallet change the exchange books', () => {
    const bot = futuresBot(5);
    const trades: { side: string; price: string; qty: string; fee: string; liquidation: boolean }[] = [];
    ['100', '98', '98.98', '100', '99.5', '90', '85', '81', '80.32', '80.31', '60'].forEach((price, i) => {
      for (const a of step(bot, { ts: i, price })) {
        const fill =
          a.kind === 'liquidation'
            ? simulateLiquidation(a)
            : a.kind === 'buy' || a.kind === 'sell' || a.kind === 'sellAll'
              ? simulateFill(a, bot.market)
              : null;
        if (fill && applyFill(bot, fill))
          trades.push({
            side: fill.side,
            price: fill.price,
            qty: fill.qty,
            fee: fill.fee,
            liquidation: a.kind === 'liquidation',
          });
      }
    });
    expect(trades.map((t) => (t.liquidation ? 'liquidation' : t.side))).toEqual(['buy', 'buy', 'sell', 'liquidation']);
    // The exchange's books: a sell realises against the average entry, fees come off the wallet,
    // a liquidation takes the position's isolated margin.
    const p = flatPosition();
    let wallet = new D(0);
    for (const t of trades) {
      const qty = new D(t.qty);
      if (t.liquidation) {
        wallet = wallet.minus(p.margin);
        reduceLong(p, qty);
      } else if (t.side === 'buy') addToLong(p, qty, new D(t.price), 5);
      else {
        wallet = wallet.plus(new D(t.price).minus(p.entryPrice).times(qty));
        reduceLong(p, qty);
      }
      wallet = wallet.minus(t.fee);
    }
    expect(bot.realized.minus(wallet).abs().lt('1e-40')).toBe(true);
    expect(bot.statusReason).toBe('liquidation');
  });

  it('resumes from its snapshot with the position, and a liquidation still awaited', () => {
    const bot = futuresBot(3);
    drive(bot, ['100', '98', '98.98']);
    const actions = step(bot, { ts: 9, price: '50' });
    expect(actions.map(describeAction)[0]).toMatch(/^liquidation @/);
    const snap = JSON.parse(JSON.stringify(snapshotOf(bot)));
    const back = restoreBot(bot.strategy, { ...bot.params }, bot.market, snap);
    expect(back.liquidating).toBe(true);
    expect(back.position!.entryPrice.eq(bot.position!.entryPrice) && back.position!.margin.eq(bot.position!.margin)).toBe(true);
    expect(back.levels.liquidation!.d.eq(bot.levels.liquidation!.d)).toBe(true);
    const liquidation = actions.find((a) => a.kind === 'liquidation')!;
    expect(applyFill(back, simulateLiquidation(liquidation as Parameters<typeof simulateLiquidation>[0]))!.pnl).toBe(
      applyFill(bot, simulateLiquidation(liquidation as Parameters<typeof simulateLiquidation>[0]))!.pnl,
    );
    // A liquidation is booked once.
    expect(applyFill(back, simulateLiquidation(liquidation as Parameters<typeof simulateLiquidation>[0]))).toBeNull();
  });

  it('has no liquidation price at 1x and so is never liquidated', () => {
    const bot = futuresBot(1);
    expect(drive(bot, ['100', '10', '1'])).toEqual(['buy 1 @100']);
    expect(bot.levels.liquidation).toBeNull();
  });

  it('backtests with the liquidation as a trade of grid 0', () => {
    const bot = futuresBot(10);
    const result = runBacktest(
      ['100', '95', '91', '90', '89'].map((price, ts) => ({ ts, price })),
      { strategy: bot.strategy, params: bot.params, market: bot.market },
    );
    const last = result.trades.at(-1)!;
    expect([last.side, last.grid, last.fee]).toEqual(['sell', 0, '0']);
    // 10x: margin 400 on a 4,000 notional; the loss is the margin and the buy fee.
    expect(last.pnl).toBe('-404');
    expect(result.summary.status).toBe('stopped');
  });
});
