import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../../common/api/bots';
import type { IpcEvent } from '../../../common/ipc/contract';
import { createIpcHandlers, type IpcHandlers } from '../ipc/handlers';
import { openStream, startSseTestServer, type SseTestServer } from '../market-feed/testing/sse-server';
import { TICKER_STREAM_PATH } from '../market-feed/ticker-feed';
import { createAxiosHttp } from '../ports/axios-http';
import { createMemoryKeychain } from '../ports/memory-keychain';
import { createMemorySettings } from '../ports/settings-defaults';
import type { Keychain, Notification, Notifier } from '../ports/types';
import { BOT_EVENTS_PATH, createBotEventFeed } from './bot-event-feed';
import { botStopped } from '../testing/member-events';
import { STOP_REASON_TEXT } from '../../../common/api/stop-reasons';

const at = '2026-11-23T09:00:00.000Z';
const stopped = botStopped();
const paused = botStopped({ botID: 'bot-2', name: 'ETHUSDT', reason: 'pause', status: 'Pause' });
const started: MemberEvent = { kind: 'bot.started', botID: 'bot-3', name: 'BNBUSDT', at };
const failed: MemberEvent = {
  kind: 'bot.orderFailed',
  botID: 'bot-3',
  name: 'BNBUSDT',
  message: 'Insufficient balance',
  at,
};

/** A frame as the server writes it. */
const frame = (id: number, event: MemberEvent) => `id: ${id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;

const unauthorized = (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
};

let server: SseTestServer;
/** Last-Event-ID of every connection to /api/events, in order (null when none was sent). */
let resumes: (string | null)[];
let streamAnswer: (req: IncomingMessage, res: ServerResponse) => void;
let keychain: Keychain;
let notified: Notification[];
let notifier: Notifier;
let events: { event: IpcEvent; payload: unknown }[];
let ipc: IpcHandlers | undefined;

function startIpc(liveTickers = false): IpcHandlers {
  ipc = createIpcHandlers({
    keychain,
    settings: createMemorySettings({ email: 'alice@example.com' }),
    http: createAxiosHttp(server.url, { timeoutMs: 2_000 }),
    notifier,
    app: { version: '0.1.0', platform: 'linux', mode: 'preview' },
    liveTickers,
    liveBotEvents: true,
  });
  ipc.on((event, payload) => events.push({ event, payload }));
  return ipc;
}

const botEvents = () => events.filter((e) => e.event === 'bots:event').map((e) => e.payload);

beforeEach(async () => {
  server = await startSseTestServer();
  resumes = [];
  streamAnswer = openStream;
  server.respond = (req, res) => {
    if (req.url === BOT_EVENTS_PATH) {
      resumes.push((req.headers['last-event-id'] as string | undefined) ?? null);
      return streamAnswer(req, res);
    }
    if (req.url === TICKER_STREAM_PATH) return streamAnswer(req, res);
    const body = req.url === '/api/login' ? { token: 'tok-2', email: 'alice@example.com' } : { message: 'Logged out' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  keychain = createMemoryKeychain('tok-1');
  notified = [];
  notifier = { notify: (n) => notified.push(n) };
  events = [];
});
afterEach(async () => {
  ipc?.close();
  ipc = undefined;
  await server.close();
});

describe('bot events in main', () => {
  it('opens the stream at start for a member still signed in, forwards events and notifies a stop', async () => {
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    expect(server.attempts).toEqual(['Bearer tok-1']);
    server.push(frame(1, started) + frame(2, stopped) + frame(3, paused) + frame(4, failed));
    await vi.waitFor(() => expect(botEvents()).toHaveLength(4));
    expect(botEvents()).toEqual([started, stopped, paused, failed]);
    expect(notified).toEqual([
      { kind: 'botStopped', title: 'BTC/USDT bot stopped', body: STOP_REASON_TEXT.stoploss, route: '/history' },
      { kind: 'botStopped', title: 'ETH/USDT bot paused', body: STOP_REASON_TEXT.pause, route: '/running-bot/bot-2' },
      {
        kind: 'orderFailed',
        title: 'BNB/USDT bot: an order failed',
        body: 'Insufficient balance',
        route: '/running-bot/bot-3',
      },
    ]);
  });

  it('stays closed while nobody is signed in, and opens when a member signs in', async () => {
    await keychain.deleteToken();
    startIpc();
    await ipc!.invoke('session:current', {});
    await new Promise((r) => setTimeout(r, 80));
    expect(resumes).toEqual([]);
    expect(await ipc!.invoke('session:login', { email: 'alice@example.com', password: 'secret12' })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(server.open).toBe(1));
    expect(resumes).toEqual([null]);
    expect(server.attempts.at(-1)).toBe('Bearer tok-2');
  });

  it('reconnects after a drop with Last-Event-ID and shows a replayed event once', async () => {
    // The server replays what follows the id it is given, and (being careful) the event itself.
    streamAnswer = (req, res) => {
      openStream(req, res);
      if (req.headers['last-event-id'] === '7') res.write(frame(7, stopped) + frame(8, paused));
    };
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push(': ping\n\n' + frame(7, stopped));
    await vi.waitFor(() => expect(notified).toHaveLength(1));
    server.cut();
    await vi.waitFor(() => expect(resumes).toEqual([null, '7']), { timeout: 5_000 });
    // Frames are handled in order, each at once: once event 8 is out, the replayed 7 was handled.
    await vi.waitFor(() => expect(botEvents()).toContainEqual(paused));
    expect(botEvents()).toEqual([stopped, paused]);
    expect(notified.map((n) => n.title)).toEqual(['BTC/USDT bot stopped', 'ETH/USDT bot paused']);
  });

  it('resumes from the position a fresh stream announces, before any event arrived', async () => {
    // A stream without Last-Event-ID starts after the newest event: a server that says where
    // (any frame with an id) lets a reconnect miss nothing that happened in between.
    // The fresh stream drops right after that frame: it reaches the client before the close does.
    streamAnswer = (req, res) => {
      openStream(req, res);
      if (!req.headers['last-event-id']) res.end('id: 12\nevent: ready\ndata: {}\n\n');
    };
    startIpc();
    await vi.waitFor(() => expect(resumes).toEqual([null, '12']), { timeout: 5_000 });
    expect(botEvents()).toEqual([]);
  });

  it('closes the stream on logout and starts afresh for the next session', async () => {
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push(frame(5, stopped));
    await vi.waitFor(() => expect(botEvents()).toHaveLength(1));
    await ipc!.invoke('session:logout', {});
    await vi.waitFor(() => expect(server.open).toBe(0));
    await new Promise((r) => setTimeout(r, 80));
    expect(resumes).toEqual([null]);
    expect(events.map((e) => e.event)).not.toContain('session:expired');
    await ipc!.invoke('session:login', { email: 'alice@example.com', password: 'secret12' });
    await vi.waitFor(() => expect(server.open).toBe(1));
    // Another member may have signed in: no resuming from the last one's position.
    expect(resumes).toEqual([null, null]);
  });

  it('reopens for a sign-in over a held session, with the new token and no old position', async () => {
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push(frame(9, stopped));
    await vi.waitFor(() => expect(botEvents()).toHaveLength(1));
    await ipc!.invoke('session:login', { email: 'bob@example.com', password: 'secret12' });
    await vi.waitFor(() => expect(resumes).toEqual([null, null]));
    expect(server.attempts.at(-1)).toBe('Bearer tok-2');
    await vi.waitFor(() => expect(server.open).toBe(1));
  });

  it('ends the session once when both streams answer 401', async () => {
    streamAnswer = unauthorized;
    startIpc(true);
    await ipc!.invoke('session:current', {});
    await vi.waitFor(() => expect(events.map((e) => e.event)).toContain('session:expired'));
    await new Promise((r) => setTimeout(r, 80));
    expect(events.map((e) => e.event)).toEqual(['session:expired']);
    expect(await keychain.getToken()).toBeNull();
    expect(resumes).toEqual([null]);
  });

  it('closes the stream when another call finds the session expired', async () => {
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.respond = unauthorized;
    await ipc!.invoke('bots:status', {});
    await vi.waitFor(() => expect(server.open).toBe(0));
    expect(events.map((e) => e.event)).toEqual(['session:expired']);
  });

  it('skips what it cannot read and survives a notifier that throws', async () => {
    notifier = {
      notify: (n) => {
        notified.push(n);
        throw new Error('notifications are off');
      },
    };
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startIpc();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push('id: 1\nevent: bot.stopped\ndata: {oops\n\n');
    server.push('id: 2\nevent: cycle.completed\ndata: {"kind":"cycle.completed"}\n\n');
    server.push(frame(3, stopped) + frame(4, paused));
    await vi.waitFor(() => expect(botEvents()).toEqual([stopped, paused]));
    expect(notified).toHaveLength(2);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

describe('createBotEventFeed', () => {
  it('remembers the last id delivered and forgets it when stopped', async () => {
    const feed = createBotEventFeed({
      baseUrl: server.url,
      keychain,
      events: { emit: (event, payload) => events.push({ event, payload }) },
      notifier,
      onSessionExpired: () => undefined,
      tuning: { initialBackoffMs: 10, log: () => undefined },
    });
    feed.start();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push(frame(41, started) + frame(42, stopped));
    await vi.waitFor(() => expect(feed.lastEventId).toBe('42'));
    feed.stop();
    expect(feed.running).toBe(false);
    expect(feed.lastEventId).toBeUndefined();
  });
});
