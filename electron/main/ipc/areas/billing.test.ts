import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER, UI } from '../../../../common/messages';
import { startFakePlatformServer, type FakePlatformServer } from '../../../testing/fake-platform-server';
import { testPorts } from '../../../testing/test-ports';
import { createMemoryKeychain } from '../../ports/memory-keychain';
import { createMemorySettings } from '../../ports/settings-defaults';
import type { HttpRequest, Keychain, SettingsStore } from '../../ports/types';
import { createIpcHandlers, type IpcHandlers } from '../handlers';
import { KEY_REUSE_WINDOW_MS } from './submission-keys';

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
const at = '2026-11-26T10:00:00.000Z';
const userData = {
  subscription: { expireDate: null, validityLabel: 'Pending', isExpire: true, note: '' },
  usdtToken: '5',
  ifcNewToken: '0',
  ifcNewTokenPrice: '0.25',
  usdtRewardToken: '0',
  iftToken: '0',
  ifxToken: '0',
  qrCode: null,
  chainEnabled: false,
  withdrawalsEnabled: false,
  withdrawalLimits: { minimum: '10', fee: '1', pendingMax: 3, pending: 1, dailyMax: 10, lastDay: 2 },
};
const subscription = {
  id: 's1',
  usdtToken: '40',
  ifcNewToken: '0',
  ifcToken: '0',
  ifxToken: '0',
  days: 30,
  availableCredit: '10',
  createdAt: at,
};
const levelReward = { id: 'r1', amount: '2', percentage: '5', fromUserName: 'Bo', createdAt: at };
const deposit = { id: 'd1', token: 'USDT', amount: '50', transactionHash: `0x${'1'.repeat(64)}`, createdAt: at };
const withdrawal = { id: 'w1', amount: '10', toAddress: `0x${'ab'.repeat(20)}`, status: 'PENDING', createdAt: at };
const teamMember = { name: 'Bo', sponserName: 'Alice', totalSubscription: '40', totalIncome: '2', isActive: true };
const purchase = { expireDate: '2026-12-26T10:00:00.000Z', paidWith: 'USDT', amount: '40' };

describe('billing IPC area: reads', () => {
  it.each([
    ['billing:userData', {}, '/account/user-data', userData, {}],
    ['billing:levelReward', {}, '/account/level-income/level-reward', { rewards: '12.5' }, {}],
    ['billing:teamLevels', {}, '/account/team/dashboard', [{ level: 1, reward: '5', members: 2, totalSubscription: '80' }], {}],
    ['billing:subscriptions', { page: 2 }, '/account/subscription/list', page([subscription]), listBody()],
    ['billing:levelIncome', { page: 2 }, '/account/level-income/list', page([levelReward]), listBody()],
    ['billing:deposits', { page: 2 }, '/account/wallet/deposit/list', page([deposit]), listBody()],
    ['billing:withdrawals', { page: 2 }, '/account/withdraw/list', page([withdrawal]), listBody()],
    ['billing:teamMembers', { page: 2, level: 3 }, '/account/team/level-member', page([teamMember]), listBody({ level: 3 })],
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

  // A 200 whose code is not '0000' is no answer the server sends (the fake server refuses to script it): ../forward.test.ts.
  it("passes the service's msg on when the HTTP status is an error", async () => {
    server.route('POST /account/withdraw/list', { status: 400, body: { code: '400', msg: 'page must be at least 1' } });
    expect(await ipc.invoke('billing:withdrawals', { page: 1 })).toEqual({
      ok: false,
      error: { status: 400, message: 'page must be at least 1', reason: 'request.malformed' },
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
    server.route('POST /account/subscription/create', envelope(purchase, SERVER.subscriptionPurchased));
    expect(await ipc.invoke('billing:subscribe', { planId: 'p1' })).toEqual({
      ok: true,
      value: { message: SERVER.subscriptionPurchased, data: purchase },
    });
    expect(server.requests[0]?.body).toEqual({ planId: 'p1' });
  });

  it("passes a refused purchase's msg on as the error", async () => {
    const msg = SERVER.subscriptionUnaffordable('40', '160');
    server.route('POST /account/subscription/create', { status: 400, body: { code: '400', msg } });
    expect(await ipc.invoke('billing:subscribe', { planId: 'p1' })).toEqual({
      ok: false,
      error: { status: 400, message: msg, reason: 'request.malformed' },
    });
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
    expect(await ipc.invoke('billing:depositSync', {})).toEqual({
      ok: true,
      value: { message: 'Deposit synced: 1 new transfer' },
    });
    server.route('POST /account/wallet/usdt/deposit/sync', {
      status: 503,
      body: { code: '503', msg: 'Deposits are not available on this server.' },
    });
    expect(await ipc.invoke('billing:depositSync', {})).toEqual({
      ok: false,
      error: { status: 503, message: 'Deposits are not available on this server.', reason: 'server.unavailable' },
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
    expect(await ipc.invoke('billing:depositListen', {})).toEqual({
      ok: false,
      error: { status: 503, message: 'No chain here.', reason: 'server.unavailable' },
    });
    expect(await ipc.invoke('billing:depositWindow', {})).toEqual({ ok: true, value: { endsAt: null } });
  });
});

describe('billing IPC area: the Idempotency-Key of subscribe, withdraw and swap', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const to = `0x${'ab'.repeat(20)}`;
  const submissions = [
    ['billing:subscribe', { planId: 'p1' }, '/account/subscription/create', envelope(purchase, SERVER.subscriptionPurchased)],
    [
      'billing:withdraw',
      { amount: '10', toAddress: to },
      '/account/withdraw/create',
      envelope({ id: 'w1', status: 'PENDING' }, 'Withdrawal requested'),
    ],
    [
      'billing:swapReward',
      { amount: '5' },
      '/account/swap/usdt-reward/create',
      envelope({ usdtToken: '15', usdtRewardToken: '5' }, 'Swapped'),
    ],
  ] as const;

  /** What main sent, headers included; `loseAnswers` drops that many answers after the server got the request. */
  let sent: HttpRequest[];
  let loseAnswers: number;
  beforeEach(() => {
    sent = [];
    loseAnswers = 0;
    const ports = testPorts(server.url, { keychain, settings });
    const http = ports.http;
    ports.http = {
      baseUrl: http.baseUrl,
      request: async (req) => {
        sent.push(req);
        const reply = await http.request(req);
        if (loseAnswers === 0) return reply;
        loseAnswers -= 1;
        return { status: 0, statusText: 'ECONNRESET', body: { message: UI.noResponse } };
      },
    };
    ipc = createIpcHandlers(ports);
  });
  const keys = () => sent.map((req) => req.headers?.['Idempotency-Key']);

  it.each(submissions)(
    '%s sends a new key with each submission once the answer is definite',
    async (channel, payload, path, reply) => {
      server.route(`POST ${path}`, reply);
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: true });
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: true });
      server.route(`POST ${path}`, { status: 400, body: { code: '400', msg: 'Refused' } });
      expect(await ipc.invoke(channel, payload)).toEqual({
        ok: false,
        error: { status: 400, message: 'Refused', reason: 'request.malformed' },
      });
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: false });
      expect(keys()).toHaveLength(4);
      for (const key of keys()) expect(key).toMatch(UUID);
      expect(new Set(keys()).size).toBe(4);
      expect(server.requests.map((r) => r.body)).toEqual(Array(4).fill(payload));
    },
  );

  it.each(submissions)(
    '%s retries with the same key after no answer or a 5xx, then moves on to a new one',
    async (channel, payload, path, reply) => {
      server.route(`POST ${path}`, reply);
      loseAnswers = 2;
      expect(await ipc.invoke(channel, payload)).toEqual({
        ok: false,
        error: { status: 0, message: UI.noResponse, reason: 'network.unreachable' },
      });
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: false, error: { status: 0 } });
      server.route(`POST ${path}`, { status: 502, body: { message: 'Bad Gateway' } });
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: false, error: { status: 502 } });
      server.route(`POST ${path}`, reply);
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: true });
      expect(await ipc.invoke(channel, payload)).toMatchObject({ ok: true });
      const [first, ...rest] = keys();
      expect(first).toMatch(UUID);
      expect(rest.slice(0, 3)).toEqual([first, first, first]);
      expect(rest[3]).toMatch(UUID);
      expect(rest[3]).not.toBe(first);
    },
  );

  it('gives another body, another member or another kind of submission its own key', async () => {
    for (const [, , path, reply] of submissions) server.route(`POST ${path}`, reply);
    loseAnswers = 4;
    await ipc.invoke('billing:withdraw', { amount: '10', toAddress: to });
    await ipc.invoke('billing:withdraw', { amount: '11', toAddress: to });
    await ipc.invoke('billing:swapReward', { amount: '10' });
    settings.set('email', 'bob@example.com');
    await ipc.invoke('billing:withdraw', { amount: '10', toAddress: to });
    expect(new Set(keys()).size).toBe(4);
    expect(keys()[0]).toMatch(UUID);
    settings.set('email', 'alice@example.com');
    await ipc.invoke('billing:withdraw', { amount: '10', toAddress: to });
    expect(keys()[4]).toBe(keys()[0]);
  });

  it('sends a double submission (both in flight) with one key', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.route('POST /account/subscription/create', async () => {
      await held;
      return envelope(purchase, SERVER.subscriptionPurchased);
    });
    const both = Promise.all([
      ipc.invoke('billing:subscribe', { planId: 'p1' }),
      ipc.invoke('billing:subscribe', { planId: 'p1' }),
    ]);
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
    release();
    expect((await both).map((r) => r.ok)).toEqual([true, true]);
    expect(keys()[0]).toMatch(UUID);
    expect(keys()[1]).toBe(keys()[0]);
  });

  it('starts afresh when the unknown outcome is older than the reuse window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    server.route('POST /account/swap/usdt-reward/create', submissions[2][3]);
    loseAnswers = 2;
    await ipc.invoke('billing:swapReward', { amount: '5' });
    vi.setSystemTime(1_000_000 + KEY_REUSE_WINDOW_MS - 1);
    await ipc.invoke('billing:swapReward', { amount: '5' });
    vi.setSystemTime(1_000_000 + 2 * KEY_REUSE_WINDOW_MS);
    await ipc.invoke('billing:swapReward', { amount: '5' });
    expect(keys()[0]).toMatch(UUID);
    expect(keys()[1]).toBe(keys()[0]);
    expect(keys()[2]).toMatch(UUID);
    expect(keys()[2]).not.toBe(keys()[0]);
  });
});
