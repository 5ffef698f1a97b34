import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER } from '../../../../common/messages';
import { startFakePlatformServer, type FakePlatformServer } from '../../../testing/fake-platform-server';
import { testPorts } from '../../../testing/test-ports';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import { createMemorySettings } from '../../ports/settings-defaults';
import type { Keychain, SettingsStore } from '../../ports/types';
import { createIpcHandlers, type IpcHandlers } from '../handlers';

let server: FakePlatformServer;
let keychain: Keychain;
let settings: SettingsStore;
let ipc: IpcHandlers;

beforeEach(async () => {
  server = await startFakePlatformServer();
  keychain = createMemoryKeychain('tok-1');
  settings = createMemorySettings({ email: 'alice@example.com' });
  ipc = createIpcHandlers(testPorts(server.url, { keychain, settings }));
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const envelope = (data: unknown, msg: string = SERVER.accountOk) => ({ status: 200, body: { code: '0000', data, msg } });
const page = (records: unknown[]) => ({ records, current: 2, pages: 3, total: 21 });
const listBody = (extra: Record<string, unknown> = {}) => ({ filters: extra, limit: 10, page: 2 });

describe('billing IPC area: reads', () => {
  it.each([
    ['billing:userData', {}, '/account/user-data', { usdtToken: '5' }, {}],
    ['billing:levelReward', {}, '/account/level-income/level-reward', { rewards: '12.5' }, {}],
    ['billing:teamLevels', {}, '/account/team/dashboard', [{ level: 1, reward: '5', members: 2, totalSubscription: '80' }], {}],
    ['billing:subscriptions', { page: 2 }, '/account/subscription/list', page([{ id: 's1' }]), listBody()],
    ['billing:levelIncome', { page: 2 }, '/account/level-income/list', page([{ id: 'r1' }]), listBody()],
    ['billing:deposits', { page: 2 }, '/account/wallet/deposit/list', page([{ id: 'd1' }]), listBody()],
    ['billing:withdrawals', { page: 2 }, '/account/withdraw/list', page([{ id: 'w1' }]), listBody()],
    ['billing:teamMembers', { page: 2, level: 3 }, '/account/team/level-member', page([{ name: 'Bo' }]), listBody({ level: 3 })],
  ] as const)('%s posts to %s with the token and unwraps the data', async (channel, payload, path, data, body) => {
    server.route(`POST ${path}`, envelope(data));
    expect(await ipc.invoke(channel, payload)).toEqual({ ok: true, value: data });
    expect(server.requests[0]).toMatchObject({ authorization: 'Bearer tok-1', body });
  });

  it('answers the plans list out of data.plans', async () => {
    const plans = [{ id: 'p1', usdtToken: '40', ifcNewToken: '160', days: 30 }];
    server.route('POST /account/subscription/plans', envelope({ plans }));
    expect(await ipc.invoke('billing:plans', {})).toEqual({ ok: true, value: plans });
  });

  it("passes the service's msg on when the code is not '0000', or the HTTP status is an error", async () => {
    server.route('POST /account/user-data', { status: 200, body: { code: '1001', msg: 'No such member' } });
    expect(await ipc.invoke('billing:userData', {})).toEqual({ ok: false, error: { status: 400, message: 'No such member' } });
    server.route('POST /account/withdraw/list', { status: 400, body: { code: '400', msg: 'page must be at least 1' } });
    expect(await ipc.invoke('billing:withdrawals', { page: 1 })).toEqual({
      ok: false,
      error: { status: 400, message: 'page must be at least 1' },
    });
  });

  it('refuses a page below 1 or an unknown key before calling the server', async () => {
    expect(await ipc.invoke('billing:deposits', { page: 0 })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(await ipc.invoke('billing:teamMembers', { page: 1 })).toMatchObject({ ok: false, error: { status: 400 } });
    expect(server.requests).toHaveLength(0);
  });

  it('treats a 401 as an expired session', async () => {
    const events: string[] = [];
    ipc.on((event) => events.push(event));
    server.route('POST /account/team/dashboard', { status: 401, body: { code: '401', msg: 'Unauthorized' } });
    await ipc.invoke('billing:teamLevels', {});
    expect(events).toEqual(['session:expired']);
    expect(await keychain.getToken()).toBeNull();
  });
});

describe('billing IPC area: actions with a message', () => {
  it("subscribes with the plan id and answers the service's msg", async () => {
    server.route('POST /account/subscription/create', envelope({ paidWith: 'USDT' }, SERVER.subscriptionPurchased));
    expect(await ipc.invoke('billing:subscribe', { planId: 'p1' })).toEqual({
      ok: true,
      value: { message: SERVER.subscriptionPurchased, data: { paidWith: 'USDT' } },
    });
    expect(server.requests[0]?.body).toEqual({ planId: 'p1' });
  });

  it("passes a refused purchase's msg on as the error", async () => {
    const msg = SERVER.subscriptionUnaffordable('40', '160');
    server.route('POST /account/subscription/create', { status: 400, body: { code: '400', msg } });
    expect(await ipc.invoke('billing:subscribe', { planId: 'p1' })).toEqual({ ok: false, error: { status: 400, message: msg } });
  });

  it('withdraws and swaps with exactly the typed fields', async () => {
    server.route('POST /account/withdraw/create', envelope({ id: 'w1', status: 'PENDING' }, 'Withdrawal requested'));
    server.route('POST /account/swap/usdt-reward/create', envelope({ usdtToken: '15', usdtRewardToken: '5' }, 'Swapped'));
    const to = `0x${'ab'.repeat(20)}`;
    expect(await ipc.invoke('billing:withdraw', { amount: '10', toAddress: to })).toEqual({
      ok: true,
      value: { message: 'Withdrawal requested', data: { id: 'w1', status: 'PENDING' } },
    });
    expect(await ipc.invoke('billing:swapReward', { amount: '5' })).toEqual({
      ok: true,
      value: { message: 'Swapped', data: { usdtToken: '15', usdtRewardToken: '5' } },
    });
    expect(server.requests.map((r) => r.body)).toEqual([{ amount: '10', toAddress: to }, { amount: '5' }]);
  });

  it('answers the sync msg on success and passes it on as the error on failure', async () => {
    server.route('POST /account/wallet/usdt/deposit/sync', envelope(undefined, 'Deposit synced: 1 new transfer'));
    expect(await ipc.invoke('billing:depositSync', {})).toEqual({ ok: true, value: { message: 'Deposit synced: 1 new transfer' } });
    server.route('POST /account/wallet/usdt/deposit/sync', { status: 503, body: { code: '503', msg: 'Deposits are not available on this server.' } });
    expect(await ipc.invoke('billing:depositSync', {})).toEqual({
      ok: false,
      error: { status: 503, message: 'Deposits are not available on this server.' },
    });
  });
});

describe('billing IPC area: the deposit listening window', () => {
  it('opens the window on the server and keeps its end in the settings until it passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    server.route('POST /account/wallet/usdt/deposit/listen', envelope({ usdtListenExpiredInSeconds: 900 }));
    expect(await ipc.invoke('billing:depositListen', {})).toEqual({ ok: true, value: { endsAt: 1_900_000 } });
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: 1_900_000 } });
    vi.setSystemTime(1_900_000);
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: null } });
  });

  it('survives new handlers over the same settings (a reload), and closes on request', async () => {
    server.route('POST /account/wallet/usdt/deposit/listen', envelope({ usdtListenExpiredInSeconds: 60 }));
    const opened = await ipc.invoke('billing:depositListen', {});
    const again = createIpcHandlers(testPorts(server.url, { keychain, settings }));
    expect(await again.invoke('billing:depositWindow', {})).toEqual(opened);
    expect(await again.invoke('billing:depositWindowClose', {})).toEqual({ ok: true, value: { endsAt: null } });
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: null } });
  });

  it("never shows one member's window to another member on this desktop", async () => {
    server.route('POST /account/wallet/usdt/deposit/listen', envelope({ usdtListenExpiredInSeconds: 60 }));
    await ipc.invoke('billing:depositListen', {});
    settings.set('email', 'bob@example.com');
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: null } });
  });

  it('saves nothing when the server refuses to listen', async () => {
    server.route('POST /account/wallet/usdt/deposit/listen', { status: 503, body: { code: '503', msg: 'No chain here.' } });
    expect(await ipc.invoke('billing:depositListen', {})).toEqual({ ok: false, error: { status: 503, message: 'No chain here.' } });
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: null } });
  });
});
