import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberEvent } from '../../../../../common/api/bots';
import { recordEvent } from '../../../../runnables/member-events';
import { databaseTargets } from '../../../../testing/databases';
import { bearer, register, type Registered } from '../../../../testing/members';
import { createTestServer, type TestServer } from '../../../../testing/server';

const targets = await databaseTargets();

interface Frame {
  id: number;
  event: string;
  data: unknown;
}

/** Frames with an id (comments and pings are not events). */
function framesOf(text: string): Frame[] {
  return text.split('\n\n').flatMap((block) => {
    const fields = Object.fromEntries(
      block
        .split('\n')
        .filter((l) => !l.startsWith(':') && l.includes(': '))
        .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
    );
    return fields.id ? [{ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) }] : [];
  });
}

const stopped = (botID: string): MemberEvent => ({
  kind: 'bot.stopped',
  botID,
  name: 'BTCUSDT',
  reason: 'stoploss',
  status: 'Stopped',
  at: new Date().toISOString(),
});

describe.each(targets)('member event stream on $name', (target) => {
  let server: TestServer;
  let alice: Registered;
  let bob: Registered;
  let port: number;
  const open: http.ClientRequest[] = [];

  beforeAll(async () => {
    server = await createTestServer(target);
    [alice, bob] = await Promise.all([register(server, { username: 'Alice' }), register(server, { username: 'Bob' })]);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const req of open) req.destroy();
    await server?.close();
  });

  /** Opens the stream; `text()` is everything received so far. */
  async function connect(who: Registered, options: { lastEventId?: number; path?: string } = {}) {
    const headers: Record<string, string> = { ...bearer(who.token) };
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    const req = http.get({ host: '127.0.0.1', port, path: options.path ?? '/api/events', headers });
    open.push(req);
    const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
    let received = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      received += chunk;
    });
    await vi.waitFor(() => expect(received).toContain('event: ready'));
    const all = () => framesOf(received);
    return {
      res,
      req,
      ready: () => all().find((f) => f.event === 'ready')!,
      frames: () => all().filter((f) => f.event !== 'ready'),
    };
  }

  it('sends only new events of the member, framed with id, kind and payload', async () => {
    const db = server.database.db;
    const old = await recordEvent(db, alice.userId, stopped('old'));
    const stream = await connect(alice);
    // The first frame names where the stream starts, so a reconnect resumes from there.
    expect(stream.ready()).toEqual({ id: old, event: 'ready', data: {} });
    expect(stream.res.headers['content-type']).toBe('text/event-stream');
    await recordEvent(db, bob.userId, stopped('bobs'));
    const event = stopped('new');
    const id = await recordEvent(db, alice.userId, event);
    await vi.waitFor(() => expect(stream.frames()).toHaveLength(1));
    expect(stream.frames()).toEqual([{ id, event: 'bot.stopped', data: event }]);
    stream.req.destroy();
  });

  it('resumes after Last-Event-ID, or after ?after=', async () => {
    const db = server.database.db;
    const first = await recordEvent(db, alice.userId, stopped('a'));
    const second = await recordEvent(db, alice.userId, {
      kind: 'bot.started',
      botID: 'b',
      name: 'ETHUSDT',
      at: new Date().toISOString(),
    });
    const third = await recordEvent(db, alice.userId, {
      kind: 'bot.orderFailed',
      botID: 'c',
      name: 'ETHUSDT',
      message: 'Insufficient balance',
      at: new Date().toISOString(),
    });
    const resumed = await connect(alice, { lastEventId: first });
    await vi.waitFor(() =>
      expect(resumed.frames().map((f) => [f.id, f.event])).toEqual([
        [second, 'bot.started'],
        [third, 'bot.orderFailed'],
      ]),
    );
    resumed.req.destroy();
    const after = await connect(alice, { path: `/api/events?after=${second}` });
    await vi.waitFor(() => expect(after.frames().map((f) => f.id)).toEqual([third]));
    const fourth = await recordEvent(db, alice.userId, stopped('d'));
    await vi.waitFor(() => expect(after.frames().map((f) => f.id)).toEqual([third, fourth]));
    after.req.destroy();
  });

  it('refuses a stream without a token (401) and a bad ?after (400)', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/events?after=x', headers: bearer(alice.token) })).statusCode,
    ).toBe(400);
  });
});
