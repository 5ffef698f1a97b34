import { describe, expect, it, vi } from 'vitest';
import type { TickerEntry } from '../../common/api/exchange';
import type { ExchangeGateway, Ticker, TickerStream } from './gateway';
import { MarketDataHub } from './market-data';
import { MemberCache } from './member-cache';

/** A ticker stream the test drives: push a batch, or drop the connection. */
class FakeStream implements TickerStream {
  private waiting: { resolve: (rows: Ticker[]) => void; reject: (error: Error) => void } | null = null;
  private readonly queued: (Ticker[] | Error)[] = [];
  closed = 0;

  next(): Promise<Ticker[]> {
    const item = this.queued.shift();
    if (item instanceof Error) return Promise.reject(item);
    if (item) return Promise.resolve(item);
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  private deliver(item: Ticker[] | Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) this.queued.push(item);
    else if (item instanceof Error) waiting.reject(item);
    else waiting.resolve(item);
  }

  push(rows: Ticker[]): void {
    this.deliver(rows);
  }

  drop(): void {
    this.deliver(new Error('connection closed by remote server'));
  }

  async close(): Promise<void> {
    this.closed += 1;
    this.drop();
  }
}

function fakeGateway(prices: Map<string, string>) {
  const calls = { tickers: 0, futures: 0, streams: 0 };
  const stream = new FakeStream();
  const futuresStream = new FakeStream();
  const gateway = {
    tickers: async (symbols: string[]): Promise<Ticker[]> => {
      calls.tickers += 1;
      return symbols.flatMap((symbol) => (prices.has(symbol) ? [{ symbol, price: prices.get(symbol)!, changePercent: '1.5' }] : []));
    },
    lastPrices: async (_market: string, symbols?: string[]) => {
      calls.futures += 1;
      return Object.fromEntries((symbols ?? []).map((s) => [s, prices.get(s) ?? '0']));
    },
    tickerStream: (market: string) => {
      calls.streams += 1;
      return market === 'futures' ? futuresStream : stream;
    },
  } as unknown as ExchangeGateway;
  return { gateway, calls, stream, futuresStream };
}

const tick = (symbol: string, price: string): Ticker => ({ symbol, price, changePercent: '0.5' });

describe('market-data hub', () => {
  it('fans the stream out to 1,000 subscribers, only when a pinned pair changes, and stops delivering after unsubscribe', async () => {
    const { gateway, calls, stream } = fakeGateway(new Map());
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT', 'ETHUSDT'], pollMs: 60_000 });
    const received: TickerEntry[][][] = Array.from({ length: 1000 }, () => []);
    const stops = received.map((list) => hub.subscribe((tickers) => list.push(tickers)));
    stream.push([tick('BTCUSDT', '100'), tick('ETHUSDT', '10')]);
    await vi.waitFor(() => expect(received.every((l) => l.length === 1)).toBe(true));
    expect(received[0]![0]!.map((t) => t.price)).toEqual(['100', '10']);
    stream.push([tick('BTCUSDT', '100'), tick('SOLUSDT', '5')]); // nothing pinned changed: nothing delivered
    stops.slice(500).forEach((stop) => stop());
    stream.push([tick('BTCUSDT', '101')]);
    await vi.waitFor(() => expect(received[0]!.length).toBe(2));
    expect(received.slice(0, 500).every((l) => l.length === 2 && l[1]![0]!.price === '101')).toBe(true);
    expect(received.slice(500).every((l) => l.length === 1)).toBe(true);
    expect(hub.subscribers).toBe(500);
    expect(calls).toMatchObject({ streams: 1, tickers: 0 }); // one connection, no REST while it delivers
    expect(await hub.lastPrice('SOLUSDT')).toBe('5'); // every pair comes with the stream
    expect(calls.tickers).toBe(0);
    hub.close();
    expect(stream.closed).toBe(1);
  });

  it('answers a pair the stream has not mentioned with one shared REST request, and caches futures prices', async () => {
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

  it('serves futures prices from the futures stream once it is up, REST before and for pairs it has not mentioned', async () => {
    const { gateway, calls, futuresStream } = fakeGateway(new Map([['BTCUSDT', '100'], ['ETHUSDT', '10']]));
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 60_000, futuresPriceTtlMs: 0 });
    expect(await hub.futuresPrice('BTCUSDT')).toBe('100'); // REST: the stream has said nothing yet
    expect(calls.futures).toBe(1);
    futuresStream.push([tick('BTCUSDT', '99.5')]);
    await vi.waitFor(() => expect(hub.feedStats().futuresStreamUp).toBe(true));
    expect(await hub.futuresPrice('BTCUSDT')).toBe('99.5');
    expect(calls.futures).toBe(1);
    expect(await hub.futuresPrice('ETHUSDT')).toBe('10');
    expect(calls.futures).toBe(2);
    hub.close();
    expect(futuresStream.closed).toBe(1);
  });

  it('values assets from the feed while it is up, asking REST only for pairs it has not mentioned', async () => {
    const { gateway, calls, stream } = fakeGateway(new Map([['XRPUSDT', '0.5']]));
    let allPrices = 0;
    (gateway as { lastPrices: unknown }).lastPrices = async () => {
      allPrices += 1;
      return { BTCUSDT: '99', XRPUSDT: '0.5' };
    };
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 60_000 });
    expect(await hub.spotPrices(['BTCUSDT'])).toEqual({ BTCUSDT: '99' }); // the stream is not up yet: REST
    stream.push([tick('BTCUSDT', '100')]);
    await vi.waitFor(() => expect(hub.feedStats().streamUp).toBe(true));
    expect(await hub.spotPrices(['BTCUSDT'])).toEqual({ BTCUSDT: '100' });
    expect(allPrices).toBe(1);
    expect(await hub.spotPrices(['BTCUSDT', 'XRPUSDT'])).toEqual({ BTCUSDT: '100', XRPUSDT: '0.5' });
    expect(calls.tickers).toBe(0);
    hub.close();
  });

  it('polls REST while the stream is down and stops as soon as it delivers again', async () => {
    const prices = new Map([['BTCUSDT', '100']]);
    const { gateway, calls, stream } = fakeGateway(prices);
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 20, reconnectMinMs: 5, reconnectMaxMs: 10 });
    const seen: string[] = [];
    hub.subscribe((tickers) => seen.push(tickers[0]!.price));
    stream.push([tick('BTCUSDT', '100')]);
    await vi.waitFor(() => expect(hub.feedStats().streamUp).toBe(true));
    stream.drop();
    await vi.waitFor(() => expect(hub.feedStats().streamUp).toBe(false));
    prices.set('BTCUSDT', '102');
    await vi.waitFor(() => expect(seen.at(-1)).toBe('102')); // the REST fallback kept the price moving
    stream.push([tick('BTCUSDT', '103')]);
    await vi.waitFor(() => expect(hub.feedStats().streamUp).toBe(true));
    const pollsWhenBack = calls.tickers;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.tickers).toBe(pollsWhenBack);
    expect(seen.at(-1)).toBe('103');
    expect(hub.feedStats().streamFailures).toBe(1);
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
