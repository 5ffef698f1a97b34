/**
 * The direct signed order path answers exactly as the ccxt path does, over REST and over the
 * WebSocket API alike: the same order states, the same error kinds for each refusal, the same
 * weight accounting, the same recovery of an order accepted before a 5xx. Each case runs on
 * every path against the simulator.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { CcxtGateway } from './ccxt-gateway';
import type { CcxtClient } from './ccxt-client';
import { DirectSigned } from './direct-signed';
import { mapExchangeError } from './errors';
import type { OrderRequest } from './core/gateway';
import type { RunningSimulator } from '../../sim/index';
import { startTestSimulator } from '../../sim/testing/simulator';
import { WeightGovernor } from './core/weight-governor';
import { WsOrderChannel } from './ws-order-channel';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
  sim.control.setPrice('ETHUSDT', '3000');
});
afterAll(async () => {
  await sim?.close();
});

/** What an order's answer says, without the ids the exchange hands out. */
const shape = (o: {
  status: string;
  side: string;
  type: string;
  price: string | null;
  quantity: string;
  filled: string;
  cost: string;
  trades?: unknown[];
}) => ({
  status: o.status,
  side: o.side,
  type: o.type,
  price: o.price,
  quantity: o.quantity,
  filled: o.filled,
  cost: o.cost,
  trades: o.trades?.length,
});

type Path = 'ccxt' | 'rest' | 'websocket';

async function run(path: Path) {
  const governor = new WeightGovernor();
  const gateway = new CcxtGateway({
    simUrl: sim.url,
    governor,
    directOrders: path !== 'ccxt',
    wsOrders: path === 'websocket',
    retry: { baseMs: 10, maxMs: 50 },
    member: { lookupDelayMs: 50, lookupAttempts: 20 },
  });
  const connected = await gateway.openOrderConnection();
  const key = sim.control.createAccount({ balances: { USDT: '10000' }, futuresBalances: { USDT: '10000' } });
  const member = gateway.member(key);
  const tag = path[0];
  const order = (o: Partial<OrderRequest> & { clientOrderId: string }) =>
    member.placeOrder({
      market: 'spot',
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
      ...o,
      clientOrderId: `${tag}-${o.clientOrderId}`,
    });
  const kindOf = (p: Promise<unknown>) =>
    p.then(
      () => 'accepted',
      (e: { kind?: string }) => e.kind,
    );
  const before = governor.used('spot');
  const market = shape(await order({ clientOrderId: 'mkt' }));
  const weight = governor.used('spot') - before;
  const limit = shape(await order({ clientOrderId: 'lmt', type: 'limit', price: '2900' }));
  const refusals = {
    funds: await kindOf(order({ clientOrderId: 'big', quantity: '100' })),
    lotSize: await kindOf(order({ clientOrderId: 'lot', quantity: '0.0000001' })),
    symbol: await kindOf(order({ clientOrderId: 'sym', symbol: 'NOPEUSDT' })),
    key: await kindOf(
      gateway.member({ apiKey: 'no-such-key', secretKey: 'x' }).placeOrder({
        market: 'spot',
        symbol: 'ETHUSDT',
        side: 'buy',
        type: 'market',
        quantity: '0.01',
        clientOrderId: `${tag}-key`,
      }),
    ),
    reduce: await kindOf(order({ clientOrderId: 'fsell', market: 'futures', side: 'sell' })),
  };
  const futures = shape(await order({ clientOrderId: 'fut', market: 'futures' }));
  sim.control.setFaults({ failAfterAccept: 1, orderNotFoundMs: 200 });
  let recovered;
  try {
    recovered = shape(await order({ clientOrderId: '5xx' }));
  } finally {
    sim.control.clearFaults();
  }
  const trades = sim.control.getAccount(key.apiKey)!.trades.length;
  const overWebSocket = gateway.ordersOverWebSocket;
  await gateway.close();
  return { compared: { market, limit, refusals, futures, recovered, trades }, weight, connected, overWebSocket };
}

describe('the direct signed order path', () => {
  it('answers every order, refusal and fault exactly as the ccxt path, over REST and over the WebSocket API', async () => {
    const viaCcxt = await run('ccxt');
    const viaRest = await run('rest');
    const run2 = await run('websocket');
    expect(viaRest.compared).toEqual(viaCcxt.compared);
    expect(run2.compared).toEqual(viaCcxt.compared);
    expect([viaCcxt.connected, viaRest.connected, run2.connected]).toEqual([false, false, true]);
    // The WebSocket run's 7 spot orders (market, limit, funds, lot, symbol, key, the 5xx one) went
    // over its connection; its futures orders over REST.
    expect([viaCcxt.overWebSocket, viaRest.overWebSocket, run2.overWebSocket]).toEqual([0, 0, 7]);
    const direct = run2.compared;
    // And what both say is right.
    expect(direct.market).toMatchObject({ status: 'closed', filled: '0.01', cost: '30', trades: 1 });
    expect(direct.limit.status).toBe('open');
    expect(direct.refusals).toEqual({
      funds: 'insufficient_funds',
      lotSize: 'invalid_order',
      symbol: expect.any(String),
      key: 'auth',
      reduce: expect.any(String),
    });
    expect(direct.recovered).toMatchObject({ status: 'closed', filled: '0.01' });
    expect(direct.trades).toBe(3); // market, futures, the 5xx one: each once
    // Booked with the governor (reserved, then re-synced from the exchange's count for the IP).
    expect(run2.weight).toBeGreaterThan(0);
    expect(viaRest.weight).toBeGreaterThan(0);
  });
});

describe('a direct order whose connection drops', () => {
  it('is an unknown outcome (looked up, never resent), not a refusal', async () => {
    let received = 0;
    // The exchange reads the order, then the connection dies before any answer.
    const server = createServer((req) => {
      received += 1;
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = {
      apiKey: 'k',
      secret: 's',
      options: {},
      nonce: () => 1,
      urls: { api: { private: `http://127.0.0.1:${port}/api/v3` } },
    } as unknown as CcxtClient;
    const direct = DirectSigned.for(client, new WeightGovernor())!;
    try {
      const error = await direct
        .request(
          { api: 'private', method: 'POST', path: 'order' },
          { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' },
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(mapExchangeError(error, true).kind).toBe('unknown_outcome');
      expect(received).toBe(1); // sent once: no blind retry on another connection
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('an order over the WebSocket API whose connection drops', () => {
  it('is an unknown outcome (looked up, never resent, not even over REST), not a refusal', async () => {
    let frames = 0;
    let restRequests = 0;
    // The exchange reads the order, then the connection dies before any answer.
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    wss.on('connection', (socket) =>
      socket.on('message', () => {
        frames += 1;
        socket.terminate();
      }),
    );
    await once(wss, 'listening');
    const rest = createServer((req, res) => {
      restRequests += 1;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => rest.listen(0, '127.0.0.1', resolve));
    const channel = new WsOrderChannel(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws-api/v3`);
    const client = {
      apiKey: 'k',
      secret: 's',
      options: {},
      nonce: () => 1,
      urls: { api: { private: `http://127.0.0.1:${(rest.address() as AddressInfo).port}/api/v3` } },
    } as unknown as CcxtClient;
    const direct = DirectSigned.for(client, new WeightGovernor(), channel)!;
    try {
      expect(await channel.open()).toBe(true);
      const error = await direct
        .request(
          { api: 'private', method: 'POST', path: 'order' },
          { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' },
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      expect(mapExchangeError(error, true).kind).toBe('unknown_outcome');
      expect([frames, restRequests]).toEqual([1, 0]);
    } finally {
      channel.close();
      wss.close();
      rest.closeAllConnections();
      await new Promise((resolve) => rest.close(resolve));
    }
  });

  it('goes over REST while the connection cannot be opened', async () => {
    let restRequests = 0;
    const rest = createServer((req, res) => {
      restRequests += 1;
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"orderId":1}');
    });
    await new Promise<void>((resolve) => rest.listen(0, '127.0.0.1', resolve));
    const client = {
      apiKey: 'k',
      secret: 's',
      options: {},
      nonce: () => 1,
      urls: { api: { private: `http://127.0.0.1:${(rest.address() as AddressInfo).port}/api/v3` } },
    } as unknown as CcxtClient;
    // Nothing listens on the order connection's port.
    const channel = new WsOrderChannel('ws://127.0.0.1:1/ws-api/v3');
    const direct = DirectSigned.for(client, new WeightGovernor(), channel)!;
    try {
      expect(await channel.open()).toBe(false);
      expect(
        await direct.request(
          { api: 'private', method: 'POST', path: 'order' },
          { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' },
        ),
      ).toEqual({ orderId: 1 });
      expect([restRequests, channel.sent]).toEqual([1, 0]);
    } finally {
      channel.close();
      rest.closeAllConnections();
      await new Promise((resolve) => rest.close(resolve));
    }
  });
});
