/**
 * Issue 34: every request answers in bounded time. A request still running at REQUEST_TIMEOUT_MS
 * (here a password reset whose mail server never answers) is answered 503 `server.timeout` and
 * logged with its route and how long it ran; the handler's late answer is dropped, not sent; an
 * open event stream is not cut.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER } from '../../common/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import type { Mailer } from '../mail/mailer';
import { recordEvent } from '../runnables/member-events';
import { databaseTargets } from '../testing/databases';
import { bearer, register } from '../testing/members';
import { createTestServer, TEST_ENV, type TestServer } from '../testing/server';

const [pglite] = await databaseTargets();
const LIMIT_MS = 300;

/** An SMTP server that takes the mail and never answers, until the test lets it. */
class HangingMailer implements Mailer {
  private readonly waiting: Array<() => void> = [];
  send(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  get hanging(): number {
    return this.waiting.length;
  }
  answer(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

interface LogLine {
  level: number;
  msg: string;
  route?: string;
  ranMs?: number;
  limitMs?: number;
  err?: { code?: string };
}

/** One request over a keep-alive agent: its status, body and whether it reused the agent's socket. */
function send(port: number, agent: http.Agent, options: { method: string; path: string; body?: object }) {
  return new Promise<{ status: number; body: unknown; reusedSocket: boolean }>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text) as unknown, reusedSocket: req.reusedSocket }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('a request past REQUEST_TIMEOUT_MS', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let port: number;
  const mailer = new HangingMailer();
  const lines: LogLine[] = [];
  const open: http.ClientRequest[] = [];

  beforeAll(async () => {
    // Members sign up on the test server (its own limit, its own mailer); the app under test
    // shares its database and has the short limit.
    server = await createTestServer(pglite!);
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: server.config.dataDir, REQUEST_TIMEOUT_MS: String(LIMIT_MS) });
    app = await buildApp(
      { config, db: server.database.db, mailer, clock: server.clock },
      { logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } } },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const req of open) req.destroy();
    mailer.answer();
    await app?.close();
    await server?.close();
  });

  it('is answered 503 server.timeout, and logged with its route (not its URL) and how long it ran', async () => {
    const member = await register(server);
    const res = await app.inject({
      method: 'POST',
      url: '/api/forgot-password?from=test-4711',
      payload: { email: member.email },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: SERVER.requestTimedOut, reason: 'server.timeout', success: false });
    expect(mailer.hanging).toBe(1); // the handler is still waiting on the mail server
    const logged = lines.find((line) => line.msg.startsWith('request timed out'));
    expect(logged).toEqual(
      expect.objectContaining({
        level: 50,
        route: 'POST /api/forgot-password',
        ranMs: expect.any(Number),
        limitMs: LIMIT_MS,
        msg: 'request timed out: POST /api/forgot-password answered 503 server.timeout',
      }),
    );
    expect(JSON.stringify(logged)).not.toContain('4711');
    mailer.answer();
  }, 10_000);

  it('drops the late answer of its handler: nothing more goes out on the connection, and the server carries on', async () => {
    const member = await register(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(port, agent, { method: 'POST', path: '/api/forgot-password', body: { email: member.email } });
      expect(first).toEqual({
        status: 503,
        body: { message: SERVER.requestTimedOut, reason: 'server.timeout', success: false },
        reusedSocket: false,
      });
      const warnings = lines.length;
      mailer.answer();
      // Fastify refuses the handler's late reply with a warning instead of writing it.
      await vi.waitFor(() => expect(lines.slice(warnings).map((line) => line.err?.code)).toContain('FST_ERR_REP_ALREADY_SENT'));
      // The next answer on the same connection is the next request's own: no stray bytes before it.
      const next = await send(port, agent, { method: 'GET', path: '/healthz' });
      expect(next).toEqual({ status: 200, body: { status: 'ok' }, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  }, 10_000);

  it('does not cut an open event stream', async () => {
    const member = await register(server);
    const req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: bearer(member.token) });
    open.push(req);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    let received = '';
    let ended = false;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (received += chunk));
    res.on('close', () => (ended = true));
    await vi.waitFor(() => expect(received).toContain('event: ready'));
    await new Promise((resolve) => setTimeout(resolve, 3 * LIMIT_MS)); // well past the limit
    const id = await recordEvent(server.database.db, member.userId, {
      kind: 'bot.started',
      botID: 'b1',
      name: 'BTCUSDT',
      at: new Date().toISOString(),
    });
    await vi.waitFor(() => expect(received).toContain(`id: ${id}\nevent: bot.started`));
    expect([res.statusCode, ended]).toEqual([200, false]);
    expect(lines.filter((line) => line.route === 'GET /api/events')).toEqual([]);
    req.destroy();
  });
});
