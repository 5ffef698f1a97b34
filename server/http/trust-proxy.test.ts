/**
 * Issue 20, item 7: behind a reverse proxy every client must still be itself. With TRUST_PROXY
 * naming the proxy, the per-client limits, the request log and /metrics' loopback rule read the
 * client the proxy forwards for; a peer that is not a trusted proxy cannot name itself.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '../../common/messages';
import { buildApp } from '../app';
import { sessions, users } from '../db/schema';
import { databaseTargets, oneDatabaseTarget } from '../testing/databases';
import { register, uniqueEmail } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';

const targets = await databaseTargets();
// The request log only formats what it is given: one database (testing/databases.ts' rule); the limits above count on both.
const logTargets = await oneDatabaseTarget();
const MAX = 5;
const LOGIN_IP_MAX = 3;
const PROXY = '127.0.0.1';

describe.each(targets)('clients behind a trusted proxy on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, {
      TRUST_PROXY: PROXY,
      RATE_LIMIT_MAX: String(MAX),
      RATE_LIMIT_LOGIN_IP_MAX: String(LOGIN_IP_MAX),
    });
  });
  afterAll(() => server?.close());

  /** A request as the proxy passes it on: from its socket, the client in X-Forwarded-For. */
  const via = (
    remoteAddress: string,
    forwardedFor: string | undefined,
    request: { method?: 'GET' | 'POST'; url: string; payload?: object },
  ) =>
    server.app.inject({
      method: 'GET',
      ...request,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });
  const forgot = (remoteAddress: string, forwardedFor: string | undefined, email: string) =>
    via(remoteAddress, forwardedFor, { method: 'POST', url: '/api/forgot-password', payload: { email } });
  const login = (forwardedFor: string, email: string, password: string) =>
    via(PROXY, forwardedFor, { method: 'POST', url: '/api/login', payload: { email, password } });

  it('counts each forwarded client apart: a limit one reaches does not touch another', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAX; i += 1) expect((await forgot(PROXY, '198.51.100.1', email)).statusCode).toBe(404);
    const limited = await forgot(PROXY, '198.51.100.1', email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: SERVER.tooManyRequests, reason: 'request.too_many' });
    expect((await forgot(PROXY, '198.51.100.2', email)).statusCode).toBe(404);
    // The client nginx appends last is the one counted, whatever the client wrote before it.
    expect((await forgot(PROXY, '10.9.9.9, 198.51.100.3', email)).statusCode).toBe(404);
    expect((await forgot(PROXY, '198.51.100.1, 198.51.100.3', email)).statusCode).toBe(404);
  });

  it('counts a forwarded client once whatever port its address carries (issue 34, item 8)', async () => {
    const email = uniqueEmail();
    const answers: number[] = [];
    for (let port = 1001; port <= 1008; port += 1) answers.push((await forgot(PROXY, `8.8.8.8:${port}`, email)).statusCode);
    expect(answers).toEqual([...Array<number>(MAX).fill(404), ...Array<number>(8 - MAX).fill(429)]);
    expect((await forgot(PROXY, '8.8.8.8', email)).statusCode).toBe(429);
    // A bracketed IPv6 address with a port is that address, counted by its /64.
    const v6 = uniqueEmail();
    for (let i = 1; i <= MAX; i += 1) expect((await forgot(PROXY, `[2001:db8:34:8::${i}]:${4000 + i}`, v6)).statusCode).toBe(404);
    expect((await forgot(PROXY, '2001:db8:34:8::ff', v6)).statusCode).toBe(429);
  });

  it('counts a forwarded value that names no address as the proxy it came through', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAX; i += 1) expect((await forgot(PROXY, `unknown-${i}`, email)).statusCode).toBe(404);
    expect((await forgot(PROXY, '8.8.8.8:port', email)).statusCode).toBe(429);
    expect((await forgot(PROXY, undefined, email)).statusCode).toBe(429);
  });

  it('keeps failed logins of some clients from locking out a member who logs in from another', async () => {
    const member = await register(server);
    for (let i = 0; i < LOGIN_IP_MAX; i += 1) {
      expect((await login('198.51.100.20', uniqueEmail(), 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login('198.51.100.20', uniqueEmail(), 'wrong-password')).statusCode).toBe(429);
    expect((await login('198.51.100.21', member.email, member.password)).statusCode).toBe(200);
  });

  it('records the forwarded client, not the proxy, on the session a login opens', async () => {
    const member = await register(server);
    const response = await login('198.51.100.30', member.email, member.password);
    expect(response.statusCode).toBe(200);
    const rows = await server.app.deps.db
      .select({ clientAddress: sessions.clientAddress })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, member.email));
    // The signup's own session came from the proxy's address with no forwarded client; the login's through it.
    expect(rows.map((r) => r.clientAddress).sort()).toEqual([PROXY, '198.51.100.30']);
  });

  it('records a forwarded client without the port a proxy appended', async () => {
    const member = await register(server);
    expect((await login('198.51.100.31:51234', member.email, member.password)).statusCode).toBe(200);
    const rows = await server.app.deps.db
      .select({ clientAddress: sessions.clientAddress })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, member.email));
    expect(rows.map((r) => r.clientAddress)).toContain('198.51.100.31');
  });

  it('ignores the X-Forwarded-For of a peer that is not a trusted proxy', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < MAX; i += 1) expect((await forgot('203.0.113.5', `198.51.100.${40 + i}`, email)).statusCode).toBe(404);
    const limited = await forgot('203.0.113.5', '198.51.100.99', email);
    expect(limited.statusCode).toBe(429);
  });

  it('refuses /metrics to a forwarded client that is not on loopback, through a proxy on loopback', async () => {
    expect((await via(PROXY, '203.0.113.9', { url: '/metrics' })).statusCode).toBe(403);
    // A client cannot pass itself off as loopback: the proxy appends the address it saw.
    expect((await via(PROXY, '127.0.0.1, 203.0.113.9', { url: '/metrics' })).statusCode).toBe(403);
    expect((await via(PROXY, undefined, { url: '/metrics' })).statusCode).toBe(200);
    expect((await via(PROXY, '127.0.0.1', { url: '/metrics' })).statusCode).toBe(200);
  });
});

describe.each(logTargets)('the request log behind a trusted proxy on $name', (target) => {
  let server: TestServer;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await createTestServer(target, { TRUST_PROXY: PROXY });
    app = await buildApp(
      { config: server.config, db: server.database.db, mailer: server.mailer, clock: server.clock },
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("logs the forwarded client's address, and a direct peer's own", async () => {
    const logged = () =>
      lines.map((line) => JSON.parse(line) as { req?: { url?: string; remoteAddress?: string } }).filter((l) => l.req);
    await app.inject({ url: '/healthz?from=proxy', remoteAddress: PROXY, headers: { 'x-forwarded-for': '198.51.100.77' } });
    await app.inject({
      url: '/healthz?from=direct',
      remoteAddress: '203.0.113.8',
      headers: { 'x-forwarded-for': '198.51.100.78' },
    });
    expect(logged().find((l) => l.req!.url === '/healthz?from=proxy')?.req?.remoteAddress).toBe('198.51.100.77');
    expect(logged().find((l) => l.req!.url === '/healthz?from=direct')?.req?.remoteAddress).toBe('203.0.113.8');
  });
});
