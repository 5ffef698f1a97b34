import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlatformServer, type FakePlatformServer } from '../../../testing/fake-platform-server';
import { testPorts } from '../../../testing/test-ports';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import type { Keychain } from '../../ports/types';
import { createIpcHandlers, type IpcHandlers } from '../handlers';

let server: FakePlatformServer;
let keychain: Keychain;
let ipc: IpcHandlers;

beforeEach(async () => {
  server = await startFakePlatformServer();
  keychain = createMemoryKeychain('tok-1');
  ipc = createIpcHandlers(testPorts(server.url, { keychain }));
});
afterEach(() => server.close());

const byId = { botID: 'bot-1' };
const done = { message: 'Done' };
const start = {
  selectPair: 'BTCUSDT',
  myStrategy: 'System Strategy',
  amount: 500,
  category: 'Spot',
  botType: 'Advanced Multigrid',
  leverage: null,
  profitbookat: '5',
  sellPausePrice: '',
  restartPrice: null,
  stoplossPrice: '30000',
};
/** Answers the real server could send: each holds every field its response schema requires. */
const liveBot = {
  id: 'bot-1',
  name: 'BTCUSDT',
  category: 'Spot',
  tradeType: 'Advanced Multigrid',
  strategy_name: 'System Strategy',
  status: 'Live',
  liveprice: '42000',
  runtime: 3,
  roi: '12.5',
  investment: '500',
  pnl: '2.5',
  trades24h: 4,
  grid_no: 2,
  total_grid: 10,
  sparklineData: [],
  datewiseprofit: {},
};
const historyRow = {
  id: 'bot-1',
  symbol: 'BTCUSDT',
  strategy_name: 'System Strategy',
  runtime: 3,
  investment: '500',
  profit: '3',
  lossbook: '0',
  totalpnl: '3',
  roi: '0.6',
  botstarttime: '2026-11-01T00:00:00.000Z',
  botstoptime: '2026-11-04T00:00:00.000Z',
  stopAt: null,
  trades: 2,
  stopReason: 'manual',
};
const botInfo = {
  name: 'BTCUSDT',
  category: 'Spot',
  leverage: null,
  strategy_name: 'System Strategy',
  liveprice: '42000',
  status: 'Live',
  runtime: 3,
  roi: '12.5',
  trades24h: 4,
  grid_no: 2,
  total_grid: 10,
  last_buying_price: '41000',
  investment: '500',
  pnl: '2.5',
  botstartdate: '2026-11-01T00:00:00.000Z',
  datewiseprofit: {},
  sparklineData: [],
  overbuy_protection_value: null,
  stopReason: null,
  botstopdate: null,
  tickSize: '0.01',
  stepSize: '0.00001',
};

describe('bots IPC area: reads', () => {
  it.each([
    ['bots:features', {}, 'GET /api/features', { futuresEnabled: false }],
    ['bots:status', {}, 'GET /api/botstatus', [liveBot]],
    ['bots:live', {}, 'GET /api/livebotdata', [liveBot]],
    ['bots:multigridHistory', {}, 'GET /api/bothistory', [historyRow]],
    ['bots:scalpHistory', {}, 'GET /api/scalpbothistory', []],
    ['cycles:history', {}, 'GET /api/cyclebothistory', []],
    ['cycles:live', {}, 'GET /api/livecycles', []],
    ['dashboard:disclaimerCheck', {}, 'GET /api/disclaimeragreementcheck', { agreed: false }],
    ['dashboard:pieChart', {}, 'GET /api/pichart', { chartData: [], usdt: '10000', availableBalance: '9500' }],
    ['dashboard:totalProfit', {}, 'GET /api/totalprofitbookdata', { totalProfit: '12', lossBook: '-2', totalpnl: '10' }],
  ] as const)('%s %j calls %s with the token and returns its body', async (channel, payload, route, body) => {
    server.route(route, { status: 200, body });
    expect(await ipc.invoke(channel, payload)).toEqual({ ok: true, value: body });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it('refuses a key a read does not take by dropping it', async () => {
    server.route('GET /api/bothistory', { status: 200, body: [] });
    await ipc.invoke('bots:multigridHistory', { kind: 'futures' } as never);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/bothistory']);
  });
});

describe('bots IPC area: calls with a body', () => {
  it.each([
    ['bots:start', start, 'POST /api/startbotdata', { message: 'User request created successfully', botID: 'bot-1' }],
    ['bots:info', byId, 'POST /api/botinfo', botInfo],
    ['bots:orderBook', byId, 'POST /api/orderbook', { orders: [] }],
    [
      'bots:purchasedQty',
      byId,
      'POST /api/purchasedQty',
      { totalQuantity: '0.01', avgPrice: '42000', totalpnl: '1', pnl: '0.5' },
    ],
    ['bots:position', byId, 'POST /api/position', { liquidationPrice: null }],
    ['bots:stop', byId, 'POST /api/stopbot', done],
    ['bots:stopAndSell', byId, 'POST /api/stopbotwithsell', done],
    ['bots:profitBook', byId, 'POST /api/profitbookat', { profitbookat: '5' }],
    ['bots:editProfitBook', { botID: 'bot-1', profitBookValue: '7' }, 'POST /api/editprofitbookat', done],
    ['bots:editProfitBook', { botID: 'bot-1', profitBookValue: null }, 'POST /api/editprofitbookat', done],
    ['bots:protection', byId, 'POST /api/protectionvalues', { is_protection_active: true, protection_grid_at: 3 }],
    [
      'bots:editProtection',
      { botID: 'bot-1', overbuyProtectionValue: 3, protectionActive: true },
      'POST /api/gridprotectionadd',
      done,
    ],
    [
      'bots:sltp',
      byId,
      'POST /api/sltp',
      {
        sell_all_and_pause_at_price: null,
        restart_at_price: null,
        stoploss_and_stopbot_at_price: '30000',
      },
    ],
    [
      'bots:editSltp',
      { botID: 'bot-1', sellAllAndPausePrice: '50000', restartPrice: '45000', stoplossPrice: null },
      'POST /api/sltpedit',
      done,
    ],
  ] as const)('%s posts the checked body to %s', async (channel, payload, route, body) => {
    server.route(route, { status: 200, body });
    expect(await ipc.invoke(channel, payload)).toEqual({ ok: true, value: body });
    expect(server.requests).toHaveLength(1);
    expect(`${server.requests[0]?.method} ${server.requests[0]?.path}`).toBe(route);
    expect(server.requests[0]?.body).toEqual(payload);
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it('sends a Scalping Grid start to the start route, where the server decides by bot type, and passes its refusal on', async () => {
    const comingSoon = 'Scalping Grid is coming soon.';
    server.route('POST /api/startbotdata', { status: 400, body: { message: comingSoon } });
    const scalp = { ...start, botType: 'Scalping Grid' };
    expect(await ipc.invoke('bots:start', scalp)).toEqual({
      ok: false,
      error: { status: 400, message: comingSoon, reason: 'request.malformed' },
    });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/startbotdata']);
    expect(server.requests[0]?.body).toEqual(scalp);
  });

  it('forwards only the fields the contract knows', async () => {
    server.route('POST /api/stopbot', { status: 200, body: done });
    await ipc.invoke('bots:stop', { botID: 'bot-1', userId: 'someone-else' });
    expect(server.requests[0]?.body).toEqual({ botID: 'bot-1' });
  });

  it('agrees to the disclaimer with the SPEC body', async () => {
    server.route('POST /api/disclaimer', { status: 200, body: { message: 'Agreed' } });
    expect(await ipc.invoke('dashboard:disclaimer', { disclaimerAgree: true })).toEqual({
      ok: true,
      value: { message: 'Agreed' },
    });
    expect(server.requests[0]?.body).toEqual({ disclaimerAgree: true });
  });

  it('passes a refusal on with the server words, for the screen to show', async () => {
    const short = 'Insufficient available balance. Available: 20 USDT';
    server.route('POST /api/startbotdata', { status: 400, body: { message: short } });
    expect(await ipc.invoke('bots:start', start)).toEqual({
      ok: false,
      error: { status: 400, message: short, reason: 'request.malformed' },
    });
    server.route('POST /api/botinfo', { status: 404, body: { message: 'Bot not found' } });
    expect(await ipc.invoke('bots:info', byId)).toEqual({
      ok: false,
      error: { status: 404, message: 'Bot not found', reason: 'request.not_found' },
    });
  });

  it.each([
    ['bots:stop', { botID: { $ne: null } }],
    ['bots:start', { ...start, amount: [500] }],
    ['bots:editProtection', { botID: 'bot-1', overbuyProtectionValue: 3, protectionActive: 'x'.repeat(10_001) }],
    ['bots:editSltp', { botID: 'bot-1', sellAllAndPausePrice: { $gt: 1 }, restartPrice: null, stoplossPrice: null }],
  ] as const)('refuses %s %j, a value no form sends, before any call', async (channel, payload) => {
    expect(await ipc.invoke(channel, payload as never)).toMatchObject({
      ok: false,
      error: { status: 400, reason: 'request.malformed' },
    });
    expect(server.requests).toHaveLength(0);
  });

  it("leaves the rules to the server: a missing field goes on, and the server's words come back", async () => {
    const required = 'Amount is required';
    server.route('POST /api/startbotdata', { status: 400, body: { message: required } });
    expect(await ipc.invoke('bots:start', { ...start, amount: undefined } as never)).toEqual({
      ok: false,
      error: { status: 400, message: required, reason: 'request.malformed' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('treats a 401 from a bot call as an expired session', async () => {
    const events: string[] = [];
    ipc.on((event) => events.push(event));
    server.route('GET /api/botstatus', { status: 401, body: { message: 'Unauthorized' } });
    await ipc.invoke('bots:status', {});
    expect(events).toEqual(['session:expired']);
    expect(await keychain.getToken()).toBeNull();
  });
});
