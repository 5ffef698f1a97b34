import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UI } from '../../common/messages';
import { startFakePlatformServer, type FakePlatformServer } from '../testing/fake-platform-server';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { startPreviewHost, type PreviewHost } from './host';
import { launchCookie } from './testing/host-client';

// The host acts as the signed-in member and lists every member's mailed OTP, so a local process
// that can reach 127.0.0.1 must not use it without the launch secret (issue 10, item 7).
let dir: string;
let platform: FakePlatformServer;
let host: PreviewHost;
const launched: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-preview-secret-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><html><head></head><body>app</body></html>');
  await mkdir(join(dir, 'outbox'));
  await writeFile(
    join(dir, 'outbox', 'm1.json'),
    JSON.stringify({
      id: 'm1',
      to: 'new@member.io',
      subject: 'Code',
      text: '123456',
      createdAt: '2025-01-01T00:00:00.000Z',
    }),
  );
  platform = await startFakePlatformServer();
  launched.length = 0;
  host = await startPreviewHost({
    serverUrl: platform.url,
    rendererDir: join(dir, 'renderer'),
    settingsDir: join(dir, 'settings'),
    serverDataDir: dir,
    keychain: createMemoryKeychain('tok-1'),
    onLaunch: (next) => launched.push(next),
  });
});
afterEach(async () => {
  await host.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

const invoke = (headers: Record<string, string> = {}) =>
  fetch(`${host.url}/__griddesk/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.url, ...headers },
    body: JSON.stringify({ channel: 'settings:get', payload: {} }),
  });

/** The status and content type the event stream answers with (the stream is then dropped). */
const eventStream = (headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string }>((resolve, reject) => {
    const req = request(`${host.url}/__griddesk/events`, { headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${host.url}${path}`, { headers, redirect: 'manual' });

describe('the preview launch secret', () => {
  it('refuses bridge calls, the event stream, the outbox and the notifications without it', async () => {
    const invoked = await invoke();
    expect(invoked.status).toBe(403);
    expect(await invoked.json()).toEqual({ message: UI.previewLocked });
    expect(await eventStream()).toMatchObject({ status: 403 });
    const outbox = await get('/__griddesk/outbox');
    expect(outbox.status).toBe(403);
    expect(await outbox.text()).not.toContain('123456');
    expect((await get('/__griddesk/notifications')).status).toBe(403);
    const click = await fetch(`${host.url}/__griddesk/notifications/1/click`, { method: 'POST' });
    expect(click.status).toBe(403);
  });

  it('refuses a wrong secret or the cookie of a preview on another port', async () => {
    const cookie = await launchCookie(host);
    const [name, value] = cookie.split('=') as [string, string];
    expect((await invoke({ cookie: `${name}=${value.slice(0, -1)}x` })).status).toBe(403);
    expect((await invoke({ cookie: `${name}=` })).status).toBe(403);
    expect((await invoke({ cookie: `griddesk_preview_1=${value}` })).status).toBe(403);
  });

  it('serves bridge calls, the event stream and the outbox with it', async () => {
    const cookie = await launchCookie(host);
    const invoked = await invoke({ cookie: `other=1; ${cookie}` });
    expect(invoked.status).toBe(200);
    expect(await invoked.json()).toMatchObject({ ok: true });
    expect(await eventStream({ cookie })).toEqual({
      status: 200,
      type: 'text/event-stream; charset=utf-8',
    });
    const outbox = await get('/__griddesk/outbox', { cookie });
    expect(outbox.status).toBe(200);
    expect(await outbox.text()).toContain('123456');
    expect((await get('/__griddesk/notifications', { cookie })).status).toBe(200);
  });

  it('sets an HttpOnly SameSite=Strict cookie from the launch link once, then redirects to the app', async () => {
    const link = host.launchUrl();
    expect(link).toMatch(new RegExp(`^${host.url}/\\?launch=[A-Za-z0-9_-]{43}$`));
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/');
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^griddesk_preview_${host.port}=[A-Za-z0-9_-]{43}; `));
    const attributes = setCookie
      .split(';')
      .slice(1)
      .map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(launched).toEqual([host.launchUrl()]);
    expect(host.launchUrl()).not.toBe(link);

    // The same link again: no cookie. A fresh link works (another browser of the member's).
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('npm run preview');
    expect((await fetch(host.launchUrl(), { redirect: 'manual' })).headers.get('set-cookie')).toMatch(/^griddesk_preview_/);
  });

  it('sets no cookie on a bare page load or a made-up launch token, and lets a launched browser in', async () => {
    for (const path of ['/', '/#/dashboard', '/dashboard', '/?launch=', `/?launch=${'A'.repeat(43)}`]) {
      const res = await get(path);
      expect({ path, status: res.status, cookie: res.headers.get('set-cookie') }).toEqual({
        path,
        status: 403,
        cookie: null,
      });
    }
    expect(launched).toEqual([]);
    const cookie = await launchCookie(host);
    const page = await get('/', { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('app');
    // A launched browser reopening a used link just goes to the app.
    const reopened = await get(`/?launch=${'A'.repeat(43)}`, { cookie });
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get('set-cookie')).toBeNull();
  });

  it('does not spend the launch link on a cross-site request', async () => {
    const link = host.launchUrl();
    const crossSite = await fetch(link, {
      redirect: 'manual',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('set-cookie')).toBeNull();
    expect(host.launchUrl()).toBe(link);
  });

  it('serves the bridge script and the renderer assets without it (nothing secret in them)', async () => {
    expect((await get('/__griddesk/bridge.js')).status).toBe(200);
    expect((await get('/favicon.ico')).status).toBe(204);
  });
});
