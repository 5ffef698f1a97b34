import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TickerEntry } from '../../common/api/exchange';
import type { ExchangeGateway, Ticker, TickerStream } from './core/gateway';
import { MarketDataHub } from './market-data';
import { MemberCache } from './core/member-cache';
import { testExchange } from './testing/exchange';

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
      return symbols.flatMap((symbol) =>
        prices.has(symbol) ? [{ symbol, price: prices.get(symbol)!, changePercent: '1.5' }] : [],
      );
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
    const { gateway, calls } = fakeGateway(
      new Map([
        ['BTCUSDT', '100'],
        ['SOLUSDT', '5'],
      ]),
    );
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
    const { gateway, calls, futuresStream } = fakeGateway(
      new Map([
        ['BTCUSDT', '100'],
        ['ETHUSDT', '10'],
      ]),
    );
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
    await vi.waitFor(() => expect(hub.feedStats().restPolls).toBe(calls.tickers)); // the one read as it came back
    const pollsWhenBack = calls.tickers;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.tickers).toBe(pollsWhenBack);
    expect(seen.at(-1)).toBe('103');
    expect(hub.feedStats().streamFailures).toBe(1);
    hub.close();
  });

  it('reads every tracked price once when the stream comes back: a pair that moved while it was down and is quiet since is not left behind', async () => {
    // An all-market ticker stream sends a pair only when it changes. A price that moved after the
    // fallback's last poll and before the stream was back would never arrive: an engine would
    // keep acting on the old one until the pair moved again.
    const prices = new Map([
      ['SOLUSDT', '143.00'],
      ['BTCUSDT', '100'],
    ]);
    const { gateway, calls, stream } = fakeGateway(prices);
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 20, reconnectMinMs: 5, reconnectMaxMs: 10 });
    const heard: string[] = [];
    hub.onPrices(
      (rows) => heard.push(...rows.map((r) => `${r.symbol} ${r.price}`)),
      () => ['SOLUSDT'],
    );
    await vi.waitFor(() => expect(hub.knownPrice('SOLUSDT')).toBe('143.00')); // the fallback's poll while nothing streamed
    // SOL moves after that poll, and the stream is up before the next one; SOL is not in its batches.
    prices.set('SOLUSDT', '142.00');
    const polled = calls.tickers;
    stream.push([tick('BTCUSDT', '100.5')]);
    await vi.waitFor(() => expect(hub.knownPrice('SOLUSDT')).toBe('142.00'));
    expect(calls.tickers).toBe(polled + 1);
    expect(heard.at(-1)).toBe('SOLUSDT 142.00');
    // The stream's own price of a pair it delivered stays: the resync does not go back over it.
    expect(hub.knownPrice('BTCUSDT')).toBe('100.5');

    // The same after a reconnect: down, the fallback reads; SOL moves; back up without SOL.
    stream.drop();
    await vi.waitFor(() => expect(hub.feedStats().streamUp).toBe(false));
    await vi.waitFor(() => expect(calls.tickers).toBeGreaterThan(polled + 1));
    prices.set('SOLUSDT', '141.50');
    stream.push([tick('BTCUSDT', '100.6')]);
    await vi.waitFor(() => expect(hub.knownPrice('SOLUSDT')).toBe('141.50'));
    expect(hub.knownPrice('BTCUSDT')).toBe('100.6');
    hub.close();
  });

  it('never publishes a REST answer over a newer price the stream delivered while the request was out', async () => {
    // The engine ticks on every price published: an answer read before the stream's newer price
    // and published after it would make its bots act on a price that is no longer the market's.
    const { gateway, stream } = fakeGateway(new Map());
    let answer: (rows: Ticker[]) => void = () => undefined;
    let asked = 0;
    (gateway as { tickers: ExchangeGateway['tickers'] }).tickers = () => {
      asked += 1;
      return new Promise((resolve) => (answer = resolve));
    };
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 10 });
    const heard: string[] = [];
    hub.onPrices(
      (rows) => heard.push(...rows.map((r) => `${r.symbol} ${r.price}`)),
      () => ['SOLUSDT'],
    );
    await vi.waitFor(() => expect(asked).toBe(1)); // the stream has sent nothing yet: the fallback polls
    stream.push([tick('SOLUSDT', '144.58')]); // the stream is up and delivers the new price
    await vi.waitFor(() => expect(heard).toEqual(['SOLUSDT 144.58']));
    answer([tick('SOLUSDT', '147.27'), tick('BTCUSDT', '100')]); // read before that price came
    await vi.waitFor(() => expect(hub.knownPrice('BTCUSDT')).toBe('100'));
    // The pair the stream has not mentioned since the request went out is still taken from it.
    expect(heard).toEqual(['SOLUSDT 144.58', 'BTCUSDT 100']);
    expect(hub.knownPrice('SOLUSDT')).toBe('144.58');
    hub.close();
  });
});

describe('market-data hub: a cold feed', () => {
  it('answers a pair first asked for while a request without it is out, with a request that names it', async () => {
    const prices = new Map([
      ['BTCUSDT', '100'],
      ['SUIUSDT', '1.2345'],
    ]);
    const { gateway } = fakeGateway(prices);
    const asked: string[][] = [];
    const answers: (() => void)[] = [];
    const tickers = gateway.tickers.bind(gateway);
    (gateway as { tickers: ExchangeGateway['tickers'] }).tickers = (symbols: string[]) => {
      asked.push([...symbols]);
      return new Promise((resolve) => answers.push(() => void tickers(symbols).then(resolve)));
    };
    const hub = new MarketDataHub(gateway, { tickerSymbols: ['BTCUSDT'], pollMs: 60_000 });
    const pinned = hub.lastPrice('BTCUSDT');
    await vi.waitFor(() => expect(asked).toEqual([['BTCUSDT']]));
    const sui = hub.lastPrice('SUIUSDT'); // joins the request under way, which cannot name it
    answers.shift()!();
    expect(await pinned).toBe('100');
    await vi.waitFor(() => expect(asked.at(-1)).toContain('SUIUSDT'));
    answers.shift()!();
    expect(await sui).toBe('1.2345');
    hub.close();
  });
});

describe('market-data hub: several price listeners in one process', () => {
  it("polls every listener's pairs while the stream is down (a bots engine and a cycles engine), and a leaver's no more", async () => {
    const prices = new Map([
      ['SUIUSDT', '1.2'],
      ['INJUSDT', '22'],
      ['ETHUSDT', '3000'],
      ['BTCUSDT', '100'],
    ]);
    const { gateway } = fakeGateway(prices);
    const asked: string[][] = [];
    const tickers = gateway.tickers.bind(gateway);
    (gateway as { tickers: ExchangeGateway['tickers'] }).tickers = (symbols: string[]) => {
      asked.push([...symbols].sort());
      return tickers(symbols);
    };
    const hub = new MarketDataHub(gateway, { tickerSymbols: [], pollMs: 10 });
    const bots = hub.onPrices(
      () => undefined,
      () => ['SUIUSDT'],
    );
    hub.onPrices(
      () => undefined,
      () => ['INJUSDT'],
    );
    const futuresSeen: string[] = [];
    hub.onFuturesPrices(
      (rows) => futuresSeen.push(...rows.map((r) => r.symbol)),
      () => ['ETHUSDT'],
    );
    hub.onFuturesPrices(
      () => undefined,
      () => ['BTCUSDT'],
    );
    await vi.waitFor(() => expect(asked.at(-1)).toEqual(['INJUSDT', 'SUIUSDT']));
    await vi.waitFor(() => expect(new Set(futuresSeen)).toEqual(new Set(['BTCUSDT', 'ETHUSDT'])));
    bots();
    const from = asked.length;
    await vi.waitFor(() => expect(asked.length).toBeGreaterThan(from + 1));
    expect(asked.at(-1)).toEqual(['INJUSDT']);
    hub.close();
  });
});

describe('market-data hub: futures price listeners', () => {
  it('hears the futures stream, ticker/price while it is down, and nothing after unsubscribing', async () => {
    const prices = new Map([['BTCUSDT', '100']]);
    const { gateway, calls, futuresStream } = fakeGateway(prices);
    const hub = new MarketDataHub(gateway, { tickerSymbols: [], pollMs: 10, reconnectMinMs: 5, reconnectMaxMs: 10 });
    // The spot stream never delivers, so the spot fallback polls once a tick: a clock for "some ticks went by".
    hub.onPrices(
      () => undefined,
      () => ['ETHUSDT'],
    );
    const ticksPassed = async (n: number) => {
      const from = calls.tickers;
      await vi.waitFor(() => expect(calls.tickers).toBeGreaterThanOrEqual(from + n));
    };
    const seen: Ticker[][] = [];
    const stop = hub.onFuturesPrices(
      (rows) => seen.push([...rows]),
      () => ['BTCUSDT'],
    );
    // Before the stream says anything: ticker/price, published as ticker rows.
    await vi.waitFor(() => expect(seen[0]).toEqual([{ symbol: 'BTCUSDT', price: '100', changePercent: '0' }]));
    expect(hub.knownFuturesPrice('BTCUSDT')).toBe('100');
    expect(hub.feedStats().futuresRestPolls).toBeGreaterThan(0);
    futuresStream.push([tick('BTCUSDT', '101'), tick('ETHUSDT', '10')]);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([tick('BTCUSDT', '101'), tick('ETHUSDT', '10')]));
    expect(hub.feedStats().futuresStreamUp).toBe(true);
    expect(hub.knownFuturesPrice('ETHUSDT')).toBe('10');
    const pollsWhileUp = calls.futures;
    await ticksPassed(3);
    expect(calls.futures).toBe(pollsWhileUp); // no REST while the stream delivers
    futuresStream.drop();
    prices.set('BTCUSDT', '105');
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([{ symbol: 'BTCUSDT', price: '105', changePercent: '0' }]));
    expect(hub.feedStats().futuresStreamUp).toBe(false);
    expect(hub.knownFuturesPrice('BTCUSDT')).toBe('105');
    stop();
    const heard = seen.length;
    const pollsAfterStop = calls.futures;
    await ticksPassed(3);
    expect(seen.length).toBe(heard);
    expect(calls.futures).toBe(pollsAfterStop); // nothing tracked any more: nothing polled
    expect(calls.streams).toBe(2); // one spot and one futures connection
    hub.close();
  });

  it('keeps the futures stream past the idle minute while a listener exists; idles out after the last one leaves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // only the clock the hub reads; its timers stay real
    try {
      const { gateway, calls, futuresStream } = fakeGateway(new Map([['BTCUSDT', '100']]));
      const hub = new MarketDataHub(gateway, { tickerSymbols: [], pollMs: 10 });
      const stops = [
        hub.onFuturesPrices(
          () => undefined,
          () => ['BTCUSDT'],
        ),
        hub.onFuturesPrices(
          () => undefined,
          () => ['BTCUSDT'],
        ),
      ];
      expect(calls.streams).toBe(1); // futures listeners alone open no spot stream
      vi.setSystemTime(Date.now() + 5 * 60_000);
      // The futures stream is silent (down), so each tick polls ticker/price: ticks are passing.
      const from = calls.futures;
      await vi.waitFor(() => expect(calls.futures).toBeGreaterThanOrEqual(from + 3));
      expect(futuresStream.closed).toBe(0);
      stops[0]!();
      vi.setSystemTime(Date.now() + 5 * 60_000);
      const again = calls.futures;
      await vi.waitFor(() => expect(calls.futures).toBeGreaterThanOrEqual(again + 3));
      expect(futuresStream.closed).toBe(0); // one listener is enough
      stops[1]!();
      expect(futuresStream.closed).toBe(0); // the idle minute starts now
      vi.setSystemTime(Date.now() + 61_000);
      await vi.waitFor(() => expect(futuresStream.closed).toBeGreaterThan(0));
      expect(hub.feedStats().futuresStreamUp).toBe(false);
      expect(hub.knownFuturesPrice('BTCUSDT')).toBeNull(); // stopped, its prices are forgotten
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('market-data hub: futures price listeners against the simulator', () => {
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  beforeAll(async () => {
    exchange = await testExchange();
  });
  afterAll(async () => {
    await exchange?.close();
  });

  /** Resolves with the first batch row `match` accepts, setting the price until then (before the subscription is in place it may be missed). */
  const heard = (hub: MarketDataHub, symbol: string, price: string, match: (row: Ticker) => boolean) =>
    new Promise<Ticker>((resolve) => {
      const setter = setInterval(() => exchange.simulator.control.setPrice(symbol, price), 100);
      const stop = hub.onFuturesPrices(
        (rows) => {
          const row = rows.find((r) => r.symbol === symbol && r.price === price && match(r));
          if (!row) return;
          clearInterval(setter);
          stop();
          resolve(row);
        },
        () => [symbol],
      );
    });

  it('delivers a price set in the simulator from the USD-M stream', async () => {
    const hub = exchange.marketData;
    // A batch heard while the feed is up came from the stream (the REST fallback polls only while it is down).
    const row = await heard(hub, 'ETHUSDT', '3210.5', () => hub.feedStats().futuresStreamUp);
    expect(row.symbol).toBe('ETHUSDT');
    expect(hub.knownFuturesPrice('ETHUSDT')).toBe('3210.5');
  });

  it('falls back to ticker/price while the USD-M stream is down', async () => {
    const down = new FakeStream();
    down.drop();
    const real = exchange.gateway;
    // The simulator's fault drops every stream at once; this gateway's futures stream alone never delivers.
    const gateway = {
      lastPrices: real.lastPrices.bind(real),
      tickers: real.tickers.bind(real),
      tickerStream: (market: 'spot' | 'futures') => (market === 'futures' ? down : real.tickerStream(market)),
    } as unknown as ExchangeGateway;
    const hub = new MarketDataHub(gateway, { tickerSymbols: [], pollMs: 20, reconnectMinMs: 5, reconnectMaxMs: 10 });
    try {
      const row = await heard(hub, 'SOLUSDT', '151.25', () => true);
      expect(row).toEqual({ symbol: 'SOLUSDT', price: '151.25', changePercent: '0' });
      expect(hub.feedStats()).toMatchObject({ futuresStreamUp: false });
      expect(hub.feedStats().futuresRestPolls).toBeGreaterThan(0);
      expect(hub.knownFuturesPrice('SOLUSDT')).toBe('151.25');
    } finally {
      hub.close();
    }
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
