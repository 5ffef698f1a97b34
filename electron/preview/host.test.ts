import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePlatformServer, type FakePlatformServer } from '../testing/fake-platform-server';
import { loginBody } from '../testing/session-member';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import type { Keychain } from '../main/ports/types';
import { startPreviewHost, type PreviewHost } from './host';
import { launchCookie, openPageEvents } from './testing/host-client';

const INDEX = `<!doctype html><html><head><title>GridDesk</title>
<script type="module" crossorigin src="./assets/app.js"></script></head><body><div id="root"></div></body></html>`;

let dir: string;
let platform: FakePlatformServer;
let keychain: Keychain;
let host: PreviewHost;
/** What the browser the member launched carries (host.secret.test.ts covers its absence). */
let cookie: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-preview-'));
  await mkdir(join(dir, 'renderer/assets'), { recursive: true });
  await writeFile(join(dir, 'renderer/index.html'), INDEX);
  await writeFile(join(dir, 'renderer/assets/app.js'), 'console.log("app")');
  await writeFile(join(dir, 'secret.txt'), 'not for the page');
  platform = await startFakePlatformServer();
  keychain = createMemoryKeychain();
  host = await startPreviewHost({
    serverUrl: platform.url,
    rendererDir: join(dir, 'renderer'),
    settingsDir: join(dir, 'settings'),
    serverDataDir: dir,
    keychain,
    port: 0,
  });
  cookie = await launchCookie(host);
});
afterEach(async () => {
  await host.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

const invoke = (channel: string, payload: unknown, headers: Record<string, string> = {}) =>
  fetch(`${host.url}/__griddesk/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.url, cookie, ...headers },
    body: JSON.stringify({ channel, payload }),
  });

describe('startPreviewHost', () => {
  it('serves index.html with the bridge script before the app script and a strict CSP', async () => {
    const res = await fetch(`${host.url}/`, { headers: { cookie } });
    const html = await res.text();
    expect(html.indexOf('<script src="/__griddesk/bridge.js"></script>')).toBeGreaterThan(0);
    expect(html.indexOf('/__griddesk/bridge.js')).toBeLessThan(html.indexOf('./assets/app.js'));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(await (await fetch(`${host.url}/assets/app.js`)).text()).toContain('app');
    expect((await fetch(`${host.url}/__griddesk/bridge.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('keeps files outside the renderer folder out of reach', async () => {
    expect((await fetch(`${host.url}/..%2Fsecret.txt`)).status).toBe(404);
    expect((await fetch(`${host.url}/assets/..%2F..%2Fsecret.txt`)).status).toBe(404);
  });

  it('runs main handlers for an invoke and never hands the token to the page', async () => {
    platform.route('POST /api/login', { status: 200, body: loginBody('tok-1', { email: 'a@b.c', id: '1' }) });
    const res = await invoke('session:login', { email: 'a@b.c', password: 'secret1' });
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ ok: true, value: { signedIn: true, email: 'a@b.c' } });
    expect(text).not.toContain('tok-1');
    expect(await keychain.getToken()).toBe('tok-1');
    expect(await (await invoke('settings:setTheme', { theme: 'dark' })).json()).toEqual({
      ok: true,
      value: { theme: 'dark' },
    });
    expect(await (await invoke('nope:nope', {})).json()).toMatchObject({
      ok: false,
      error: { status: 400 },
    });
  });

  it('refuses invokes and event streams from a foreign origin or host', async () => {
    expect((await invoke('settings:get', {}, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await invoke('settings:get', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const rebound = await new Promise<number>((resolve) => {
      request(`${host.url}/__griddesk/events`, { headers: { host: `evil.example:${host.port}`, cookie } }, (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      }).end();
    });
    expect(rebound).toBe(403);
  });

  it('delivers session:expired over SSE when the server answers 401', async () => {
    await keychain.setToken('stale');
    platform.route('GET /api/email', { status: 401, body: { message: 'Unauthorized' } });
    const events = await openPageEvents(host, cookie);
    expect(await (await invoke('account:email', {})).json()).toMatchObject({
      ok: false,
      error: { status: 401 },
    });
    const received = await events.first();
    events.close();
    expect(received).toMatchObject({ event: 'session:expired', data: {} });
    expect(await keychain.getToken()).toBeNull();
  });

  it('lists outbox mail newest first', async () => {
    await mkdir(join(dir, 'outbox'));
    const mail = (id: string, createdAt: string, text: string) =>
      writeFile(
        join(dir, 'outbox', `${id}.json`),
        JSON.stringify({ id, to: 'new@member.io', subject: `Code ${id}`, text, createdAt }),
      );
    await mail('old', '2025-01-01T00:00:00.000Z', 'Your code is 111111');
    await mail('new', '2025-01-02T00:00:00.000Z', 'Your code is <222222>');
    const html = await (await fetch(`${host.url}/__griddesk/outbox`, { headers: { cookie } })).text();
    expect(html).toContain('new@member.io');
    expect(html).toContain('&#60;222222&#62;');
    expect(html.indexOf('Code new')).toBeLessThan(html.indexOf('Code old'));
  });
});
