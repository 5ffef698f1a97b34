/**
 * What main runs for a signed-in member, through the real handlers over a socket: the mute
 * switches in front of every notification, the tray's counts following the session and the
 * member events, and the subscription check at sign-in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_TEXT } from '../../../common/messages';
import { createAxiosHttp } from '../ports/axios-http';
import { createMemoryKeychain } from '../ports/memory-keychain';
import { createMemorySettings } from '../ports/settings-defaults';
import type { Keychain, LiveCounts, Notification } from '../ports/types';
import { startFakeMemberPlatform, type FakeMemberPlatform } from '../testing/fake-member-platform';
import { botStopped } from '../testing/member-events';
import { createIpcHandlers, type IpcHandlers } from './handlers';

const at = '2026-11-23T09:00:00.000Z';
const DAY = 86_400_000;

let platform: FakeMemberPlatform;
let keychain: Keychain;
let notified: Notification[];
let counts: (LiveCounts | null)[];
let ipc: IpcHandlers | null = null;
let settings = createMemorySettings();

function start(options: { subscription?: boolean } = {}): IpcHandlers {
  settings = createMemorySettings();
  ipc = createIpcHandlers({
    keychain,
    settings,
    http: createAxiosHttp(platform.url, { timeoutMs: 2_000 }),
    notifier: { notify: (n) => notified.push(n) },
    app: { version: '0.1.0', platform: 'linux', mode: 'preview' },
    liveBotEvents: true,
    onLiveCounts: (c) => counts.push(c),
    ...(options.subscription ? { subscriptionCheckMs: 3_600_000 } : {}),
  });
  return ipc;
}

beforeEach(async () => {
  platform = await startFakeMemberPlatform();
  keychain = createMemoryKeychain();
  notified = [];
  counts = [];
});
afterEach(async () => {
  ipc?.close();
  ipc = null;
  await platform.close();
});

const login = (handlers: IpcHandlers) => handlers.call('session:login', { email: 'ann@example.com', password: 'pw-123456' });

describe('mute switches in main', () => {
  it('keeps a muted kind from the notifier and lets the rest through', async () => {
    keychain = createMemoryKeychain('tok-1');
    const handlers = start();
    expect(await handlers.call('notifications:setMuted', { kind: 'botStopped', muted: true })).toEqual({
      ok: true,
      value: { muted: ['botStopped'] },
    });
    await vi.waitFor(() => expect(platform.streams).toBe(1));
    platform.push(botStopped({ botID: 'b1', reason: 'manual' }));
    platform.push({
      kind: 'bot.orderFailed',
      botID: 'b2',
      name: 'ETHUSDT',
      message: 'Rejected',
      at,
    });
    await vi.waitFor(() => expect(notified).toHaveLength(1));
    expect(notified[0]).toMatchObject({
      kind: 'orderFailed',
      title: 'ETH/USDT bot: an order failed',
    });

    await handlers.call('notifications:setMuted', { kind: 'botStopped', muted: false });
    platform.push(botStopped({ botID: 'b3', name: 'BNBUSDT', reason: 'manual' }));
    await vi.waitFor(() => expect(notified.map((n) => n.title)).toContain('BNB/USDT bot stopped'));
    expect(await handlers.call('notifications:settings', {})).toEqual({
      ok: true,
      value: { muted: [] },
    });
  });

  it('refuses a kind it does not know or a switch that is not a boolean', async () => {
    const handlers = start();
    expect(await handlers.invoke('notifications:setMuted', { kind: 'everything', muted: true })).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
    expect(await handlers.invoke('notifications:setMuted', { kind: 'botStopped', muted: 'yes' })).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
  });
});

describe('live counts in main', () => {
  it('counts at sign-in, again after a start event, and forgets at sign-out', async () => {
    platform.bots = 1;
    const handlers = start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual([]);
    await login(handlers);
    await vi.waitFor(() => expect(counts.at(-1)).toEqual({ bots: 1, cycles: 0 }));
    await vi.waitFor(() => expect(platform.streams).toBe(1));
    platform.cycles = 1;
    platform.push({ kind: 'cycle.started', cycleID: 'c9', name: 'ETHUSDT', at });
    await vi.waitFor(() => expect(counts.at(-1)).toEqual({ bots: 1, cycles: 1 }));
    await handlers.call('session:logout', {});
    expect(counts.at(-1)).toBeNull();
  });
});

describe('subscription check in main', () => {
  it('reminds at sign-in of a subscription ending within 3 days, unless muted', async () => {
    platform.expiresInMs = DAY / 2;
    const handlers = start({ subscription: true });
    await login(handlers);
    await vi.waitFor(() => expect(notified).toHaveLength(1));
    expect(notified[0]).toEqual({
      kind: 'subscriptionExpiring',
      title: DESKTOP_TEXT.subscription.title,
      body: DESKTOP_TEXT.subscription.body(1),
      route: '/subscription',
    });
    handlers.close();
    await keychain.deleteToken();

    notified = [];
    platform.expiresInMs = 2 * DAY;
    const muted = start({ subscription: true });
    await muted.call('notifications:setMuted', { kind: 'subscriptionExpiring', muted: true });
    await login(muted);
    // The check ran and decided to remind (its mark is kept); the switch kept it off screen.
    await vi.waitFor(() => expect(settings.get('subscriptionReminder')).toMatch(/^ann@example\.com\|.*\|2$/));
    expect(notified).toEqual([]);
  });
});
