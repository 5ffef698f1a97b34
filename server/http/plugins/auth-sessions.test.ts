/**
 * Cached sessions against revocation: a token must stop working on every API process the moment
 * one of them revokes it, including while a process's notification connection is down.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER } from '../../../common/messages';
import { NOTIFICATIONS_APPLICATION } from '../../db/database';
import { sessionCacheOf } from '../../modules/accounts/session-cache';
import { revokeUserSessions } from '../../modules/accounts/sessions';
import { databaseTargets } from '../../testing/databases';
import { bearer, register } from '../../testing/members';
import { secondApiProcess, type SecondProcess } from '../../testing/second-process';
import { createTestServer, type TestServer } from '../../testing/server';

const targets = await databaseTargets();

describe.each(targets)('cached sessions on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server?.close());

  const email = (app: FastifyInstance, token: string) => app.inject({ url: '/api/email', headers: bearer(token) });
  const login = async (who: { email: string; password: string }) =>
    (await server.app.inject({ method: 'POST', url: '/api/login', payload: who })).json<{ token: string }>().token;

  it('answers a known session from the cache, and a revoked one never again', async () => {
    const member = await register(server);
    const cache = sessionCacheOf(server.database.db);
    expect(cache.isTrusted).toBe(true);
    expect((await email(server.app, member.token)).statusCode).toBe(200);
    const cached = cache.size;
    expect((await email(server.app, member.token)).statusCode).toBe(200);
    expect(cache.size).toBe(cached);
    expect(await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(member.token) })).toMatchObject({
      statusCode: 200,
    });
    expect((await email(server.app, member.token)).statusCode).toBe(401);
  });

  it('signs HS256 and refuses a token of any other algorithm, alg none included', async () => {
    const member = await register(server);
    const [header, payload] = member.token.split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    expect((await email(server.app, member.token)).statusCode).toBe(200);
    for (const alg of ['HS384', 'HS512', 'none', 'None']) {
      const forged = forgeToken(alg, claims, server.config.jwtSecret);
      const res = await email(server.app, forged);
      expect(res.statusCode, alg).toBe(401);
      expect(res.json()).toEqual({ message: SERVER.unauthorized, reason: 'auth.unauthenticated' });
    }
  });

  it('ends a cached session when it expires', async () => {
    const member = await register(server);
    const token = await login(member);
    expect((await email(server.app, token)).statusCode).toBe(200);
    server.clock.advance((server.config.sessionTtlHours + 1) * 3_600_000);
    expect((await email(server.app, token)).statusCode).toBe(401);
  });
});

describe.each(targets.filter((t) => t.name === 'postgres'))('sessions cached by two API processes on $name', (target) => {
  let server: TestServer;
  let other: SecondProcess;
  beforeAll(async () => {
    server = await createTestServer(target);
    // A second process: its own pool, notification connection and session cache.
    other = await secondApiProcess(server);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const email = (app: FastifyInstance, token: string) => app.inject({ url: '/api/email', headers: bearer(token) });
  const otherCache = () => sessionCacheOf(other.database.db);

  async function signedInOnBoth() {
    const member = await register(server);
    expect((await email(other.app, member.token)).statusCode).toBe(200);
    expect((await email(server.app, member.token)).statusCode).toBe(200);
    expect(otherCache().get(tokenSession(member.token), server.clock())).toBe(member.userId);
    return member;
  }

  it('logout on one process ends the session on the other', async () => {
    const member = await signedInOnBoth();
    expect((await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(member.token) })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await email(other.app, member.token)).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it("revoking all of a member's sessions (password reset) reaches the other process", async () => {
    const member = await signedInOnBoth();
    await revokeUserSessions(server.database.db, member.userId, server.clock);
    await vi.waitFor(async () => expect((await email(other.app, member.token)).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
  });

  it('trusts no cached session while its notification connection is down, and caches again once it is back', async () => {
    const member = await signedInOnBoth();
    await terminateListeners(server.config.databaseUrl!);
    await vi.waitFor(() => expect(otherCache().isTrusted).toBe(false), { timeout: 5_000, interval: 10 });
    // Revoked while the other process cannot hear it: it must still refuse the token.
    await revokeUserSessions(server.database.db, member.userId, server.clock);
    expect((await email(other.app, member.token)).statusCode).toBe(401);
    await vi.waitFor(() => expect(otherCache().isTrusted).toBe(true), { timeout: 10_000, interval: 20 });
    const again = await signedInOnBoth();
    expect((await server.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(again.token) })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await email(other.app, again.token)).statusCode).toBe(401), {
      timeout: 5_000,
      interval: 20,
    });
  });
});

/** A token for `claims` under `alg`, HMAC-signed with the server's secret (unsigned for none). */
function forgeToken(alg: string, claims: object, secret: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
  const digest = { HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${unsigned}.${digest ? createHmac(digest, secret).update(unsigned).digest('base64url') : ''}`;
}

/** The session id (jti) inside a token. */
function tokenSession(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
}

/** Ends every process's LISTEN connection to this database, as a server restart would. */
async function terminateListeners(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [NOTIFICATIONS_APPLICATION],
    );
    expect(rowCount).toBe(2);
  } finally {
    await client.end();
  }
}
