import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacktestResponse } from '../../../common/api/backtest';
import type { Kline, KlineInterval } from '../../../common/api/exchange';
import { SERVER, VALIDATION } from '../../../common/messages';
import { BACKTEST_MESSAGES } from '../../../common/schemas/backtest';
import type { ExchangeInternals } from '../../exchange/exchange-factory';
import type { MarketInfo } from '../../exchange/core/gateway';
import { scriptedKlines } from '../../modules/backtest/testing/klines';
import { walkKlines } from '../../modules/backtest/walk';
import { oneDatabaseTarget } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import { botParams, marketRules, normaliseStrategy } from '../../../trading/index';
import { strategyBody } from '../../../common/testing/strategy-bodies';

// One database (testing/databases.ts' rule): a computed answer over the exchange's klines (the database only holds the strategy), and refusals.
const targets = await oneDatabaseTarget();

const BTC: MarketInfo = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  stepSize: '0.00001',
  minQty: '0.00001',
  minNotional: '5',
};

/** Only what POST /api/backtest uses: the spot markets and the klines, with their calls recorded. */
function fakeExchange() {
  const calls: { symbol: string; interval: KlineInterval; limit: number }[] = [];
  const services = {
    gateway: { markets: () => Promise.resolve([BTC]) },
    marketData: {
      klines: (symbol: string, interval: KlineInterval, limit: number): Promise<Kline[]> => {
        calls.push({ symbol, interval, limit });
        return Promise.resolve(scriptedKlines(limit));
      },
    },
    close: () => Promise.resolve(),
  } as unknown as ExchangeInternals;
  return { services, calls };
}

describe.each(targets)('POST /api/backtest on $name', (target) => {
  let server: TestServer;
  let bare: TestServer;
  let alice: Registered;
  let bob: Registered;
  const exchange = fakeExchange();
  beforeAll(async () => {
    server = await createTestServer(target, {}, { exchange: exchange.services });
    bare = await createTestServer(target);
    alice = await register(server, { username: 'Alice' });
    bob = await register(server, { username: 'Bob' });
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
  });

  const backtest = (who: Registered | null, payload: object, on = () => server) =>
    on().app.inject({ method: 'POST', url: '/api/backtest', payload, ...(who ? { headers: bearer(who.token) } : {}) });
  const base = { pair: 'BTCUSDT', amount: '1000', days: 30 };
  const table = strategyBody('Saw', 3);

  it('runs the table sent over the finest klines that cover the days, like the core does', async () => {
    const res = await backtest(alice, { ...base, strategy: { ...table, strategyName: '' } });
    expect(res.statusCode).toBe(200);
    const body = res.json<BacktestResponse>();
    expect(exchange.calls.at(-1)).toEqual({ symbol: 'BTCUSDT', interval: '1h', limit: 720 });
    expect([body.interval, body.candles]).toEqual(['1h', 720]);
    const expected = walkKlines(scriptedKlines(720), {
      strategy: normaliseStrategy(table),
      market: marketRules(BTC),
      params: botParams({ investment: '1000' }),
    });
    expect(body.trades).toEqual(expected.trades);
    expect(body.trades[0]).toMatchObject({ side: 'buy', grid: 1, price: '100' });
    expect(body.summary).toEqual({
      ...expected.summary,
      maxDrawdown: expected.maxDrawdown,
      maxDrawdownPercent: expected.maxDrawdownPercent,
    });
    expect(body.summary.trades).toBeGreaterThan(4);
    expect(body.equity.length).toBeGreaterThan(10);
    expect(body.equity.length).toBeLessThanOrEqual(500);
  });

  it('runs a system strategy by name, with the bot settings applied', async () => {
    const res = await backtest(bob, { ...base, days: 2, strategy_name: 'System 5 Grids - Wide', stoplossPrice: '95.5' });
    expect(res.statusCode).toBe(200);
    const body = res.json<BacktestResponse>();
    expect([body.interval, body.candles]).toEqual(['5m', 576]);
    expect(body.summary.status).toBe('stopped');
    expect(body.trades.at(-1)).toMatchObject({ side: 'sell', grid: 0 });
  });

  it("runs the member's own saved strategy, and 404s another member's", async () => {
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/strategy',
          payload: strategyBody('Mine', 4),
          headers: bearer(alice.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await backtest(alice, { ...base, strategy_name: 'Mine' })).statusCode).toBe(200);
    const res = await backtest(bob, { ...base, strategy_name: 'Mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SERVER.strategyNotFound, reason: 'strategy.not_found' });
  });

  it.each([
    ['neither strategy', { ...base }, BACKTEST_MESSAGES.oneStrategy],
    ['both strategies', { ...base, strategy: table, strategy_name: 'Mine' }, BACKTEST_MESSAGES.oneStrategy],
    ['no pair', { ...base, pair: undefined, strategy: table }, BACKTEST_MESSAGES.pair],
    ['a bad pair', { ...base, pair: 'BTC/USDT', strategy: table }, BACKTEST_MESSAGES.pair],
    ['amount 0', { ...base, amount: '0', strategy: table }, BACKTEST_MESSAGES.amount],
    ['a float-looking amount', { ...base, amount: '1e3', strategy: table }, BACKTEST_MESSAGES.amount],
    ['days 0', { ...base, days: 0, strategy: table }, BACKTEST_MESSAGES.days],
    ['days 366', { ...base, days: 366, strategy: table }, BACKTEST_MESSAGES.days],
    ['days 1.5', { ...base, days: 1.5, strategy: table }, BACKTEST_MESSAGES.days],
    ['a negative pause price', { ...base, pausePrice: '-1', strategy: table }, BACKTEST_MESSAGES.positive('Pause price')],
    ['protection 0', { ...base, overbuyProtection: 0, strategy: table }, BACKTEST_MESSAGES.protection],
    [
      'allotted total 90',
      {
        ...base,
        strategy: {
          ...table,
          tableData: table.tableData.map((r, i) => (i === 0 ? { ...r, allottedAmountPercentagePerOrder: '23.33' } : r)),
        },
      },
      VALIDATION.allottedTotal('90'),
    ],
  ])('refuses %s with a clear 400', async (_what, payload, message) => {
    const res = await backtest(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it('refuses a pair the exchange does not list', async () => {
    const res = await backtest(alice, { ...base, pair: 'NOPEUSDT', strategy: table });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'NOPEUSDT is not a tradable pair.', reason: 'market.unknown_pair' });
  });

  it('needs a signed-in member (401)', async () => {
    expect((await backtest(null, { ...base, strategy: table })).statusCode).toBe(401);
  });

  it('answers 400 with a clear message when the server has no exchange', async () => {
    const member = await register(bare, { username: 'Carol' });
    const res = await backtest(member, { ...base, strategy: table }, () => bare);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The exchange is not available on this server.', reason: 'exchange.not_configured' });
  });
});
