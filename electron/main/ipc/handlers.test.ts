import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserData } from '../../../common/api/account';
import { IPC_CHANNELS, type IpcEvent } from '../../../common/ipc/contract';
import { UI } from '../../../common/messages';
import { startFakePlatformServer, type FakePlatformServer } from '../../testing/fake-platform-server';
import { loginBody, sessionMember } from '../../testing/session-member';
import { testPorts } from '../../testing/test-ports';
import { createMemoryKeychain } from '../ports/memory-keychain';
import { createMemorySettings } from '../ports/settings-defaults';
import type { IpcPorts, Keychain, Notification, SettingsStore } from '../ports/types';
import { createIpcHandlers, IPC_AREAS, type IpcHandlers } from './handlers';

const member: UserData = sessionMember();
const loginReply = { status: 200, body: loginBody('tok-1') };

let server: FakePlatformServer;
let keychain: Keychain;
let settings: SettingsStore;
let notified: Notification[];
let events: { event: IpcEvent; payload: unknown }[];
let ipc: IpcHandlers;

function portsFor(url: string): IpcPorts {
  return testPorts(url, { keychain, settings, notifier: { notify: (n) => notified.push(n) } });
}

beforeEach(async () => {
  server = await startFakePlatformServer();
  keychain = createMemoryKeychain();
  settings = createMemorySettings();
  notified = [];
  events = [];
  ipc = createIpcHandlers(portsFor(server.url));
  ipc.on((event, payload) => events.push({ event, payload }));
});
afterEach(() => server.close());

describe('createIpcHandlers', () => {
  it('handles every channel of the contract', async () => {
    for (const channel of IPC_CHANNELS) {
      const result = await ipc.invoke(channel, {});
      if (!result.ok) expect(result.error.message).not.toMatch(/No handler/);
    }
  });

  it('answers 400 for an unknown channel', async () => {
    const result = await ipc.invoke('shell:exec', { cmd: 'rm -rf /' });
    expect(result).toEqual({
      ok: false,
      error: { status: 400, message: expect.stringMatching(/Unknown IPC channel/), reason: 'request.malformed' },
    });
  });

  it('answers 400 with the first schema message for a bad payload, without calling the server', async () => {
    const notText = await ipc.invoke('session:login', { email: 'a@b.c', password: { $ne: '' } } as never);
    expect(notText).toMatchObject({
      ok: false,
      error: { status: 400, message: 'password must be text, a number, a boolean or null', reason: 'request.malformed' },
    });
    const notObject = await ipc.invoke('settings:setTheme', 'dark');
    expect(notObject).toMatchObject({ ok: false, error: { status: 400 } });
    const badTheme = await ipc.invoke('settings:setTheme', { theme: 'purple' });
    expect(badTheme).toMatchObject({ ok: false, error: { status: 400 } });
    expect(server.requests).toHaveLength(0);
  });

  it('forwards only the keys the contract knows', async () => {
    server.route('POST /api/forgot-password', { status: 200, body: { success: true } });
    await ipc.invoke('account:forgotPassword', { email: 'a@b.c', admin: true });
    expect(server.requests[0]?.body).toEqual({ email: 'a@b.c' });
  });

  it('stores the token and the member data on login and never returns the token', async () => {
    server.route('POST /api/login', loginReply);
    const result = await ipc.invoke('session:login', {
      email: 'alice@example.com',
      password: 'secret1',
    });
    expect(result).toEqual({
      ok: true,
      value: { signedIn: true, email: member.email, userData: member },
    });
    expect(JSON.stringify(result)).not.toContain('tok-1');
    expect(await keychain.getToken()).toBe('tok-1');
    expect(settings.get('userData')).toEqual(member);
    expect(settings.get('email')).toBe(member.email);
    expect(server.requests[0]).toMatchObject({
      body: { email: 'alice@example.com', password: 'secret1' },
    });
  });

  it('stores the session after verify-otp the same way', async () => {
    server.route('POST /api/verify-otp', {
      status: 200,
      body: { success: true, ...loginReply.body },
    });
    const payload = {
      email: member.email,
      otp: '123456',
      username: 'alice',
      contactNo: '1',
      password: 'secret1',
      referralId: null,
    };
    const result = await ipc.invoke('account:verifyOtp', payload);
    expect(result).toEqual({
      ok: true,
      value: { signedIn: true, email: member.email, userData: member },
    });
    expect(await keychain.getToken()).toBe('tok-1');
    expect(await ipc.invoke('session:current', {})).toEqual(result);
  });

  it('attaches the keychain token as a Bearer header', async () => {
    await keychain.setToken('tok-9');
    server.route('GET /api/email', { status: 200, body: { email: member.email } });
    expect(await ipc.invoke('account:email', {})).toEqual({
      ok: true,
      value: { email: member.email },
    });
    expect(server.requests[0]?.authorization).toBe('Bearer tok-9');
  });

  it('turns HTTP errors into values with the server message', async () => {
    server.route('POST /api/forgot-password', { status: 404, body: { message: 'User not found' } });
    expect(await ipc.invoke('account:forgotPassword', { email: 'x@y.z' })).toEqual({
      ok: false,
      error: { status: 404, message: 'User not found', reason: 'request.not_found' },
    });
  });

  it('clears the session and emits session:expired on a 401 outside login', async () => {
    await keychain.setToken('stale');
    settings.set('userData', member);
    server.route('GET /api/email', { status: 401, body: { message: 'Unauthorized' } });
    const result = await ipc.invoke('account:email', {});
    expect(result).toEqual({ ok: false, error: { status: 401, message: 'Unauthorized', reason: 'auth.unauthenticated' } });
    expect(await keychain.getToken()).toBeNull();
    expect(settings.get('userData')).toBeNull();
    expect(events).toEqual([{ event: 'session:expired', payload: {} }]);
  });

  it('ignores a 401 answered after the member logged out: the stale call expires nothing', async () => {
    await keychain.setToken('tok-1');
    let answer!: () => void;
    server.route(
      'GET /api/email',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 401, body: { message: 'Unauthorized' } });
        }),
    );
    const inFlight = ipc.invoke('account:email', {});
    await vi.waitFor(() => expect(server.requests.some((r) => r.path === '/api/email')).toBe(true));
    server.route('POST /api/logout', { status: 200, body: { message: 'Logged out' } });
    await ipc.invoke('session:logout', {});
    answer();
    expect((await inFlight).ok).toBe(false);
    expect(events).toEqual([]);
    // Nor does one answered after the member signed in again.
    await keychain.setToken('tok-2');
    server.route(
      'GET /api/email',
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ status: 401, body: { message: 'Unauthorized' } });
        }),
    );
    const older = ipc.invoke('account:email', {});
    await vi.waitFor(() => expect(server.requests.filter((r) => r.path === '/api/email')).toHaveLength(2));
    server.route('POST /api/login', loginReply);
    await ipc.invoke('session:login', { email: member.email, password: 'secret1' });
    answer();
    await older;
    expect(events).toEqual([]);
    expect(await keychain.getToken()).toBe('tok-1');
  });

  it('does not emit session:expired for wrong credentials on login', async () => {
    await keychain.setToken('kept');
    server.route('POST /api/login', {
      status: 401,
      body: { message: 'Invalid email or password' },
    });
    const result = await ipc.invoke('session:login', { email: 'a@b.c', password: 'wrong12' });
    expect(result).toEqual({
      ok: false,
      error: { status: 401, message: 'Invalid email or password', reason: 'auth.unauthenticated' },
    });
    expect(events).toEqual([]);
    expect(await keychain.getToken()).toBe('kept');
  });

  it('logs out on the server, then clears token and member data', async () => {
    await keychain.setToken('tok-1');
    settings.set('userData', member);
    settings.set('email', member.email);
    server.route('POST /api/logout', { status: 200, body: { message: 'Logged out' } });
    const result = await ipc.invoke('session:logout', {});
    expect(result).toEqual({ ok: true, value: { signedIn: false, email: null, userData: null } });
    expect(server.requests[0]).toMatchObject({
      path: '/api/logout',
      authorization: 'Bearer tok-1',
    });
    expect(await keychain.getToken()).toBeNull();
    expect(settings.get('userData')).toBeNull();
    expect(events).toEqual([]);
  });

  it('answers status 0 when the server is down, and logout still signs out locally', async () => {
    const down = createIpcHandlers(portsFor('http://127.0.0.1:1'));
    await keychain.setToken('tok-1');
    expect(await down.invoke('account:referralMandatory', {})).toEqual({
      ok: false,
      error: { status: 0, message: UI.noResponse, reason: 'network.unreachable' },
    });
    expect(await down.invoke('session:logout', {})).toMatchObject({
      ok: true,
      value: { signedIn: false },
    });
    expect(await keychain.getToken()).toBeNull();
  });

  it('unwraps the account envelope', async () => {
    const data = {
      usdtRewardToken: '0',
      userCode: 'ABC123',
      isShowUserCode: true,
      userCodeMsg: '',
    };
    server.route('POST /account/user-profile', {
      status: 200,
      body: { code: '0000', data, msg: 'ok' },
    });
    expect(await ipc.invoke('account:profile', {})).toEqual({ ok: true, value: data });
    // The billing service refuses with its status and `{code, msg}`.
    server.route('POST /account/user-profile', {
      status: 400,
      body: { code: '400', msg: 'No such member' },
    });
    expect(await ipc.invoke('account:profile', {})).toEqual({
      ok: false,
      error: { status: 400, message: 'No such member', reason: 'request.malformed' },
    });
    server.route('POST /account/user-profile', {
      status: 500,
      body: { code: '9999', msg: 'Broken' },
    });
    expect(await ipc.invoke('account:profile', {})).toEqual({
      ok: false,
      error: { status: 500, message: 'Broken', reason: 'server.internal' },
    });
  });

  it('maps the remaining account calls to their paths', async () => {
    server.route('GET /api/referralIdcheck/AB%2FC12', {
      status: 200,
      body: { exists: true, username: 'bob', message: 'Valid referral ID' },
    });
    server.route('POST /api/reset-password/t0k', { status: 200, body: { success: true } });
    server.route('GET /api/isreferralmendotory', { status: 200, body: { mandatory: false } });
    server.route('POST /api/signup', { status: 200, body: { message: 'OTP sent to your email.' } });
    server.route('POST /api/resend-otp', { status: 200, body: { success: true } });
    expect(await ipc.invoke('account:referralCheck', { referralId: 'AB/C12' })).toMatchObject({
      ok: true,
      value: { username: 'bob' },
    });
    expect(await ipc.invoke('account:resetPassword', { token: 't0k', password: 'newpass' })).toEqual({
      ok: true,
      value: { success: true },
    });
    expect(server.requests.at(-1)?.body).toEqual({ password: 'newpass' });
    expect(await ipc.invoke('account:referralMandatory', {})).toEqual({
      ok: true,
      value: { mandatory: false },
    });
    const signup = { username: 'a', contactNo: '1', email: 'a@b.c', password: 'secret1' };
    expect(await ipc.invoke('account:signup', signup)).toEqual({
      ok: true,
      value: { message: 'OTP sent to your email.' },
    });
    expect(await ipc.invoke('account:resendOtp', { email: 'a@b.c' })).toEqual({
      ok: true,
      value: { success: true },
    });
  });

  it('keeps the theme in settings and describes the app locally', async () => {
    expect(await ipc.invoke('settings:get', {})).toEqual({ ok: true, value: { theme: 'light' } });
    expect(await ipc.invoke('settings:setTheme', { theme: 'dark' })).toEqual({
      ok: true,
      value: { theme: 'dark' },
    });
    expect(settings.get('theme')).toBe('dark');
    expect(await ipc.invoke('app:info', {})).toEqual({
      ok: true,
      value: { version: '0.1.0', platform: 'linux', mode: 'preview', serverUrl: server.url },
    });
    expect(server.requests).toHaveLength(0);
  });

  it('turns a failing port into a 500 value instead of a rejection', async () => {
    keychain = {
      ...createMemoryKeychain(),
      getToken: () => Promise.reject(new Error('keyring locked')),
    };
    const broken = createIpcHandlers(portsFor(server.url));
    expect(await broken.invoke('session:current', {})).toEqual({
      ok: false,
      error: { status: 500, message: 'keyring locked', reason: 'server.internal' },
    });
  });

  it('refuses to register an area twice', () => {
    expect(() => createIpcHandlers(portsFor(server.url), [...IPC_AREAS, IPC_AREAS[0]!])).toThrow(/already registered/);
  });
});
