import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcEvent } from '../../../common/ipc/contract';
import { createIpcHandlers, type IpcHandlers } from '../ipc/handlers';
import { createAxiosHttp } from '../ports/axios-http';
import { createMemoryKeychain } from '../ports/memory-keychain';
import { createMemorySettings } from '../ports/settings-defaults';
import type { Keychain } from '../ports/types';
import { openStream, startSseTestServer, type SseTestServer } from './testing/sse-server';
import { parseTickers, TICKER_STREAM_PATH } from './ticker-feed';

const btc = { symbol: 'BTCUSDT', price: '42000.10', changePercent: '1.25' };
const tickersEvent = (tickers: unknown[]) => `event: tickers\ndata: ${JSON.stringify({ tickers })}\n\n`;

let server: SseTestServer;
let keychain: Keychain;
let ipc: IpcHandlers;
let events: { event: IpcEvent; payload: unknown }[];

beforeEach(async () => {
  server = await startSseTestServer();
  server.respond = (req, res) => {
    if (req.url === TICKER_STREAM_PATH) return openStream(req, res);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"Logged out"}');
  };
  keychain = createMemoryKeychain('tok-1');
  events = [];
  ipc = createIpcHandlers({
    keychain,
    settings: createMemorySettings({ email: 'alice@example.com' }),
    http: createAxiosHttp(server.url, { timeoutMs: 2_000 }),
    notifier: { notify: () => undefined },
    app: { version: '0.1.0', platform: 'linux', mode: 'preview' },
    liveTickers: true,
  });
  ipc.on((event, payload) => events.push({ event, payload }));
});
afterEach(async () => {
  ipc.close();
  await server.close();
});

const streamAttempts = () => server.attempts.length;

describe('ticker feed in main', () => {
  it('opens the stream once a signed-in session is seen and pushes market:tickers', async () => {
    await ipc.invoke('session:current', {});
    await ipc.invoke('session:current', {}); // a second answer must not open a second stream
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push(tickersEvent([btc]));
    server.push('event: tickers\ndata: {"tickers":[{"symbol":1}]}\n\n'); // malformed: dropped
    server.push(tickersEvent([{ ...btc, price: '42001.00' }]));
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { event: 'market:tickers', payload: { tickers: [btc] } },
      { event: 'market:tickers', payload: { tickers: [{ ...btc, price: '42001.00' }] } },
    ]);
    expect(server.attempts).toEqual(['Bearer tok-1']);
  });

  it('stays closed while nobody is signed in', async () => {
    await keychain.deleteToken();
    await ipc.invoke('session:current', {});
    await new Promise((r) => setTimeout(r, 80));
    expect(streamAttempts()).toBe(0);
  });

  it('closes the stream on logout', async () => {
    await ipc.invoke('session:current', {});
    await vi.waitFor(() => expect(server.open).toBe(1));
    await ipc.invoke('session:logout', {});
    await vi.waitFor(() => expect(server.open).toBe(0));
    expect(events.map((e) => e.event)).not.toContain('session:expired');
  });

  it('ends the session when the stream answers 401', async () => {
    server.respond = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
    };
    await ipc.invoke('session:current', {});
    await vi.waitFor(() => expect(events.map((e) => e.event)).toEqual(['session:expired']));
    expect(await keychain.getToken()).toBeNull();
    expect(streamAttempts()).toBe(1);
  });

  it('closes the stream when another call finds the session expired', async () => {
    await ipc.invoke('session:current', {});
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.respond = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
    };
    await ipc.invoke('wallet:spotBalance', {});
    await vi.waitFor(() => expect(server.open).toBe(0));
    expect(events.map((e) => e.event)).toEqual(['session:expired']);
  });
});

describe('parseTickers', () => {
  it('accepts well-formed entries only', () => {
    expect(parseTickers(JSON.stringify({ tickers: [btc] }))).toEqual([btc]);
    expect(parseTickers('{"tickers":[{"symbol":"X","price":1,"changePercent":"0"}]}')).toBeNull();
    expect(parseTickers('not json')).toBeNull();
  });
});
