import { describe, expect, it } from 'vitest';
import type { ExchangeGateway, Ticker } from './gateway';
import { MarketDataHub } from './market-data';
import { MemberCache } from './member-cache';

function fakeGateway(prices: Map<string, string>) {
  const calls = { tickers: 0, futures: 0 };
  const gateway = {
    tickers: async (symbols: string[]): Promise<Ticker[]> => {
      calls.tickers += 1;
      return symbols.flatMap((symbol) => (prices.has(symbol) ? [{ symbol, price: prices.get(symbol)!, changePercent: '1.5' }] : []));
    },
    lastPrices: async (_market: string, symbols?: string[]) => {
      calls.futures += 1;
      return Object.fromEntries((symbols ?? []).map((s) => [s, prices.get(s) ?? '0']));
    },
  } as unknown as ExchangeGateway;
  return { gateway, calls };
}

describe('market-data hub', () => {
  it('fans one feed out to 1,000 subscribers, only on change, and stops delivering after unsubscribe', async () => {
    const prices = new Map([['BTCUSDT', '100'], ['ETHUSDT', '10']]);
    const { gateway, calls } = fakeGateway(prices);
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT', 'ETHUSDT'], pollMs: 60_000 });
    const received: number[] = Array(1000).fill(0);
    const stops = received.map((_, i) => hub.subscribe(() => { received[i]! += 1; }));
    await hub.poll();
    expect(received.every((n) => n === 1)).toBe(true);
    await hub.poll(); // nothing changed: nothing delivered
    expect(received.every((n) => n === 1)).toBe(true);
    prices.set('BTCUSDT', '101');
    stops.slice(500).forEach((stop) => stop());
    await hub.poll();
    expect(received.slice(0, 500).every((n) => n === 2)).toBe(true);
    expect(received.slice(500).every((n) => n === 1)).toBe(true);
    expect(calls.tickers).toBe(3); // one exchange request per poll, whatever the audience
    expect(hub.subscribers).toBe(500);
    hub.close();
  });

  it('serves liveprice from the shared feed and shares concurrent polls', async () => {
    const { gateway, calls } = fakeGateway(new Map([['BTCUSDT', '100'], ['SOLUSDT', '5']]));
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 100 }, () => hub.lastPrice('SOLUSDT')));
    expect(new Set(results)).toEqual(new Set(['5']));
    expect(calls.tickers).toBe(1);
    expect(await hub.lastPrice('BTCUSDT')).toBe('100');
    expect(calls.tickers).toBe(1);
    await Promise.all([hub.futuresPrice('BTCUSDT'), hub.futuresPrice('BTCUSDT')]);
    expect(calls.futures).toBe(1);
    hub.close();
  });
});

describe('member cache', () => {
  it('stretches its TTL with the number of polling members to stay within its weight budget', async () => {
    let t = 0;
    const cache = new MemberCache<string>({ weight: 20, budgetPerMinute: 2400, minTtlMs: 5000 }, () => t);
    let loads = 0;
    const load = async () => `v${++loads}`;
    await cache.get('m1', 'k', load);
    expect(cache.ttlMs()).toBe(5000);
    for (let i = 0; i < 1000; i++) await cache.get(`m${i}`, 'k', load);
    expect(cache.ttlMs()).toBe(500_000); // 1,000 members * 20 weight / 2,400 a minute
    t += 10_000;
    await cache.get('m1', 'k', load);
    expect(loads).toBe(1000);
    cache.invalidate('m1');
    await cache.get('m1', 'k', load);
    expect(loads).toBe(1001);
  });
});
