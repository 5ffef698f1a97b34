import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../common/api/bots';
import { BOT_EVENTS_PATH } from '../main/bot-events/bot-event-feed';
import { openStream, startSseTestServer, type SseTestServer } from '../main/market-feed/testing/sse-server';
import { createMemoryKeychain } from '../main/ports/memory-keychain';
import { startPreviewHost, type PreviewHost } from './host';
import { createNotificationLog } from './notifications';
import { launchCookie, openPageEvents } from './testing/host-client';
import { botStopped } from '../main/testing/member-events';
import { STOP_REASON_TEXT } from '../../common/api/stop-reasons';

const stopped = botStopped({ reason: 'manual' });
const paused: MemberEvent = { ...stopped, botID: 'bot-2', reason: 'pause', status: 'Pause' };
const frame = (id: number, event: MemberEvent) => `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

let dir: string;
let platform: SseTestServer;
let host: PreviewHost;
let cookie: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'griddesk-preview-notify-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer/index.html'), '<!doctype html><html><head></head><body></body></html>');
  platform = await startSseTestServer();
  platform.respond = (req, res) => {
    if (req.url === BOT_EVENTS_PATH) return openStream(req, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
  };
  host = await startPreviewHost({
    serverUrl: platform.url,
    rendererDir: join(dir, 'renderer'),
    settingsDir: join(dir, 'settings'),
    // A member signed in before: the host follows their bots from the start.
    keychain: createMemoryKeychain('tok-1'),
    notifier: { notify: () => undefined },
  });
  cookie = await launchCookie(host);
});
afterEach(async () => {
  await host.close();
  await platform.close();
  await rm(dir, { recursive: true, force: true });
});

const shown = async () =>
  (await (await fetch(`${host.url}/__griddesk/notifications`, { headers: { cookie } })).json()) as unknown[];
const click = (id: number | string, headers: Record<string, string> = {}) =>
  fetch(`${host.url}/__griddesk/notifications/${id}/click`, {
    method: 'POST',
    headers: { cookie, ...headers },
  });

describe('preview host notifications', () => {
  it('lists a stop notification and routes its click to the page', async () => {
    const page = await openPageEvents(host, cookie);
    await vi.waitFor(() => expect(platform.open).toBe(1));
    platform.push(frame(1, stopped) + frame(2, paused));
    await vi.waitFor(() => expect(host.notifications.list()).toHaveLength(2));
    expect(await shown()).toEqual([
      {
        id: 1,
        kind: 'botStopped',
        title: 'BTC/USDT bot stopped',
        body: STOP_REASON_TEXT.manual,
        route: '/history',
        at: expect.any(String),
      },
      {
        id: 2,
        kind: 'botStopped',
        title: 'BTC/USDT bot paused',
        body: STOP_REASON_TEXT.pause,
        route: '/running-bot/bot-2',
        at: expect.any(String),
      },
    ]);

    expect(await (await click(2)).json()).toEqual({ path: '/running-bot/bot-2' });
    await vi.waitFor(() =>
      expect(page.received).toEqual([
        { event: 'bots:event', data: stopped },
        { event: 'bots:event', data: paused },
        { event: 'app:navigate', data: { path: '/running-bot/bot-2' } },
      ]),
    );
    page.close();
  });

  it('answers an unknown notification with 404 and a GET click with 405', async () => {
    expect((await click(99)).status).toBe(404);
    expect((await fetch(`${host.url}/__griddesk/notifications/1/click`, { headers: { cookie } })).status).toBe(405);
  });

  it('guards the list and the click like the rest of the host', async () => {
    expect(
      (
        await fetch(`${host.url}/__griddesk/notifications`, {
          headers: { origin: 'https://evil.example', cookie },
        })
      ).status,
    ).toBe(403);
    expect((await click(1, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const rebound = await new Promise<number>((resolve) => {
      request(`${host.url}/__griddesk/notifications`, { headers: { host: `evil.example:${host.port}`, cookie } }, (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
      }).end();
    });
    expect(rebound).toBe(403);
  });
});

describe('createNotificationLog', () => {
  it('keeps the last hundred and tells the forwarded notifier', () => {
    const forwarded: string[] = [];
    const log = createNotificationLog({ notify: (n) => forwarded.push(n.title) });
    for (let i = 1; i <= 105; i++) log.notifier.notify({ kind: 'botStopped', title: `n${i}`, body: '', route: `/r${i}` });
    expect(log.list()).toHaveLength(100);
    expect(log.list()[0]).toMatchObject({ id: 6, title: 'n6' });
    expect(log.routeOf(105)).toBe('/r105');
    expect(log.routeOf(1)).toBeUndefined();
    expect(forwarded).toHaveLength(105);
  });
});
