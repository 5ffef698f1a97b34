import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../common/ipc/contract';
import { listOutbox } from '../../server/mail/outbox';
import { startPlatformServer, type PlatformServer } from '../../server/start';
import { seedPgliteDataDir } from '../../server/testing/pglite-templates';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { startPreviewHost, type PreviewHost } from './host';
import { launchCookie } from './testing/host-client';

// The chain the e2e suite drives, minus the browser: bridge endpoint -> main's handlers ->
// axios -> the real platform server (PGlite) -> outbox.
let dir: string;
let server: PlatformServer;
let host: PreviewHost;
let cookie: string;
const keychain = createMemoryKeychain();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-chain-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><html><head></head><body></body></html>');
  await seedPgliteDataDir(join(dir, 'data')); // a packaged first start's template, not seconds of initdb
  server = await startPlatformServer({
    env: { DATA_DIR: join(dir, 'data'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  });
  host = await startPreviewHost({
    serverUrl: server.url,
    rendererDir: join(dir, 'renderer'),
    settingsDir: join(dir, 'settings'),
    serverDataDir: join(dir, 'data'),
    keychain,
  });
  cookie = await launchCookie(host);
});
afterAll(async () => {
  await host?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

async function invoke(channel: string, payload: unknown = {}) {
  const res = await fetch(`${host.url}/__griddesk/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.url, cookie },
    body: JSON.stringify({ channel, payload }),
  });
  return (await res.json()) as {
    ok: boolean;
    value?: Record<string, unknown>;
    error?: { status: number; message: string };
  };
}

const otpIn = (mail: OutboxMail | undefined) => /^\d{6}$/m.exec(mail?.text ?? '')?.[0];

describe('preview host against the platform server', () => {
  it('signs up with the mailed OTP, reads the profile, logs out and back in', async () => {
    const member = {
      username: 'chain',
      contactNo: '5550100',
      email: 'chain@example.com',
      password: 'secret12',
    };
    expect(await invoke('account:signup', member)).toMatchObject({ ok: true });
    const otp = otpIn((await listOutbox(join(dir, 'data')))[0]);
    expect(otp).toMatch(/^\d{6}$/);

    const verified = await invoke('account:verifyOtp', { ...member, otp });
    expect(verified).toMatchObject({ ok: true, value: { signedIn: true, email: member.email } });
    expect(JSON.stringify(verified)).not.toContain((await keychain.getToken())!);

    expect(await invoke('account:email')).toEqual({ ok: true, value: { email: member.email } });
    expect(await invoke('account:profile')).toMatchObject({
      ok: true,
      value: { isShowUserCode: false },
    });

    expect(await invoke('session:logout')).toMatchObject({ ok: true, value: { signedIn: false } });
    expect(await keychain.getToken()).toBeNull();
    expect(await invoke('account:email')).toMatchObject({ ok: false, error: { status: 401 } });

    expect(await invoke('session:login', { email: member.email, password: 'wrong-pass' })).toMatchObject({
      ok: false,
      error: { status: 401 },
    });
    expect(await invoke('session:login', { email: member.email, password: member.password })).toMatchObject({
      ok: true,
      value: { signedIn: true, userData: { username: 'chain' } },
    });
  });

  it('expires the session when the server revoked the token', async () => {
    const token = (await keychain.getToken())!;
    await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await invoke('account:profile')).toMatchObject({ ok: false, error: { status: 401 } });
    expect(await invoke('session:current')).toEqual({
      ok: true,
      value: { signedIn: false, email: null, userData: null },
    });
  });
});
