import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../../../common/messages';
import { startFakePlatformServer, type FakePlatformServer } from '../../../testing/fake-platform-server';
import { testPorts } from '../../../testing/test-ports';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import { createMemorySettings } from '../../ports/settings-defaults';
import type { IpcPorts, Keychain } from '../../ports/types';
import { createIpcHandlers, type IpcHandlers } from '../handlers';
import { exchangeSecretName } from '../exchange-secret';

let server: FakePlatformServer;
let keychain: Keychain;
let ports: IpcPorts;
let ipc: IpcHandlers;

beforeEach(async () => {
  server = await startFakePlatformServer();
  keychain = createMemoryKeychain('tok-1');
  ports = testPorts(server.url, { keychain, settings: createMemorySettings({ email: 'alice@example.com' }) });
  ipc = createIpcHandlers(ports);
});
afterEach(() => server.close());

const asset = { asset: 'BTC', balance: '0.5', value: '21000.00' };

describe('exchange IPC area: reads', () => {
  it.each([
    ['keys:checkConnection', {}, 'GET /api/checkConnection', { connected: true }],
    ['keys:serverIp', {}, 'GET /api/serverip', { ip: '203.0.113.7' }],
    ['keys:fetch', {}, 'GET /api/fetchkeys', { apiKey: 'AK-1' }],
    ['market:symbolPairs', {}, 'GET /api/symbolpair', { pairs: ['BTCUSDT', 'ETHUSDT'] }],
    ['market:minimumBotAmount', {}, 'GET /api/minimum-bot-amount', { minimumBotAmount: '100' }],
    ['market:tickers', {}, 'GET /api/tickers', { tickers: [{ symbol: 'BTCUSDT', price: '1', changePercent: '0.5' }] }],
    ['market:livePrice', { pair: 'BTCUSDT' }, 'POST /api/liveprice', { price: '42000.10' }],
    ['market:futureLivePrice', { pair: 'BTCUSDT' }, 'POST /api/futureliveprice', { price: '42001.00' }],
    ['wallet:spotBalance', {}, 'GET /api/spotBalance', { spotusdtAmount: '10000' }],
    ['wallet:futuresBalance', {}, 'GET /api/futuresBalance', { futuresusdtAmount: '1000' }],
    ['wallet:spotAssets', {}, 'GET /api/spotAssets', [asset]],
    ['wallet:futuresAssets', {}, 'GET /api/futuresAssets', [{ ...asset, asset: 'USDT' }]],
  ] as const)('%s calls %s with the token and returns its body', async (channel, payload, route, body) => {
    server.route(route, { status: 200, body });
    expect(await ipc.invoke(channel, payload)).toEqual({ ok: true, value: body });
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
    if (route.startsWith('POST')) expect(server.requests[0]?.body).toEqual(payload);
  });

  it('asks for klines with the pair, interval and limit in the query', async () => {
    const klines = [{ time: 1, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' }];
    server.route('GET /api/klines?pair=BTCUSDT&interval=15m&limit=300', { status: 200, body: { klines } });
    expect(await ipc.invoke('market:klines', { pair: 'BTCUSDT', interval: '15m', limit: 300 })).toEqual({
      ok: true,
      value: { klines },
    });
  });

  it('leaves a kline interval to the server, which refuses one it does not serve', async () => {
    server.route('GET /api/klines?pair=BTCUSDT&interval=7m', {
      status: 400,
      body: { message: 'interval must be one of 1m, 5m' },
    });
    const result = await ipc.invoke('market:klines', { pair: 'BTCUSDT', interval: '7m' } as never);
    expect(result).toMatchObject({ ok: false, error: { status: 400, message: 'interval must be one of 1m, 5m' } });
    expect(server.requests).toHaveLength(1);
  });
});

/** Where earlier versions kept a copy of the member's exchange secret. */
const copyName = () => exchangeSecretName(ports.settings.get('email'));

describe('exchange IPC area: API keys and the keychain', () => {
  it('saves the keys on the server only: no copy of the secret stays on the desktop, none comes back', async () => {
    server.route('POST /api/apikeys', { status: 200, body: { message: UI.apiKeysSaved } });
    const result = await ipc.invoke('keys:save', { apiKey: 'AK-1', secretKey: 'SK-very-secret' });
    expect(result).toEqual({ ok: true, value: { message: UI.apiKeysSaved } });
    expect(JSON.stringify(result)).not.toContain('SK-very-secret');
    expect(server.requests[0]?.body).toEqual({ apiKey: 'AK-1', secretKey: 'SK-very-secret' });
    expect(await keychain.getSecret(copyName())).toBeNull();
  });

  it('removes the copy an earlier version kept when the keys are saved again', async () => {
    await keychain.setSecret(copyName(), 'SK-old');
    server.route('POST /api/apikeys', { status: 200, body: { message: UI.apiKeysSaved } });
    await ipc.invoke('keys:save', { apiKey: 'AK-1', secretKey: 'SK-new' });
    expect(await keychain.getSecret(copyName())).toBeNull();
  });

  it('passes on the warning the server saves a key with (no IP restriction)', async () => {
    const warning = 'These keys work from any IP address.';
    server.route('POST /api/apikeys', { status: 200, body: { message: UI.apiKeysSaved, warning } });
    expect(await ipc.invoke('keys:save', { apiKey: 'AK-1', secretKey: 'SK-1' })).toEqual({
      ok: true,
      value: { message: UI.apiKeysSaved, warning },
    });
  });

  it('keeps nothing when the server refuses the keys, and passes its message and reason on', async () => {
    const message = 'Invalid API key or secret. Check the keys and try again.';
    server.route('POST /api/apikeys', { status: 400, body: { message, reason: 'keys.rejected' } });
    expect(await ipc.invoke('keys:save', { apiKey: 'AK-1', secretKey: 'bad' })).toEqual({
      ok: false,
      error: { status: 400, message, reason: 'keys.rejected' },
    });
    expect(await keychain.getSecret(copyName())).toBeNull();
  });

  it('disconnects with null keys and removes any copy an earlier version kept', async () => {
    await keychain.setSecret(copyName(), 'SK-1');
    server.route('POST /api/apikeys', { status: 200, body: { message: UI.disconnected } });
    expect(await ipc.invoke('keys:disconnect', {})).toEqual({ ok: true, value: { message: UI.disconnected } });
    expect(server.requests[0]?.body).toEqual({ apiKey: null, secretKey: null });
    expect(await keychain.getSecret(copyName())).toBeNull();
  });

  it('passes a refused disconnect on (a bot runs) and still drops the desktop copy the server never needed', async () => {
    await keychain.setSecret(copyName(), 'SK-1');
    server.route('POST /api/apikeys', { status: 400, body: { message: SERVER.botRunningCannotDisconnect } });
    expect(await ipc.invoke('keys:disconnect', {})).toEqual({
      ok: false,
      error: { status: 400, message: SERVER.botRunningCannotDisconnect, reason: 'request.malformed' },
    });
    expect(await keychain.getSecret(copyName())).toBeNull();
  });

  it('knows the per-member entry name earlier versions used', () => {
    expect(copyName()).toBe('exchange-secret:alice@example.com');
  });
});

describe('exchange IPC area: wallet moves', () => {
  it.each([
    ['SpotToFutures', 'POST /api/transferspottofutures', { from: 'spot', to: 'futures' }],
    ['FuturesToSpot', 'POST /api/transferfuturestospot', { from: 'futures', to: 'spot' }],
  ] as const)('transfers %s through %s', async (direction, route, sides) => {
    server.route(route, { status: 200, body: { message: SERVER.transferSuccessful } });
    expect(await ipc.invoke('wallet:transfer', { direction, amount: '12.5' })).toEqual({
      ok: true,
      value: { message: SERVER.transferSuccessful },
    });
    expect(server.requests[0]?.body).toEqual({ ...sides, coin: 'USDT', amount: '12.5' });
  });

  it('refuses an unknown direction before any call', async () => {
    expect(await ipc.invoke('wallet:transfer', { direction: 'SpotToMoon', amount: '1' })).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('swaps an asset to USDT and passes a refusal on with its reason', async () => {
    server.route('POST /api/swaptousdt', { status: 200, body: { message: SERVER.swapSuccessful } });
    expect(await ipc.invoke('wallet:swap', { asset: 'BTC', amount: '0.1' })).toEqual({
      ok: true,
      value: { message: SERVER.swapSuccessful },
    });
    expect(server.requests[0]?.body).toEqual({ asset: 'BTC', amount: '0.1' });
    server.route('POST /api/swaptousdt', { status: 400, body: { message: 'Amount exceeds the BTC balance.' } });
    expect(await ipc.invoke('wallet:swap', { asset: 'BTC', amount: '9' })).toEqual({
      ok: false,
      error: { status: 400, message: 'Amount exceeds the BTC balance.', reason: 'request.malformed' },
    });
  });

  it('treats a 401 from a wallet call as an expired session', async () => {
    const events: string[] = [];
    ipc.on((event) => events.push(event));
    server.route('GET /api/spotBalance', { status: 401, body: { message: 'Unauthorized' } });
    await ipc.invoke('wallet:spotBalance', {});
    expect(events).toEqual(['session:expired']);
    expect(await keychain.getToken()).toBeNull();
  });
});
