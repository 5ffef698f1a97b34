import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { SIMULATOR_CCXT_OPTIONS, simulatorCcxtUrls } from '../server/exchange/ccxt-urls';
import { type RunningSimulator } from './index';
import { ccxtFor, startTestSimulator } from './testing/simulator';

type Key = { apiKey: string; secretKey: string };
interface Frame {
  id?: unknown;
  status?: number;
  result?: unknown;
  error?: { code: number; msg: string };
  rateLimits?: unknown[];
  subscriptionId?: number;
  event?: { e: string; c?: string; [field: string]: unknown };
  stream?: string;
  data?: { e: string; [field: string]: unknown };
}

const WAIT = { timeout: 5000, interval: 20 };
let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(() => sim.close());

/** A raw ws client that keeps every frame and answers requests by id. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  socket.on('message', (m) => frames.push(JSON.parse(String(m)) as Frame));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const request = (method: string, params?: unknown, id: unknown = nextId++): Promise<Frame> => {
    socket.send(JSON.stringify({ id, method, params }));
    return vi.waitFor(() => {
      const found = frames.find((f) => f.id === id && ('status' in f || 'result' in f || 'error' in f));
      if (!found) throw new Error(`no answer to ${method}`);
      return found;
    }, WAIT);
  };
  const until = (predicate: (f: Frame) => boolean) =>
    vi.waitFor(() => {
      const found = frames.find(predicate);
      if (!found) throw new Error('frame not seen yet');
      return found;
    }, WAIT);
  return { socket, frames, request, until };
}

/** WebSocket API signature: HMAC-SHA256 over the params sorted by name, as a raw query string. */
function signed(key: Key, extra: Record<string, string | number> = {}, secret = key.secretKey): Record<string, string | number> {
  const params: Record<string, string | number> = { apiKey: key.apiKey, timestamp: Date.now(), ...extra };
  const payload = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return { ...params, signature: createHmac('sha256', secret).update(payload).digest('hex') };
}

/** A signed REST call, as Binance takes it (the key in X-MBX-APIKEY, signature last). */
async function rest(
  key: Key,
  method: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ ...params, timestamp: String(Date.now()) }).toString();
  const signature = createHmac('sha256', key.secretKey).update(query).digest('hex');
  const res = await fetch(`${sim.url}${path}?${query}&signature=${signature}`, {
    method,
    headers: { 'X-MBX-APIKEY': key.apiKey },
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
  return body;
}

const SPOT_ORDER = '/api/v3/order';
const FUTURES_ORDER = '/fapi/v1/order';

/** A market buy of 0.001 BTC through REST on the API `path` names; `params` change it (a sell, reduceOnly). */
const marketOrder = (key: Key, path: string, clientOrderId: string, params: Record<string, string> = {}) =>
  rest(key, 'POST', path, {
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'MARKET',
    quantity: '0.001',
    newClientOrderId: clientOrderId,
    ...params,
  });
const spotBuy = (key: Key, clientOrderId: string) => marketOrder(key, SPOT_ORDER, clientOrderId);
const futuresBuy = (key: Key, clientOrderId: string) => marketOrder(key, FUTURES_ORDER, clientOrderId);

/** A GTC limit buy of 5 SOL at 95: it rests while SOL is at 100, for a partial fill to execute part of it. */
const restingSolBuy = (key: Key, path: string, clientOrderId: string) =>
  rest(key, 'POST', path, {
    symbol: 'SOLUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '5',
    price: '95',
    newClientOrderId: clientOrderId,
  });

function proFor(key: Key, options: Record<string, unknown> = {}) {
  return new ccxt.pro.binance({
    apiKey: key.apiKey,
    secret: key.secretKey,
    urls: simulatorCcxtUrls(sim.url) as never,
    options: { ...SIMULATOR_CCXT_OPTIONS, ...options },
  });
}

describe('spot user data over the WebSocket API', () => {
  it('feeds ccxt.pro watchBalance after a spot market order placed through REST', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const pro = proFor(key);
    await pro.loadHttpProxyAgent();
    await pro.loadMarkets();
    await pro.authenticate({ type: 'spot' }); // resolves once the simulator acknowledged the subscription
    const balance = pro.watchBalance();
    const restClient = ccxtFor(sim, key);
    await restClient.loadMarkets();
    await restClient.createOrder('BTC/USDT', 'market', 'buy', 0.001);
    const seen = await balance;
    expect(seen.BTC?.free).toBe(0.001);
    // 1000 - 67.25012 - 0.06725012 fee
    expect(seen.USDT?.free).toBe(932.68262988);
    await pro.close();
  });

  it('multiplexes two accounts on one connection, tagged by subscriptionId, until one is unsubscribed', async () => {
    const a = sim.control.createAccount({ balances: { USDT: '1000' } });
    const b = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect(`${sim.wsUrl}/ws-api/v3`);
    expect(await ws.request('userDataStream.subscribe.signature', signed(a), 'sub-a')).toMatchObject({
      id: 'sub-a',
      status: 200,
      result: { subscriptionId: 0 },
      rateLimits: [expect.objectContaining({ rateLimitType: 'REQUEST_WEIGHT' })],
    });
    expect(await ws.request('userDataStream.subscribe.signature', signed(b), 7)).toMatchObject({
      id: 7,
      status: 200,
      result: { subscriptionId: 1 },
    });
    expect((await ws.request('session.subscriptions')).result).toEqual([{ subscriptionId: 0 }, { subscriptionId: 1 }]);
    expect(await ws.request('userDataStream.subscribe.signature', signed(a))).toMatchObject({
      status: 400,
      error: { code: -2035, msg: 'User Data Stream subscription already active.' },
    });

    await spotBuy(a, 'a-1');
    await spotBuy(b, 'b-1');
    await ws.until((f) => f.subscriptionId === 1 && f.event?.e === 'outboundAccountPosition');
    const tagged = (id: number) => ws.frames.filter((f) => f.subscriptionId === id).map((f) => f.event!);
    expect(tagged(0).map((e) => e.e)).toEqual(['executionReport', 'outboundAccountPosition']);
    expect(tagged(0)[0]).toMatchObject({ c: 'a-1', X: 'FILLED' });
    expect(tagged(1)[0]).toMatchObject({ c: 'b-1', X: 'FILLED' });

    expect(await ws.request('userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({ status: 200, result: {} });
    await ws.until((f) => f.subscriptionId === 0 && f.event?.e === 'eventStreamTerminated');
    const before = ws.frames.length;
    await spotBuy(a, 'a-2');
    await spotBuy(b, 'b-2');
    // One socket keeps the order: by the time b-2 arrives, anything for a-2 would have arrived too.
    await ws.until((f) => f.subscriptionId === 1 && f.event?.c === 'b-2');
    expect(ws.frames.slice(before).filter((f) => f.subscriptionId === 0)).toEqual([]);
    expect((await ws.request('session.subscriptions')).result).toEqual([{ subscriptionId: 1 }]);
    expect(await ws.request('userDataStream.unsubscribe', { subscriptionId: 0 })).toMatchObject({
      status: 400,
      error: { code: -2036 },
    });
    ws.socket.close();
  });

  it('refuses a bad signature, an unknown key and a stale timestamp with Binance codes', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '10' } });
    const ws = await connect(`${sim.wsUrl}/ws-api/v3`);
    expect(await ws.request('userDataStream.subscribe.signature', signed(key, {}, 'f'.repeat(64)))).toMatchObject({
      status: 400,
      error: { code: -1022, msg: 'Signature for this request is not valid.' },
    });
    expect(
      await ws.request('userDataStream.subscribe.signature', signed({ apiKey: 'x'.repeat(64), secretKey: key.secretKey })),
    ).toMatchObject({ status: 401, error: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
    expect(await ws.request('userDataStream.subscribe.signature', signed(key, { timestamp: Date.now() - 10_000 }))).toMatchObject(
      { status: 400, error: { code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' } },
    );
    // A wider recvWindow, signed along, lets the same age through.
    expect(
      await ws.request('userDataStream.subscribe.signature', signed(key, { timestamp: Date.now() - 10_000, recvWindow: 20_000 })),
    ).toMatchObject({ status: 200, result: { subscriptionId: 0 } });
    expect(await ws.request('order.cancel', {})).toMatchObject({ status: 400, error: { code: -1020 } });
    expect(await ws.request('ping', undefined, null)).toMatchObject({ id: null, status: 200, result: {} });
    expect((await ws.request('time')).result).toEqual({ serverTime: expect.any(Number) });
    ws.socket.close();
  });

  it('delivers spot events only: futures events stay on the listenKey streams', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' }, futuresBalances: { USDT: '1000' } });
    const ws = await connect(`${sim.wsUrl}/ws-api/v3?returnRateLimits=false`);
    const subscribed = await ws.request('userDataStream.subscribe.signature', signed(key));
    expect(subscribed).toEqual({ id: 1, status: 200, result: { subscriptionId: 0 } });
    await futuresBuy(key, 'f-1');
    await spotBuy(key, 's-1');
    await ws.until((f) => f.event?.c === 's-1');
    expect(ws.frames.filter((f) => f.event).map((f) => f.event!.e)).toEqual(['executionReport', 'outboundAccountPosition']);
    ws.socket.close();
  });

  it('reports a partial fill of a resting limit as Binance does: x TRADE, X PARTIALLY_FILLED, then the rest as a second trade', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect(`${sim.wsUrl}/ws-api/v3?returnRateLimits=false`);
    await ws.request('userDataStream.subscribe.signature', signed(key));
    sim.control.setPrice('SOLUSDT', '100');
    await restingSolBuy(key, SPOT_ORDER, 'part-1');
    sim.control.fillPartially(key.apiKey, 'part-1', '2');
    sim.control.setPrice('SOLUSDT', '94');
    const reports = () => ws.frames.filter((f) => f.event?.e === 'executionReport').map((f) => f.event!);
    await ws.until(() => reports().length === 3);
    const [placed, part, remainder] = reports();
    expect(placed).toMatchObject({ c: 'part-1', x: 'NEW', X: 'NEW', w: true });
    expect(part).toMatchObject({
      c: 'part-1',
      x: 'TRADE',
      X: 'PARTIALLY_FILLED',
      q: '5.00000000',
      l: '2.00000000',
      L: '95.00000000',
      z: '2.00000000',
      Z: '190.00000000',
      Y: '190.00000000',
      n: '0.19000000',
      N: 'USDT',
      m: true,
      w: true,
    });
    expect(remainder).toMatchObject({
      c: 'part-1',
      x: 'TRADE',
      X: 'FILLED',
      l: '3.00000000',
      L: '95.00000000',
      z: '5.00000000',
      Z: '475.00000000',
      n: '0.28500000',
      m: true,
      w: false,
    });
    expect(part!.t).not.toBe(remainder!.t);
    // The placement and each execution tell the balances they moved.
    await ws.until(() => ws.frames.filter((f) => f.event?.e === 'outboundAccountPosition').length === 3);
    ws.socket.close();
  });

  it('closes WebSocket API connections on the dropStreams fault and serves a fresh session after', async () => {
    const key = sim.control.createAccount({ balances: { USDT: '1000' } });
    const ws = await connect(`${sim.wsUrl}/ws-api/v3`);
    await ws.request('userDataStream.subscribe.signature', signed(key));
    const closed = new Promise((resolve) => ws.socket.once('close', resolve));
    await fetch(`${sim.url}/sim/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dropStreams: true }),
    });
    await closed;
    const again = await connect(`${sim.wsUrl}/ws-api/v3`);
    expect((await again.request('userDataStream.subscribe.signature', signed(key))).result).toEqual({ subscriptionId: 0 });
    await spotBuy(key, 'after-drop');
    await again.until((f) => f.subscriptionId === 0 && f.event?.c === 'after-drop');
    again.socket.close();
  });
});

describe('USD-M user data over listen keys', () => {
  const listenKey = async (key: Key) => (await rest(key, 'POST', '/fapi/v1/listenKey')).listenKey as string;

  it('feeds ccxt.pro watchBalance with ACCOUNT_UPDATE after a futures order', async () => {
    const key = sim.control.createAccount({ futuresBalances: { USDT: '1000' } });
    // No REST positions snapshot beside the stream: close() would reject it unawaited if still in flight.
    const pro = proFor(key, { watchPositions: { fetchPositionsSnapshot: false } });
    await pro.loadHttpProxyAgent();
    await pro.loadMarkets();
    const balance = pro.watchBalance({ type: 'future' });
    // The order must not beat the stream: wait until ccxt's private futures socket is open.
    await vi.waitFor(() => {
      if (!Object.values(pro.clients).some((c) => c.url.includes('listenKey=') && c.isConnected))
        throw new Error('not connected');
    }, WAIT);
    await futuresBuy(key, 'fw-1');
    const seen = await balance;
    // 1000 - 0.06725012 fee: the isolated margin stays in the wallet balance
    expect(seen.USDT?.total).toBe(999.93274988);
    expect((seen.info as { e?: string }).e).toBe('ACCOUNT_UPDATE');
    await pro.close();
  });

  it("stops a listen key's events on UNSUBSCRIBE from a combined stream and lists keys", async () => {
    const one = sim.control.createAccount({ futuresBalances: { USDT: '1000' } });
    const two = sim.control.createAccount({ futuresBalances: { USDT: '1000' } });
    const [k1, k2] = [await listenKey(one), await listenKey(two)];
    const ws = await connect(`${sim.wsUrl}/stream?streams=${k1}/${k2}/btcusdt@trade`);
    expect((await ws.request('LIST_SUBSCRIPTIONS')).result).toEqual(['btcusdt@trade', k1, k2]);
    expect(await ws.request('UNSUBSCRIBE', [k1])).toEqual({ id: 2, result: null });
    expect((await ws.request('LIST_SUBSCRIPTIONS')).result).toEqual(['btcusdt@trade', k2]);
    await futuresBuy(one, 'one-1');
    await futuresBuy(two, 'two-1');
    await ws.until((f) => f.stream === k2 && f.data?.e === 'ACCOUNT_UPDATE');
    expect(ws.frames.filter((f) => f.stream === k1)).toEqual([]);
    expect(ws.frames.filter((f) => f.stream === k2).map((f) => f.data!.e)).toEqual(['ORDER_TRADE_UPDATE', 'ACCOUNT_UPDATE']);
    ws.socket.close();
  });

  it('reports a partial fill of a resting USD-M limit as ORDER_TRADE_UPDATE x TRADE, X PARTIALLY_FILLED, with the position it opened', async () => {
    const key = sim.control.createAccount({ futuresBalances: { USDT: '1000' } });
    const k = await listenKey(key);
    const ws = await connect(`${sim.wsUrl}/stream?streams=${k}`);
    await ws.request('LIST_SUBSCRIPTIONS');
    sim.control.setPrice('SOLUSDT', '100');
    await restingSolBuy(key, FUTURES_ORDER, 'fpart-1');
    sim.control.fillPartially(key.apiKey, 'fpart-1', '2');
    const update = await ws.until((f) => f.data?.e === 'ORDER_TRADE_UPDATE' && (f.data.o as { x: string }).x === 'TRADE');
    expect(update.data!.o).toMatchObject({
      c: 'fpart-1',
      x: 'TRADE',
      X: 'PARTIALLY_FILLED',
      q: '5',
      l: '2',
      L: '95',
      z: '2',
      ap: '95',
      n: '0.19',
      m: true,
    });
    const account = await ws.until((f) => f.data?.e === 'ACCOUNT_UPDATE');
    expect((account.data!.a as { P: { s: string; pa: string }[] }).P).toEqual([
      expect.objectContaining({ s: 'SOLUSDT', pa: '2' }),
    ]);
    ws.socket.close();
  });

  it('ACCOUNT_UPDATE names the position an order changed, with pa "0" once it is closed', async () => {
    const key = sim.control.createAccount({ futuresBalances: { USDT: '1000' } });
    const k = await listenKey(key);
    const ws = await connect(`${sim.wsUrl}/stream?streams=${k}`);
    await ws.request('LIST_SUBSCRIPTIONS');
    const positions = () =>
      ws.frames
        .filter((f) => f.data?.e === 'ACCOUNT_UPDATE')
        .map((f) => (f.data!.a as { P: { s: string; pa: string }[] }).P.map((p) => [p.s, p.pa]));
    await futuresBuy(key, 'pa-1');
    await ws.until(() => positions().length === 1);
    await marketOrder(key, FUTURES_ORDER, 'pa-2', { side: 'SELL', reduceOnly: 'true' });
    await ws.until(() => positions().length === 2);
    expect(positions()).toEqual([[['BTCUSDT', '0.001']], [['BTCUSDT', '0']]]);
    ws.socket.close();
  });
});

describe('listen key expiry on the simulator clock', () => {
  let clock = Date.now();
  let timed: RunningSimulator;
  beforeAll(async () => {
    timed = await startTestSimulator({ now: () => clock, listenKeySweepMs: 20 });
  });
  afterAll(() => timed.close());

  const keyCall = async (key: Key, method: string) => {
    const res = await fetch(`${timed.url}/fapi/v1/listenKey`, { method, headers: { 'X-MBX-APIKEY': key.apiKey } });
    return ((await res.json()) as { listenKey: string }).listenKey;
  };

  it('extends a key on keepalive and sends listenKeyExpired 60 minutes after the last one', async () => {
    const key = timed.control.createAccount({ futuresBalances: { USDT: '100' } });
    const listenKey = await keyCall(key, 'POST');
    const ws = await connect(`${timed.wsUrl}/stream?streams=${listenKey}`);
    clock += 59 * 60_000;
    expect(await keyCall(key, 'PUT')).toBe(listenKey);
    clock += 59 * 60_000;
    // 118 minutes after creation, 59 after the keepalive: still the same key (POST would mint a new one for an expired key).
    expect(await keyCall(key, 'POST')).toBe(listenKey);
    clock += 61 * 60_000;
    const expired = await ws.until((f) => f.data?.e === 'listenKeyExpired');
    expect(expired).toEqual({ stream: listenKey, data: { e: 'listenKeyExpired', E: clock, listenKey } });
    expect((await ws.request('LIST_SUBSCRIPTIONS')).result).toEqual([]);
    expect(await keyCall(key, 'POST')).not.toBe(listenKey);
    ws.socket.close();
  });
});
