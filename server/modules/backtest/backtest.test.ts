import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/backtest';
import { botParams, marketRules, normaliseStrategy } from '../../../trading/index';
import { strategyBody } from '../../../common/testing/strategy-bodies';
import { klinePlan, MAX_CANDLES } from './interval';
import { scriptedKlines } from './testing/klines';
import { equityCurve, toResponse, walkKlines } from './walk';

describe('klinePlan', () => {
  it.each([
    [1, '5m', 288],
    [3, '5m', 864],
    [4, '15m', 384],
    [10, '15m', 960],
    [11, '30m', 528],
    [30, '1h', 720],
    [41, '1h', 984],
    [42, '4h', 252],
    [166, '4h', 996],
    [167, '1d', 167],
    [365, '1d', 365],
  ])('covers %i days with the finest interval in at most 1000 candles', (days, interval, limit) => {
    expect(klinePlan(days)).toEqual({ interval, limit });
    expect(limit).toBeLessThanOrEqual(MAX_CANDLES);
  });
});

describe('walkKlines', () => {
  const config = () => ({
    strategy: normaliseStrategy(strategyBody('Saw', 3)),
    market: marketRules(),
    params: botParams({ investment: '1000' }),
  });

  it('buys, arms, trails and takes profit on a hand-computed path of three candles', () => {
    // Two grids of 50 % (500 USDT each of 1000): grid 2 arms 20 % under grid 1's buy and buys
    // 25 % up from its low; both take profit once 10 % up, selling 5 % under their high.
    // Default market: step 0.00001, fee 0.1 % of the notional.
    const tp = { takeProfitPercentage: '10', takeProfitPercentageDown: '5' };
    const strategy = normaliseStrategy({
      strategyName: 'Hand',
      noOfGrids: 2,
      tableData: [
        { gridNo: 1, allottedAmountPercentagePerOrder: '50', buyPercentage: null, buyPercentageUp: null, ...tp },
        { gridNo: 2, allottedAmountPercentagePerOrder: '50', buyPercentage: '20', buyPercentageUp: '25', ...tp },
      ],
    });
    const hour = 3_600;
    const candle = (time: number, open: string, high: string, low: string, close: string) => ({
      time,
      open,
      high,
      low,
      close,
      volume: '1',
    });
    const klines = [
      candle(hour, '125', '125', '125', '125'), // ticks 125 x4
      candle(2 * hour, '125', '125', '80', '100'), // falling: open, high, low, close = 125, 125, 80, 100
      candle(3 * hour, '100', '140', '100', '133'), // rising: open, low, high, close = 100, 100, 140, 133
    ];
    const result = walkKlines(klines, { strategy, market: marketRules(), params: botParams({ investment: '1000' }) });
    // 125: nothing held, grid 1 buys 500 / 125 = 4 at 125: notional 500, fee 0.5, cost 500.5.
    // 80: <= 125 x 0.8 = 100 arms grid 2, low 80. 100: >= 80 x 1.25 = 100 buys 500 / 100 = 5, fee 0.5, cost 500.5.
    // 140: >= 125 x 1.1 = 137.5 arms grid 1 and >= 100 x 1.1 = 110 arms grid 2, both high 140.
    // 133: <= 140 x 0.95 = 133 sells both: grid 1 4 x 133 = 532, fee 0.532, pnl 532 - 0.532 - 500.5 = 30.968;
    //      grid 2 5 x 133 = 665, fee 0.665, pnl 665 - 0.665 - 500.5 = 163.835.
    const ts = (time: number) => time * 1000;
    expect(result.trades).toEqual([
      { ts: ts(hour), side: 'buy', grid: 1, price: '125', qty: '4', quote: '500', fee: '0.5', pnl: '0' },
      { ts: ts(2 * hour), side: 'buy', grid: 2, price: '100', qty: '5', quote: '500', fee: '0.5', pnl: '0' },
      { ts: ts(3 * hour), side: 'sell', grid: 1, price: '133', qty: '4', quote: '532', fee: '0.532', pnl: '30.968' },
      { ts: ts(3 * hour), side: 'sell', grid: 2, price: '133', qty: '5', quote: '665', fee: '0.665', pnl: '163.835' },
    ]);
    // Realized 30.968 + 163.835 = 194.803; roi 194.803 / 1000 x 100 = 19.4803; a run of 2 hours counts
    // as one day: apy 19.4803 x 365 = 7110.3095.
    expect(result.summary).toEqual({
      pnl: '194.803',
      roi: '19.4803',
      apy: '7110.3095',
      trades: 4,
      maxGridsHeld: 2,
      heldQty: '0',
      unrealized: '0',
      status: 'live',
    });
    // Equity = 1000 + realized + held x price - held cost: 999.5 after the first buy (4 x 125 - 500.5),
    // the peak, then 1000 + 4 x 80 - 500.5 = 819.5 at 80, the trough: 180 down, 180 / 999.5 = 18.009 %.
    expect([result.maxDrawdown, result.maxDrawdownPercent]).toEqual(['180', '18.009']);
  });

  it('walks candles exactly as the CLI walks a price file', async () => {
    const klines = scriptedKlines(120);
    const dir = mkdtempSync(join(tmpdir(), 'griddesk-bt-'));
    const strategyFile = join(dir, 'strategy.json');
    const pricesFile = join(dir, 'prices.csv');
    writeFileSync(strategyFile, JSON.stringify(strategyBody('Saw', 3)));
    writeFileSync(
      pricesFile,
      ['timestamp,open,high,low,close', ...klines.map((k) => `${k.time * 1000},${k.open},${k.high},${k.low},${k.close}`)].join(
        '\n',
      ),
    );
    let out = '';
    const code = await main(['--strategy', strategyFile, '--prices', pricesFile, '--amount', '1000', '--json'], {
      out: (t) => (out += t),
      err: () => undefined,
    });
    expect(code).toBe(0);
    const cli = JSON.parse(out) as { trades: unknown[]; summary: unknown };
    const endpoint = walkKlines(klines, config());
    expect(cli.trades.length).toBeGreaterThan(4);
    expect(endpoint.trades).toEqual(cli.trades);
    expect(endpoint.summary).toEqual(cli.summary);
  });

  it('answers decimal strings, a drawdown and an equity curve with strictly increasing times', () => {
    const response = toResponse(walkKlines(scriptedKlines(1000, 300), config()), { interval: '5m', candles: 1000 });
    expect(response.summary.maxDrawdown).toMatch(/^\d+(\.\d+)?$/);
    expect(Number(response.summary.maxDrawdown)).toBeGreaterThan(0);
    expect(response.equity.length).toBeGreaterThan(100);
    expect(response.equity.length).toBeLessThanOrEqual(500);
    for (let i = 1; i < response.equity.length; i++)
      expect(response.equity[i]!.time).toBeGreaterThan(response.equity[i - 1]!.time);
    expect(response.equity[0]).toEqual({
      time: scriptedKlines(1000, 300)[0]!.time,
      equity: expect.stringMatching(/^\d+(\.\d+)?$/),
    });
  });
});

describe('equityCurve', () => {
  it('keeps the last point of each second', () => {
    expect(
      equityCurve([
        { ts: 1000, equity: '1' },
        { ts: 1500, equity: '2' },
        { ts: 2000, equity: '3' },
      ]),
    ).toEqual([
      { time: 1, equity: '2' },
      { time: 2, equity: '3' },
    ]);
  });
});
