import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BacktestResponse } from '../../../../common/api/backtest';
import { startFakePlatformServer, type FakePlatformServer } from '../../../testing/fake-platform-server';
import { testPorts } from '../../../testing/test-ports';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import { createIpcHandlers, type IpcHandlers } from '../handlers';

let server: FakePlatformServer;
let ipc: IpcHandlers;

beforeEach(async () => {
  server = await startFakePlatformServer();
  ipc = createIpcHandlers(testPorts(server.url, { keychain: createMemoryKeychain('tok-1') }));
});
afterEach(() => server.close());

const strategy = {
  noOfGrids: 1,
  tableData: [
    {
      gridNo: 1,
      allottedAmountPercentagePerOrder: '100',
      buyPercentage: null,
      buyPercentageUp: null,
      takeProfitPercentage: '1.2',
      takeProfitPercentageDown: '0.2',
    },
  ],
};
const reply: BacktestResponse = {
  interval: '1h',
  candles: 720,
  summary: {
    pnl: '1.5',
    roi: '0.15',
    apy: '1.8',
    trades: 2,
    maxGridsHeld: 1,
    heldQty: '0',
    unrealized: '0',
    status: 'live',
    maxDrawdown: '3',
    maxDrawdownPercent: '0.3',
  },
  trades: [],
  skipped: 0,
  equity: [{ time: 1, equity: '1000' }],
};

describe('strategies:backtest', () => {
  it('posts the body to /api/backtest with the Bearer token and returns the result', async () => {
    server.route('POST /api/backtest', { status: 200, body: reply });
    const payload = { strategy, pair: 'BTCUSDT', amount: '1000', days: 30, stoplossPrice: null };
    expect(await ipc.invoke('strategies:backtest', payload)).toEqual({ ok: true, value: reply });
    expect(server.requests[0]?.body).toEqual(payload);
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it('returns the server message as a value', async () => {
    server.route('POST /api/backtest', { status: 400, body: { message: 'The exchange is not available on this server.' } });
    expect(
      await ipc.invoke('strategies:backtest', { strategy_name: 'Alpha', pair: 'BTCUSDT', amount: '1000', days: 30 }),
    ).toEqual({
      ok: false,
      error: { status: 400, message: 'The exchange is not available on this server.', reason: 'request.malformed' },
    });
  });

  it('strips unknown keys and refuses values no form sends before calling the server', async () => {
    server.route('POST /api/backtest', { status: 200, body: reply });
    await ipc.invoke('strategies:backtest', { strategy_name: 'Alpha', pair: 'BTCUSDT', amount: '1000', days: 30, userId: 'x' });
    expect(server.requests[0]?.body).toEqual({ strategy_name: 'Alpha', pair: 'BTCUSDT', amount: '1000', days: 30 });
    const bad = [
      { strategy_name: 'Alpha', pair: 'BTCUSDT', amount: { $gt: 1 }, days: 30 },
      { strategy_name: 'Alpha', pair: 'x'.repeat(10_001), amount: '1', days: 30 },
      { strategy: { ...strategy, tableData: 'all' }, pair: 'BTCUSDT', amount: '1', days: 30 },
    ];
    for (const payload of bad) {
      expect(await ipc.invoke('strategies:backtest', payload as never)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(server.requests).toHaveLength(1);
  });
});
