import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/backtest';
import { botParams, marketRules, normaliseStrategy } from '../../trading/index';
import { strategyBody } from '../../http/routes/api/strategies/test-bodies';
import { klinePlan, MAX_CANDLES } from './interval';
import { scriptedKlines } from './test-klines';
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

  it('gives the same trades and summary as the CLI over the same candles', async () => {
    const klines = scriptedKlines(120);
    const dir = mkdtempSync(join(tmpdir(), 'griddesk-bt-'));
    const strategyFile = join(dir, 'strategy.json');
    const pricesFile = join(dir, 'prices.csv');
    writeFileSync(strategyFile, JSON.stringify(strategyBody('Saw', 3)));
    writeFileSync(pricesFile, ['timestamp,open,high,low,close', ...klines.map((k) => `${k.time * 1000},${k.open},${k.high},${k.low},${k.close}`)].join('\n'));
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
    for (let i = 1; i < response.equity.length; i++) expect(response.equity[i]!.time).toBeGreaterThan(response.equity[i - 1]!.time);
    expect(response.equity[0]).toEqual({ time: scriptedKlines(1000, 300)[0]!.time, equity: expect.stringMatching(/^\d+(\.\d+)?$/) });
  });
});

describe('equityCurve', () => {
  it('keeps the last point of each second', () => {
    expect(equityCurve([{ ts: 1000, equity: '1' }, { ts: 1500, equity: '2' }, { ts: 2000, equity: '3' }])).toEqual([
      { time: 1, equity: '2' },
      { time: 2, equity: '3' },
    ]);
  });
});
