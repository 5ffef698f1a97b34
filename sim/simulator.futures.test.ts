import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RunningSimulator } from './index';
import { isolatedLongLiquidationPrice } from './liquidation';
import { Decimal } from './num';
import { ccxtFor, startTestSimulator } from './testing/simulator';

let sim: RunningSimulator;
let ex: InstanceType<typeof ccxt.binance>;
let apiKey: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  const key = sim.control.createAccount({ balances: { USDT: '1000' }, futuresBalances: { USDT: '1000' } });
  apiKey = key.apiKey;
  ex = ccxtFor(sim, key);
  await ex.loadMarkets();
});
afterAll(() => sim.close());

describe('simulator USD-M futures through ccxt', () => {
  it('sets leverage 1-10 and refuses more', async () => {
    await expect(ex.setLeverage(5, 'BTC/USDT:USDT')).resolves.toMatchObject({ leverage: 5 });
    await expect(ex.setLeverage(20, 'BTC/USDT:USDT')).rejects.toThrow(/-4028/);
  });

  it("refuses a buy past the position its leverage's brackets allow, as Binance does (-2027)", async () => {
    const whale = sim.control.createAccount({ futuresBalances: { USDT: '10000000' } });
    const big = ccxtFor(sim, whale);
    await big.loadMarkets();
    sim.control.setPrice('LINKUSDT', '25');
    await big.setLeverage(10, 'LINK/USDT:USDT');
    // The altcoin table allows 250,000 USDT at 10x: 10,000 LINK is 250,000, 10,000.01 is more.
    await expect(big.createOrder('LINK/USDT:USDT', 'market', 'buy', 10000.01)).rejects.toThrow(/-2027/);
    await expect(big.createOrder('LINK/USDT:USDT', 'market', 'buy', 10000)).resolves.toMatchObject({ status: 'closed' });
    await expect(big.createOrder('LINK/USDT:USDT', 'market', 'buy', 1)).rejects.toThrow(/-2027/);
  });

  it('opens an isolated long whose liquidation price follows the formula', async () => {
    sim.control.setPrice('BTCUSDT', '60000');
    const order = await ex.createOrder('BTC/USDT:USDT', 'market', 'buy', 0.01);
    expect(order).toMatchObject({ status: 'closed', average: 60000 });
    const [position] = await ex.fetchPositions(['BTC/USDT:USDT']);
    const expected = isolatedLongLiquidationPrice('BTCUSDT', new Decimal('0.01'), new Decimal('60000'), new Decimal('120'));
    // (Q x EP - WB - cum) / (Q x (1 - MMR)) = (600 - 120 - 0) / (0.01 x 0.996)
    expect(expected.toFixed(6)).toBe('48192.771084');
    expect(position).toMatchObject({ contracts: 0.01, entryPrice: 60000, leverage: 5, marginMode: 'isolated', side: 'long' });
    expect(position!.liquidationPrice).toBeCloseTo(expected.toNumber(), 6);
  });

  it('liquidates the position when the mark price reaches the liquidation price', async () => {
    sim.control.setPrice('BTCUSDT', '48200');
    expect(await ex.fetchPositions(['BTC/USDT:USDT'])).toHaveLength(1);
    sim.control.setPrice('BTCUSDT', '48192');
    expect(await ex.fetchPositions(['BTC/USDT:USDT'])).toHaveLength(0);
    // 1000 - 0.6 fee - 120 margin lost
    expect(sim.control.getAccount(apiKey)!.futures.walletBalance).toBe('879.40000000');
  });

  it('closes a long with a sell and realises the pnl', async () => {
    await ex.createOrder('ETH/USDT:USDT', 'market', 'buy', 0.1);
    sim.control.setPrice('ETHUSDT', '3550.55');
    await ex.createOrder('ETH/USDT:USDT', 'market', 'sell', 0.1);
    const trades = await ex.fetchMyTrades('ETH/USDT:USDT');
    expect(trades.at(-1)!.info.realizedPnl).toBe('10');
    // Flat now: a reduce-only sell is refused as Binance does; a plain one would open a short there, which the simulator does not model.
    await expect(ex.createOrder('ETH/USDT:USDT', 'market', 'sell', 0.1, undefined, { reduceOnly: true })).rejects.toThrow(
      /-2022/,
    );
    await expect(ex.createOrder('ETH/USDT:USDT', 'market', 'sell', 0.1)).rejects.toThrow(/-4061/);
  });
});

describe('simulator streams', () => {
  it('pushes miniTicker, trade and user-data events in Binance formats', async () => {
    const { listenKey } = await ex.publicPostUserDataStream();
    const ws = new WebSocket(`${sim.wsUrl}/stream?streams=btcusdt@miniTicker/${listenKey}`);
    const seen: Array<{ stream: string; data: { e: string } }> = [];
    ws.on('message', (m) => seen.push(JSON.parse(String(m)) as (typeof seen)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    sim.control.setPrice('BTCUSDT', '61000');
    await ex.createOrder('BTC/USDT', 'market', 'buy', 0.001);
    await vi.waitFor(() =>
      expect(seen.map((s) => s.data.e)).toEqual(
        expect.arrayContaining(['24hrMiniTicker', 'executionReport', 'outboundAccountPosition']),
      ),
    );
    ws.close();
  });

  it('feeds ccxt.pro watchTicker', async () => {
    const pro = new ccxt.pro.binance({ urls: ex.urls as never, options: { ...ex.options } });
    await pro.loadHttpProxyAgent(); // ccxt needs an http agent for plain ws:// urls
    await pro.loadMarkets();
    const first = pro.watchTicker('SOL/USDT');
    // The stream pushes a ticker on every price set: set it until the subscription is in place.
    const setter = setInterval(() => sim.control.setPrice('SOLUSDT', '151'), 20);
    try {
      expect((await first).last).toBe(151);
    } finally {
      clearInterval(setter);
      await pro.close();
    }
  });

  it('answers SUBSCRIBE, drops streams on the fault and serves a reconnect', async () => {
    const connect = async () => {
      const ws = new WebSocket(`${sim.wsUrl}/ws`);
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['solusdt@trade', 'solusdt@kline_1m'], id: 1 }));
      await new Promise((resolve) => ws.once('message', resolve));
      return ws;
    };
    const ws = await connect();
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await fetch(`${sim.url}/sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropStreams: true }),
    });
    await closed;
    const again = await connect();
    const kline = new Promise<{ e: string; k: { c: string } }>((resolve) =>
      again.once('message', (m) => resolve(JSON.parse(String(m)))),
    );
    sim.control.setPrice('SOLUSDT', '152');
    expect(await kline).toMatchObject({ e: 'kline', k: { c: '152' } });
    again.close();
  });
});
