/**
 * The direct signed order path answers exactly as the ccxt path does: the same order states,
 * the same error kinds for each refusal, the same weight accounting, the same recovery of an
 * order accepted before a 5xx. Each case runs on both paths against the simulator.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CcxtGateway } from './ccxt-gateway';
import type { CcxtClient } from './ccxt-client';
import { DirectSigned } from './direct-signed';
import { mapExchangeError } from './errors';
import type { OrderRequest } from './gateway';
import type { RunningSimulator } from './simulator/index';
import { startTestSimulator } from './simulator/test-support';
import { WeightGovernor } from './weight-governor';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
  sim.control.setPrice('ETHUSDT', '3000');
});
afterAll(async () => {
  await sim?.close();
});

/** What an order's answer says, without the ids the exchange hands out. */
const shape = (o: { status: string; side: string; type: string; price: string | null; quantity: string; filled: string; cost: string; trades?: unknown[] }) =>
  ({ status: o.status, side: o.side, type: o.type, price: o.price, quantity: o.quantity, filled: o.filled, cost: o.cost, trades: o.trades?.length });

async function run(directOrders: boolean) {
  const governor = new WeightGovernor();
  const gateway = new CcxtGateway({ simUrl: sim.url, governor, directOrders, retry: { baseMs: 10, maxMs: 50 }, member: { lookupDelayMs: 50, lookupAttempts: 20 } });
  const key = sim.control.createAccount({ balances: { USDT: '10000' }, futuresBalances: { USDT: '10000' } });
  const member = gateway.member(key);
  const tag = directOrders ? 'd' : 'c';
  const order = (o: Partial<OrderRequest> & { clientOrderId: string }) =>
    member.placeOrder({ market: 'spot', symbol: 'ETHUSDT', side: 'buy', type: 'market', quantity: '0.01', ...o, clientOrderId: `${tag}-${o.clientOrderId}` });
  const kindOf = (p: Promise<unknown>) => p.then(() => 'accepted', (e: { kind?: string }) => e.kind);
  const before = governor.used('spot');
  const market = shape(await order({ clientOrderId: 'mkt' }));
  const weight = governor.used('spot') - before;
  const limit = shape(await order({ clientOrderId: 'lmt', type: 'limit', price: '2900' }));
  const refusals = {
    funds: await kindOf(order({ clientOrderId: 'big', quantity: '100' })),
    lotSize: await kindOf(order({ clientOrderId: 'lot', quantity: '0.0000001' })),
    symbol: await kindOf(order({ clientOrderId: 'sym', symbol: 'NOPEUSDT' })),
    key: await kindOf(gateway.member({ apiKey: 'no-such-key', secretKey: 'x' }).placeOrder({ market: 'spot', symbol: 'ETHUSDT', side: 'buy',
      type: 'market', quantity: '0.01', clientOrderId: `${tag}-key` })),
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
  await gateway.close();
  return { compared: { market, limit, refusals, futures, recovered, trades }, weight };
}

describe('the direct signed order path', () => {
  it('answers every order, refusal and fault exactly as the ccxt path', async () => {
    const viaCcxt = await run(false);
    const run2 = await run(true);
    expect(run2.compared).toEqual(viaCcxt.compared);
    const direct = run2.compared;
    // And what both say is right.
    expect(direct.market).toMatchObject({ status: 'closed', filled: '0.01', cost: '30', trades: 1 });
    expect(direct.limit.status).toBe('open');
    expect(direct.refusals).toEqual({ funds: 'insufficient_funds', lotSize: 'invalid_order', symbol: expect.any(String), key: 'auth', reduce: expect.any(String) });
    expect(direct.recovered).toMatchObject({ status: 'closed', filled: '0.01' });
    expect(direct.trades).toBe(3); // market, futures, the 5xx one: each once
    // Booked with the governor (reserved, then re-synced from the exchange's count for the IP).
    expect(run2.weight).toBeGreaterThan(0);
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
    const client = { apiKey: 'k', secret: 's', options: {}, nonce: () => 1, urls: { api: { private: `http://127.0.0.1:${port}/api/v3` } } } as unknown as CcxtClient;
    const direct = DirectSigned.for(client, new WeightGovernor())!;
    try {
      const error = await direct.request({ api: 'private', method: 'POST', path: 'order' }, { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' })
        .then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(mapExchangeError(error, true).kind).toBe('unknown_outcome');
      expect(received).toBe(1); // sent once: no blind retry on another connection
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
