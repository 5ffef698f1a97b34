import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type RunningSimulator } from '../index';
import { startTestSimulator } from '../testing/simulator';
import { signaturePayload } from './signature';

type Key = { apiKey: string; secretKey: string };
interface Reply {
  id: unknown;
  status: number;
  result?: Record<string, unknown>;
  error?: { code: number; msg: string };
  rateLimits?: { rateLimitType: string; count: number }[];
}

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

/** One WebSocket API connection answering requests by id. */
async function connect() {
  const socket = new WebSocket(`${sim.wsUrl}/ws-api/v3`);
  const waiting = new Map<unknown, (reply: Reply) => void>();
  socket.on('message', (m) => {
    const reply = JSON.parse(String(m)) as Reply;
    waiting.get(reply.id)?.(reply);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<Reply>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { request, close: () => socket.close() };
}

function signed(key: Key, params: Record<string, unknown>, secret = key.secretKey): Record<string, unknown> {
  const all = { apiKey: key.apiKey, timestamp: Date.now(), ...params };
  return { ...all, signature: createHmac('sha256', secret).update(signaturePayload(all)).digest('hex') };
}

async function rest(key: Key, params: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', key.secretKey).update(query).digest('hex');
  const res = await fetch(`${sim.url}/api/v3/order`, {
    method: 'POST',
    headers: { 'X-MBX-APIKEY': key.apiKey, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `${query}&signature=${signature}`,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const buy = (clientOrderId: string) => ({
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'MARKET',
  quantity: '0.001',
  newClientOrderId: clientOrderId,
  newOrderRespType: 'FULL',
});

describe('order.place over the WebSocket API', () => {
  it('places the order REST would, with the same response document and the weight it used', async () => {
    const overWs = sim.control.createAccount({ balances: { USDT: '1000' } });
    const overRest = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect();
    const reply = await ws.request('order.place', signed(overWs, buy('ws-1')));
    const viaRest = await rest(overRest, buy('rest-1'));
    ws.close();
    expect(reply.status).toBe(200);
    expect(viaRest.status).toBe(200);
    const shape = (doc: Record<string, unknown>) => ({
      ...doc,
      orderId: 0,
      clientOrderId: '',
      transactTime: 0,
      workingTime: 0,
      fills: (doc.fills as Record<string, unknown>[]).map((f) => ({ ...f, tradeId: 0 })),
    });
    expect(shape(reply.result!)).toEqual(shape(viaRest.body));
    expect(reply.result).toMatchObject({ clientOrderId: 'ws-1', status: 'FILLED', executedQty: '0.00100000' });
    expect(reply.rateLimits?.[0]).toMatchObject({ rateLimitType: 'REQUEST_WEIGHT', count: expect.any(Number) });
    expect(sim.control.getAccount(overWs.apiKey)!.balances.BTC?.free).toBe('0.00100000');
  });

  it("refuses as REST does: a bad signature, an unknown key, an open order's clientOrderId again, a missing parameter", async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect();
    expect(await ws.request('order.place', signed(key, buy('bad-sig'), 'not-the-secret'))).toMatchObject({
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect(await ws.request('order.place', signed({ apiKey: 'nobody', secretKey: 'x' }, buy('no-key')))).toMatchObject({
      status: 401,
      error: { code: -2015 },
    });
    const { price } = (await (await fetch(`${sim.url}/api/v3/ticker/price?symbol=BTCUSDT`)).json()) as { price: string };
    const below = (Math.floor(Number(price) * 0.9 * 100) / 100).toFixed(2); // a test price, not money: rests on the book
    const resting = {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '0.001',
      price: below,
      newClientOrderId: 'twice',
    };
    expect((await ws.request('order.place', signed(key, resting))).status).toBe(200);
    const again = await ws.request('order.place', signed(key, resting));
    const restAgain = await rest(key, resting);
    expect(restAgain.status).toBe(400);
    expect(again).toMatchObject({ status: restAgain.status, error: { code: restAgain.body.code, msg: restAgain.body.msg } });
    const { side: _side, ...noSide } = buy('no-side');
    expect(await ws.request('order.place', signed(key, noSide))).toMatchObject({
      status: 400,
      error: { code: -1102, msg: "Mandatory parameter 'side' was not sent, was empty/null, or malformed." },
    });
    ws.close();
    expect(sim.control.getAccount(key.apiKey)!.openOrders.map((o) => o.clientOrderId)).toEqual(['twice']);
  });

  it('answers 503 -1007 on the fail-after-accept fault, the order placed all the same', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect();
    sim.control.setFaults({ failAfterAccept: 1 });
    try {
      expect(await ws.request('order.place', signed(key, buy('accepted-unknown')))).toMatchObject({
        status: 503,
        error: {
          code: -1007,
          msg: 'Timeout waiting for response from backend server. Send status unknown; execution status unknown.',
        },
      });
    } finally {
      sim.control.clearFaults();
      ws.close();
    }
    expect(sim.control.getAccount(key.apiKey)!.trades.map((t) => t.qty)).toEqual(['0.001']);
  });

  it('delays its answers by the latency fault, in the order they were asked', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect();
    sim.control.setFaults({ latencyMs: 120 });
    const started = Date.now();
    const answered: string[] = [];
    try {
      await Promise.all(
        ['late-1', 'late-2', 'late-3'].map(async (id) => {
          const reply = await ws.request('order.place', signed(key, buy(id)));
          answered.push(String(reply.result?.clientOrderId));
        }),
      );
    } finally {
      sim.control.clearFaults();
      ws.close();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    expect(answered).toEqual(['late-1', 'late-2', 'late-3']);
  });
});
