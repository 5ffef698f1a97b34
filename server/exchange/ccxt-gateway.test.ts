import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CcxtGateway } from './ccxt-gateway';
import type { Ticker } from './core/gateway';
import type { RunningSimulator } from '../../sim/index';
import { startTestSimulator } from '../../sim/testing/simulator';
import { WeightGovernor } from './core/weight-governor';

/**
 * A TCP relay to the simulator that notes the path of every WebSocket upgrade passing through
 * (a request line followed by an Upgrade: websocket header, in any chunk a client sends).
 */
async function recordingProxy(port: number): Promise<{ url: string; upgrades: string[]; close(): Promise<void> }> {
  const upgrades: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port });
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      const head = /^GET (\S+) HTTP\/1\.1\r\n(?:[^\r\n]*\r\n)*?upgrade: websocket\r\n/im.exec(chunk.toString('latin1'));
      if (head) upgrades.push(head[1]!);
    });
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('ccxt gateway against the simulator', () => {
  let sim: RunningSimulator;
  let gateway: CcxtGateway;
  beforeAll(async () => {
    sim = await startTestSimulator();
    gateway = new CcxtGateway({
      simUrl: sim.url,
      governor: new WeightGovernor(),
      retry: { baseMs: 10, maxMs: 50 },
      member: { lookupDelayMs: 50, lookupAttempts: 20 },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await sim?.close();
  });

  it('reads markets with their filters, prices and tickers', async () => {
    const btc = (await gateway.markets('spot')).find((m) => m.symbol === 'BTCUSDT');
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      tickSize: '0.01',
      stepSize: '0.00001',
      minQty: '0.00001',
      minNotional: '5',
    });
    sim.control.setPrice('BTCUSDT', '70000.5');
    expect(await gateway.lastPrices('spot', ['BTCUSDT'])).toEqual({ BTCUSDT: '70000.5' });
    const tickers = await gateway.tickers(['BTCUSDT', 'ETHUSDT']);
    expect(tickers.map((t) => t.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('streams every changed pair over one WebSocket with its 24 h change, and delivers again after a drop', async () => {
    const stream = gateway.tickerStream('spot');
    // The simulator pushes !miniTicker@arr once a second with the pairs that changed; setting the
    // price until it shows up covers the moment before the subscription is in place.
    const seen = async (symbol: string, price: string): Promise<Ticker> => {
      const setter = setInterval(() => sim.control.setPrice(symbol, price), 100);
      try {
        for (;;) {
          const hit = (await stream.next()).find((t) => t.symbol === symbol && t.price === price);
          if (hit) return hit;
        }
      } finally {
        clearInterval(setter);
      }
    };
    try {
      const first = await seen('SOLUSDT', '150.25');
      const rest = (await gateway.tickers(['SOLUSDT']))[0]!;
      expect(first).toEqual({ symbol: 'SOLUSDT', price: '150.25', changePercent: rest.changePercent }); // same figure as ticker/24hr
      sim.control.setFaults({ dropStreams: true });
      const failures: unknown[] = [];
      for (;;) {
        try {
          expect((await seen('SOLUSDT', '151')).price).toBe('151');
          break;
        } catch (error) {
          failures.push(error); // the read pending at the drop fails; the next one reconnects
          if (failures.length > 2) throw error;
        }
      }
      expect(failures.every((e) => (e as { kind?: string }).kind === 'temporary')).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('streams USD-M prices on the futures market route', async () => {
    // The simulator serves one price per symbol on every route, so the price alone cannot tell
    // the futures stream from the spot one: the WebSocket paths the gateway opened can.
    const proxy = await recordingProxy(sim.port);
    const viaProxy = new CcxtGateway({ simUrl: proxy.url, governor: new WeightGovernor() });
    const stream = viaProxy.tickerStream('futures');
    const setter = setInterval(() => sim.control.setPrice('ETHUSDT', '3210.5'), 100);
    try {
      for (;;) {
        const hit = (await stream.next()).find((t) => t.symbol === 'ETHUSDT' && t.price === '3210.5');
        if (hit) break;
      }
    } finally {
      clearInterval(setter);
      await stream.close();
      await viaProxy.close();
      await proxy.close();
    }
    // USD-M market streams are on /market/ws (Binance's fstream host); spot's are on /stream/ws.
    expect(proxy.upgrades.length).toBeGreaterThan(0);
    for (const path of proxy.upgrades) expect(path).toMatch(/^\/market\/ws/);
  });

  it('places, fetches and cancels by clientOrderId; reads fills', async () => {
    const member = gateway.member(sim.control.createAccount({ balances: { USDT: '1000' } }));
    sim.control.setPrice('ETHUSDT', '3000');
    const limit = await member.placeOrder({
      market: 'spot',
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      quantity: '0.01',
      price: '2900',
      clientOrderId: 'gd-limit-1',
    });
    expect(limit).toMatchObject({ clientOrderId: 'gd-limit-1', status: 'open', price: '2900', quantity: '0.01' });
    expect((await member.fetchOrder('spot', 'ETHUSDT', 'gd-limit-1'))?.status).toBe('open');
    expect((await member.cancelOrder('spot', 'ETHUSDT', 'gd-limit-1')).status).toBe('canceled');
    await member.placeOrder({
      market: 'spot',
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      clientOrderId: 'gd-mkt-1',
    });
    const fills = await member.myTrades('spot', 'ETHUSDT');
    expect(fills).toHaveLength(1);
    expect(fills[0]).toMatchObject({ side: 'buy', price: '3000', quantity: '0.01' });
    await expect(
      member.placeOrder({
        market: 'spot',
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'market',
        quantity: '10',
        clientOrderId: 'gd-big',
      }),
    ).rejects.toMatchObject({ kind: 'insufficient_funds' });
  });

  it('resolves a 5xx after accept to exactly the one real order, through order-not-found lag', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const member = gateway.member(key);
    sim.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 300 });
    try {
      const order = await member.placeOrder({
        market: 'spot',
        symbol: 'BTCUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.001',
        clientOrderId: 'gd-5xx-1',
      });
      expect(order).toMatchObject({ clientOrderId: 'gd-5xx-1', status: 'closed', filled: '0.001' });
    } finally {
      sim.control.clearFaults();
    }
    const account = sim.control.getAccount(key.apiKey)!;
    expect(account.trades).toHaveLength(1);
    expect(account.balances.BTC!.free).toMatch(/^0\.001/);
  });

  it('reports a never-seen clientOrderId as null after the lag allowance', async () => {
    const member = gateway.member(sim.control.createAccount({ balances: { USDT: '10' } }));
    const quick = new CcxtGateway({ simUrl: sim.url, member: { lookupAttempts: 2, lookupDelayMs: 10 } });
    expect(await quick.member(sim.control.createAccount({ balances: {} })).fetchOrder('spot', 'BTCUSDT', 'never')).toBeNull();
    await quick.close();
    await expect(member.transfer('USDT', '20', 'spot', 'futures')).rejects.toMatchObject({
      kind: expect.stringMatching(/insufficient_funds|rejected/),
    });
    expect((await member.transfer('USDT', '4', 'spot', 'futures')).id).toMatch(/\d+/);
    expect((await member.balances('futures')).USDT).toEqual({ free: '4', total: '4' });
  });
});

describe('weight governor in front of 1,000 members', () => {
  it('keeps a burst under the per-IP limit: no 429 or 418 ever reaches a member', async () => {
    let offset = 0;
    const now = () => Date.now() + offset;
    // Virtual time: a minute of waiting costs nothing, once the requests in flight have landed.
    const sleep = async (ms: number) => {
      while (governor.stats.granted > governor.stats.responses) await new Promise((r) => setTimeout(r, 2));
      offset += ms;
    };
    const sim = await startTestSimulator({ now, weightLimits: { spot: 1000, sapi: 1000 } });
    const governor: WeightGovernor = new WeightGovernor({ limits: { spot: 1000, sapi: 1000 }, now, sleep });
    const gateway = new CcxtGateway({ simUrl: sim.url, governor, now, retry: { attempts: 1 } });
    try {
      const keys = Array.from({ length: 1000 }, () => sim.control.createAccount({ balances: { USDT: '1' } }));
      const results = await Promise.all(
        keys.map((key) =>
          gateway
            .member(key)
            .balances('spot')
            .then(
              (b) => b.USDT?.free,
              (error: Error) => error.message,
            ),
        ),
      );
      expect(results.find((r) => r !== '1')).toBeUndefined();
      expect(results.every((r) => r === '1')).toBe(true);
      expect(governor.stats.limitResponses).toBe(0);
      expect(governor.stats.reserved.spot).toBe(20_000);
      expect(offset).toBeGreaterThanOrEqual(20 * 60_000); // 20,000 weight at 900/min took 22+ windows
    } finally {
      await gateway.close();
      await sim.close();
    }
  }, 60_000);

  it('honours Retry-After: a 429 pauses every family until then', async () => {
    let t = 1_000_000;
    const waits: number[] = [];
    const governor = new WeightGovernor({
      now: () => t,
      sleep: async (ms) => {
        waits.push(ms);
        t += ms;
      },
    });
    governor.observe('spot', 429, { 'Retry-After': '30', 'X-Mbx-Used-Weight-1m': '6001' });
    await governor.reserve('futures', 1);
    expect(waits[0]).toBe(30_000);
    expect(governor.used('spot')).toBeLessThanOrEqual(6001);
  });
});
