import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER } from '../../../../common/messages';
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

const item = { strategy_name: 'Alpha', No_of_order: 3, status: 'inactive', _id: 'id-1' };
const row = {
  gridNo: 1,
  allottedAmountPercentagePerOrder: '100',
  buyPercentage: null,
  buyPercentageUp: null,
  takeProfitPercentage: '1.2',
  takeProfitPercentageDown: '0.2',
};
const detail = {
  strategy_name: 'Alpha',
  No_of_order: 1,
  allotted_amount_percentage_per_order: ['1'],
  buy_percentage: [],
  buy_percentage_up: [],
  takeprofit_percentage: ['1.2'],
  takeprofit_percentage_down: ['0.2'],
};

describe('strategies IPC area', () => {
  it.each([
    ['strategies:list', 'GET /api/mystratagieslist'],
    ['strategies:mine', 'GET /api/mystratagies'],
    ['strategies:system', 'GET /api/systemstrategy'],
    ['strategies:mineScalping', 'GET /api/mystratagiesscalping'],
    ['strategies:systemScalping', 'GET /api/systemstrategyscalping'],
  ])('%s calls %s with the Bearer token', async (channel, route) => {
    server.route(route, { status: 200, body: [item] });
    expect(await ipc.invoke(channel, {})).toEqual({ ok: true, value: [item] });
    expect(server.requests[0]?.authorization).toBe('Bearer tok-1');
  });

  it.each([
    [
      'strategies:create',
      'POST /api/strategy',
      { strategyName: 'Alpha', noOfGrids: '1', tableData: [row] },
      { message: SERVER.strategySaved },
    ],
    ['strategies:detail', 'POST /api/stratagybypara', { strategy_name: 'Alpha' }, detail],
    ['strategies:edit', 'POST /api/stratagyedit', { dataToSend: detail }, { message: SERVER.strategyUpdated }],
    ['strategies:delete', 'POST /api/deletestrategy', { strategy_name: 'Alpha' }, { message: SERVER.strategyDeleted }],
    ['strategies:gridCount', 'POST /api/noofgrid', { strategyName: 'Alpha' }, { noOfGrid: 3 }],
  ])('%s posts the SPEC body to %s', async (channel, route, payload, reply) => {
    server.route(route, { status: 200, body: reply });
    expect(await ipc.invoke(channel, payload)).toEqual({ ok: true, value: reply });
    expect(server.requests[0]?.body).toEqual(payload);
  });

  it('returns the server refusal as a value with its status and message', async () => {
    server.route('POST /api/deletestrategy', { status: 400, body: { message: SERVER.strategyInUse } });
    expect(await ipc.invoke('strategies:delete', { strategy_name: 'Alpha' })).toEqual({
      ok: false,
      error: { status: 400, message: SERVER.strategyInUse, reason: 'request.malformed' },
    });
  });

  it('strips unknown keys and refuses values no form sends before calling the server', async () => {
    server.route('POST /api/noofgrid', { status: 200, body: { noOfGrid: 1 } });
    await ipc.invoke('strategies:gridCount', { strategyName: 'Alpha', userId: 'someone-else' });
    expect(server.requests[0]?.body).toEqual({ strategyName: 'Alpha' });

    // Past any form's size: a strategy's own bounds (50 grids, 200 characters) are the server's rules.
    const tooMany = Array.from({ length: 1_001 }, (_, i) => ({ ...row, gridNo: i + 1 }));
    const bad = [
      ['strategies:create', { strategyName: 'A', noOfGrids: 51, tableData: tooMany }],
      ['strategies:create', { strategyName: 'A', noOfGrids: 1, tableData: [{ ...row, buyPercentage: { $gt: 1 } }] }],
      ['strategies:detail', { strategy_name: 'x'.repeat(10_001) }],
      ['strategies:edit', { dataToSend: { ...detail, buy_percentage: 'all' } }],
      ['strategies:delete', { strategy_name: ['Alpha'] }],
    ] as const;
    for (const [channel, payload] of bad) {
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(server.requests).toHaveLength(1);
  });
});
