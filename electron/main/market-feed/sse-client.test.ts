import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSseClient, type SseClient } from './sse-client';
import type { SseMessage } from './sse-parser';
import { startSseTestServer, type SseTestServer } from './testing/sse-server';

let server: SseTestServer;
let client: SseClient | undefined;
let messages: SseMessage[];
let token: string | null;
let unauthorized: number;

function start(extra: { idleMs?: number } = {}) {
  client = createSseClient({
    url: `${server.url}/api/tickers/stream`,
    getToken: async () => token,
    onMessage: (m) => messages.push(m),
    onUnauthorized: () => unauthorized++,
    initialBackoffMs: 20,
    maxBackoffMs: 80,
    log: () => undefined,
    ...extra,
  });
  client.start();
  return client;
}

beforeEach(async () => {
  server = await startSseTestServer();
  messages = [];
  token = 'tok-1';
  unauthorized = 0;
});
afterEach(async () => {
  client?.stop();
  await server.close();
});

describe('SSE client', () => {
  it('connects with the Bearer token and delivers events', async () => {
    start();
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push('event: tickers\ndata: {"tickers":[]}\n\n');
    await vi.waitFor(() => expect(messages).toEqual([{ event: 'tickers', data: '{"tickers":[]}' }]));
    expect(server.attempts).toEqual(['Bearer tok-1']);
  });

  it('reconnects after the stream drops, with the current token', async () => {
    start();
    await vi.waitFor(() => expect(server.open).toBe(1));
    token = 'tok-2';
    server.cut();
    await vi.waitFor(() => expect(server.attempts).toEqual(['Bearer tok-1', 'Bearer tok-2']));
    await vi.waitFor(() => expect(server.open).toBe(1));
    server.push('event: tickers\ndata: 1\n\n');
    await vi.waitFor(() => expect(messages).toHaveLength(1));
  });

  it('backs off while the server fails, then recovers', async () => {
    server.respond = (_req, res) => {
      res.writeHead(503).end();
    };
    start();
    await vi.waitFor(() => expect(server.attempts.length).toBeGreaterThanOrEqual(3));
    server.respond = (req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: back\n\n');
    };
    await vi.waitFor(() => expect(messages).toEqual([{ event: 'message', data: 'back' }]));
    expect(client?.running).toBe(true);
  });

  it('treats a silent stream as dead and reconnects', async () => {
    start({ idleMs: 60 });
    await vi.waitFor(() => expect(server.attempts.length).toBeGreaterThanOrEqual(2));
  });

  it('stops on 401 and reports it once', async () => {
    server.respond = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
    };
    start();
    await vi.waitFor(() => expect(unauthorized).toBe(1));
    await new Promise((r) => setTimeout(r, 150));
    expect(server.attempts).toHaveLength(1);
    expect(client?.running).toBe(false);
  });

  it('does not connect without a token', async () => {
    token = null;
    start();
    await new Promise((r) => setTimeout(r, 80));
    expect(server.attempts).toEqual([]);
    expect(client?.running).toBe(false);
  });

  it('closes the stream and stays closed once stopped', async () => {
    start();
    await vi.waitFor(() => expect(server.open).toBe(1));
    client?.stop();
    await vi.waitFor(() => expect(server.open).toBe(0));
    server.push('data: late\n\n');
    await new Promise((r) => setTimeout(r, 150));
    expect(server.attempts).toHaveLength(1);
    expect(messages).toEqual([]);
  });
});
