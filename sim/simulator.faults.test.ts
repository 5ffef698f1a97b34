import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator } from './index';
import { ccxtFor, startTestSimulator } from './testing/simulator';

let sim: RunningSimulator;
let ex: InstanceType<typeof ccxt.binance>;
let apiKey: string;

beforeAll(async () => {
  sim = await startTestSimulator({ weightLimits: { spot: 60, banMs: 2000 } });
  const key = sim.control.createAccount({ balances: { USDT: '10000' } });
  apiKey = key.apiKey;
  ex = ccxtFor(sim, key);
  await ex.loadMarkets();
});
afterAll(() => sim.close());

describe('simulator faults and weights through ccxt', () => {
  it('adds the injected latency', async () => {
    sim.control.setFaults({ latencyMs: 150 });
    const started = Date.now();
    await ex.fetchTicker('BTC/USDT');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    sim.control.clearFaults();
  });

  it('answers 5xx after accepting an order, leaving exactly one order findable by clientOrderId', async () => {
    sim.control.setFaults({ failAfterAccept: 1 });
    await expect(
      ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 50000, { clientOrderId: 'unknown-outcome' }),
    ).rejects.toBeInstanceOf(ccxt.NetworkError);
    const found = await ex.fetchOrder('', 'BTC/USDT', { origClientOrderId: 'unknown-outcome' });
    expect(found.status).toBe('open');
    expect(sim.control.getAccount(apiKey)!.openOrders.filter((o) => o.clientOrderId === 'unknown-outcome')).toHaveLength(1);
  });

  it('hides a fresh order for orderNotFoundMs', async () => {
    sim.control.setFaults({ orderNotFoundMs: 300 });
    const order = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 49000, { clientOrderId: 'lagging' });
    await expect(ex.fetchOrder(order.id!, 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await new Promise((r) => setTimeout(r, 320));
    expect((await ex.fetchOrder(order.id!, 'BTC/USDT')).clientOrderId).toBe('lagging');
    sim.control.clearFaults();
  });

  it('reports used weight, answers 429 past the limit and 418 with Retry-After when the client keeps going', async () => {
    sim.control.resetWeights();
    const res = await fetch(`${sim.url}/api/v3/exchangeInfo`);
    expect(res.headers.get('x-mbx-used-weight-1m')).toBe('20');
    await ex.fetchTicker('BTC/USDT'); // 2
    await ex.publicGetExchangeInfo(); // 20 -> 42
    await expect(ex.publicGetExchangeInfo()).rejects.toBeInstanceOf(ccxt.DDoSProtection); // 62 > 60: 429
    const banned = await fetch(`${sim.url}/api/v3/ping`);
    expect(banned.status).toBe(418);
    expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(ex.fetchTicker('BTC/USDT')).rejects.toBeInstanceOf(ccxt.DDoSProtection);
    sim.control.resetWeights();
  });
});
