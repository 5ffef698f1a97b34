import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletAsset } from '../../../common/api/exchange';
import { SERVER, UI, VALIDATION } from '../../../common/messages';
import { bots, cycles, exchangeKeys } from '../../db/schema';
import { insertCycle } from '../../modules/cycles/testing/fixtures';
import { KEY_MESSAGES } from '../../modules/keys/keys';
import { databaseTargets } from '../../testing/databases';
import { bearer, memberApi, register, type Registered } from '../../testing/members';
import { createSimulatedServer, type SimulatedServer } from '../../testing/simulated-server';

const targets = await databaseTargets();

describe.each(targets)('exchange endpoints on $name', (target) => {
  let server: SimulatedServer;
  let alice: Registered;
  let bob: Registered;
  let aliceKey: { apiKey: string; secretKey: string };
  let bobKey: { apiKey: string; secretKey: string };
  beforeAll(async () => {
    server = await createSimulatedServer(target);
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    const control = server.exchange.simulator.control;
    aliceKey = control.createAccount({
      balances: { USDT: '1000', BTC: '0.01' },
      futuresBalances: { USDT: '50' },
      ipRestrict: true,
    });
    bobKey = control.createAccount({ balances: { USDT: '7' } });
  });
  afterAll(() => server?.close());

  const { get, post } = memberApi(() => server);

  it('refuses every call without a token (401)', async () => {
    for (const url of ['checkConnection', 'fetchkeys', 'spotBalance', 'tickers', 'symbolpair']) {
      expect((await server.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    }
  });

  it('asks for keys before wallet calls, and validates the key form', async () => {
    expect((await get(alice, 'checkConnection')).json()).toEqual({ connected: false });
    expect((await get(alice, 'fetchkeys')).json()).toEqual({ apiKey: null });
    const res = await get(alice, 'spotBalance');
    expect([res.statusCode, res.json().message]).toEqual([400, KEY_MESSAGES.noKeys]);
    expect((await post(alice, 'apikeys', { apiKey: 'x' })).statusCode).toBe(400);
    const bad = await post(alice, 'apikeys', { apiKey: 'nope', secretKey: 'nope' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, KEY_MESSAGES.invalid]);
    const withdraw = server.exchange.simulator.control.createAccount({ balances: {}, canWithdraw: true });
    expect((await post(alice, 'apikeys', withdraw)).json().message).toBe(KEY_MESSAGES.withdrawals);
  });

  it('binds keys (secret encrypted, never returned) and shows each member only their own account', async () => {
    const saved = await post(alice, 'apikeys', aliceKey);
    expect([saved.statusCode, saved.json()]).toEqual([200, { message: UI.apiKeysSaved }]);
    const bobSaved = await post(bob, 'apikeys', bobKey);
    expect(bobSaved.json()).toEqual({ message: UI.apiKeysSaved, warning: KEY_MESSAGES.noIpRestriction });
    // What the exchange said about the key's IP list is stored as a boolean, not as text.
    const ipRestricted = async (who: Registered) =>
      (
        await server.database.db
          .select({ value: exchangeKeys.ipRestricted })
          .from(exchangeKeys)
          .where(eq(exchangeKeys.userId, who.userId))
      )[0]?.value;
    expect([await ipRestricted(alice), await ipRestricted(bob)]).toStrictEqual([true, false]);
    const [row] = await server.database.db.select().from(exchangeKeys).where(eq(exchangeKeys.userId, alice.userId));
    expect(JSON.stringify(row)).not.toContain(aliceKey.secretKey);
    expect((await get(alice, 'fetchkeys')).json()).toEqual({ apiKey: aliceKey.apiKey });
    expect((await get(alice, 'fetchkeys')).body).not.toContain(aliceKey.secretKey);
    expect((await get(alice, 'checkConnection')).json()).toEqual({ connected: true });
    expect((await get(alice, 'serverip')).json()).toEqual({ ip: '127.0.0.1' });
    expect((await get(alice, 'spotBalance')).json()).toEqual({ spotusdtAmount: '1000', free: '1000', inBots: '0' });
    expect((await get(bob, 'spotBalance')).json()).toEqual({ spotusdtAmount: '7', free: '7', inBots: '0' });
    expect((await get(alice, 'futuresBalance')).json()).toEqual({ futuresusdtAmount: '50', free: '50', inBots: '0' });
    const assets = (await get(alice, 'spotAssets')).json<WalletAsset[]>();
    expect(assets.map((a) => a.asset).sort()).toEqual(['BTC', 'USDT']);
    expect(assets.find((a) => a.asset === 'BTC')!.value).toMatch(/^\d+(\.\d+)?$/);
    expect((await get(bob, 'spotAssets')).json()).toEqual([
      { asset: 'USDT', balance: '7', value: '7', free: '7', inBots: '0', holders: [] },
    ]);
  });

  it('transfers both ways, checks amounts and directions', async () => {
    const body = (amount: string, from = 'spot', to = 'futures') => ({ from, to, coin: 'USDT', amount });
    expect((await post(alice, 'transferspottofutures', body('100'))).json()).toEqual({ message: SERVER.transferSuccessful });
    expect((await get(alice, 'futuresBalance')).json()).toEqual({ futuresusdtAmount: '150', free: '150', inBots: '0' });
    expect((await post(alice, 'transferfuturestospot', body('25', 'futures', 'spot'))).json()).toEqual({
      message: SERVER.transferSuccessful,
    });
    expect((await get(alice, 'spotBalance')).json()).toEqual({ spotusdtAmount: '925', free: '925', inBots: '0' });
    expect((await post(alice, 'transferspottofutures', body('5000'))).json().message).toBe(VALIDATION.transferExceeds);
    expect((await post(alice, 'transferspottofutures', body('-1'))).statusCode).toBe(400);
    expect((await post(alice, 'transferspottofutures', body('1', 'futures', 'spot'))).statusCode).toBe(400);
    const twice = await Promise.all([
      post(bob, 'transferspottofutures', body('5')),
      post(bob, 'transferspottofutures', body('5')),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a malformed Idempotency-Key with a 400 instead of running the request as a new one', async () => {
    const send = (key: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/transferspottofutures',
        payload: { from: 'spot', to: 'futures', coin: 'USDT', amount: '1' },
        headers: { ...bearer(alice.token), 'idempotency-key': key },
      });
    const before = (await get(alice, 'spotBalance')).json();
    for (const key of ['k'.repeat(101), 'two words', '']) {
      const res = await send(key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SERVER.idempotencyKeyInvalid(100));
    }
    expect((await get(alice, 'spotBalance')).json()).toEqual(before);
  });

  it('swaps to USDT with a real market sell, refusing dust below the minimum notional', async () => {
    expect((await post(alice, 'swaptousdt', { asset: 'BTC', amount: '0.005' })).json()).toEqual({
      message: SERVER.swapSuccessful,
    });
    const account = server.exchange.simulator.control.getAccount(aliceKey.apiKey)!;
    expect(account.balances.BTC!.free).toMatch(/^0\.005/);
    expect(account.trades.filter((t) => t.side === 'SELL' || t.side === 'sell')).toHaveLength(1);
    const dust = await post(alice, 'swaptousdt', { asset: 'BTC', amount: '0.00001' });
    expect([dust.statusCode, dust.json().message]).toEqual([
      400,
      "The swap is below the exchange's minimum order value of 5 USDT.",
    ]);
    expect((await post(alice, 'swaptousdt', { asset: 'BTC', amount: '9' })).statusCode).toBe(400);
    server.exchange.simulator.control.setFaults({ failAfterAccept: 1 }); // the exchange fills, then answers 503
    try {
      expect((await post(alice, 'swaptousdt', { asset: 'BTC', amount: '0.001' })).json()).toEqual({
        message: SERVER.swapSuccessful,
      });
    } finally {
      server.exchange.simulator.control.clearFaults();
    }
    expect(server.exchange.simulator.control.getAccount(aliceKey.apiKey)!.trades).toHaveLength(2); // looked up, not resubmitted
    expect((await post(alice, 'swaptousdt', { asset: 'USDT', amount: '1' })).statusCode).toBe(400);
  });

  it('serves market data', async () => {
    expect((await get(alice, 'symbolpair')).json().pairs).toContain('BTCUSDT');
    const price = server.exchange.simulator.control.getPrice('ETHUSDT');
    // With the pair's price step, so screens show the price to its decimals (trailing zeros kept).
    expect((await post(alice, 'liveprice', { pair: 'ETHUSDT' })).json()).toEqual({ price, tickSize: '0.01' });
    expect((await post(alice, 'liveprice', { pair: 'XRPUSDT' })).json().tickSize).toBe('0.0001');
    const future = (await post(alice, 'futureliveprice', { pair: 'BTCUSDT' })).json();
    expect(future.price).toMatch(/^\d+(\.\d+)?$/);
    expect(future.tickSize).toMatch(/^0\.0*1$/);
    expect((await post(alice, 'liveprice', { pair: 'btc' })).statusCode).toBe(400);
    expect((await get(alice, 'minimum-bot-amount')).json()).toEqual({ minimumBotAmount: '100' });
    const tickers = (await get(alice, 'tickers')).json().tickers;
    expect(tickers).toHaveLength(22);
    expect(tickers[0]).toMatchObject({ symbol: 'BTCUSDT', tickSize: '0.01' });
    expect(tickers.every((t: { tickSize?: string }) => /^(0\.0*)?1$/.test(t.tickSize ?? ''))).toBe(true);
    const klines = (await get(alice, 'klines?pair=BTCUSDT&interval=15m&limit=50')).json().klines;
    expect(klines).toHaveLength(50);
    expect(Object.keys(klines[0]).sort()).toEqual(['close', 'high', 'low', 'open', 'time', 'volume']);
    expect((await get(alice, 'klines?pair=BTCUSDT&interval=2m')).statusCode).toBe(400);
  });

  it('streams tickers over SSE on change and unsubscribes when the client goes away', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (server.app.server.address() as { port: number }).port;
    const events: string[] = [];
    const req = http.get({ host: '127.0.0.1', port, path: '/api/tickers/stream', headers: bearer(alice.token) });
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    expect(res.headers['content-type']).toBe('text/event-stream');
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => events.push(...chunk.split('\n\n').filter((e) => e.startsWith('event: tickers'))));
    await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(1));
    expect(server.exchange.marketData.subscribers).toBe(1);
    server.exchange.simulator.control.setPrice('BTCUSDT', '71234.56');
    await vi.waitFor(() => expect(events.at(-1)).toContain('"price":"71234.56"'));
    expect(events.at(-1)).toContain('"symbol":"BTCUSDT","price":"71234.56"');
    expect(JSON.parse(events.at(-1)!.split('data: ')[1]!).tickers[0].tickSize).toBe('0.01');
    req.destroy();
    await vi.waitFor(() => expect(server.exchange.marketData.subscribers).toBe(0));
    expect((await server.app.inject({ method: 'GET', url: '/api/tickers/stream' })).statusCode).toBe(401);
  });

  it('refuses to disconnect while a bot runs, then disconnects', async () => {
    await server.database.db.insert(bots).values({ userId: alice.userId, status: 'Live' });
    const refused = await post(alice, 'apikeys', { apiKey: null, secretKey: null });
    expect([refused.statusCode, refused.json().message]).toEqual([400, SERVER.botRunningCannotDisconnect]);
    await server.database.db.update(bots).set({ status: 'Stopped' }).where(eq(bots.userId, alice.userId));
    // A live cycle's orders rest on the exchange under the key: refused the same way.
    const cycle = await insertCycle(server.database.db, alice.userId);
    const refusedForCycle = await post(alice, 'apikeys', { apiKey: null, secretKey: null });
    expect([refusedForCycle.statusCode, refusedForCycle.json().message, refusedForCycle.json().reason]).toEqual([
      400,
      SERVER.botRunningCannotDisconnect,
      'keys.bot_running',
    ]);
    await server.database.db.update(cycles).set({ status: 'Completed' }).where(eq(cycles.id, cycle.id));
    expect((await post(alice, 'apikeys', { apiKey: null, secretKey: null })).json()).toEqual({ message: UI.disconnected });
    expect((await get(alice, 'fetchkeys')).json()).toEqual({ apiKey: null });
    expect((await get(bob, 'fetchkeys')).json()).toEqual({ apiKey: bobKey.apiKey });
  });
});
