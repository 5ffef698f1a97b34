/**
 * What the server's log lines hold (issue 10 item 9): no statement values of a failed query, no
 * password-reset token, no credentials from a query string, a header or the configuration.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { databaseTargets } from '../testing/databases';
import { bearer, register, type Registered } from '../testing/members';
import { createTestServer, type TestServer } from '../testing/server';

const targets = await databaseTargets();

describe.each(targets)('log lines on $name', (target) => {
  let server: TestServer;
  let app: FastifyInstance;
  let member: Registered;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    server = await createTestServer(target);
    member = await register(server);
    // The same database, with a logger writing to `lines` and credentials in its configuration.
    const config = {
      ...server.config,
      databaseUrl: 'postgres://griddesk:db-s3cret@db.internal:5432/griddesk',
      smtpUrl: 'smtps://mailer:mail-s3cret@smtp.internal:465',
      bscRpcUrl: 'https://bsc.internal/v3/0123456789abcdef0123456789abcdef',
    };
    app = await buildApp(
      { config, db: server.database.db, mailer: server.mailer, clock: server.clock },
      { logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('logs a failed query with its SQL but without its parameters', async () => {
    const marker = 'param-value-7c41';
    await server.database.db.execute(sql`alter table "strategies" rename to "strategies_away"`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/stratagybypara',
        payload: { strategy_name: marker },
        headers: bearer(member.token),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await server.database.db.execute(sql`alter table "strategies_away" rename to "strategies"`);
    }
    const failure = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: { message?: string } })
      .find((l) => l.msg === 'request failed');
    expect(failure?.err?.message).toMatch(/^Failed query: select/);
    expect(logged()).not.toContain(marker);
    expect(logged()).not.toContain(member.userId);
  });

  it('logs the reset route without its token', async () => {
    const token = 'ResetTokenThatMustNotBeLogged_0123456789';
    await app.inject({ method: 'POST', url: `/api/reset-password/${token}`, payload: { password: 'brand-new-pw' } });
    expect(logged()).not.toContain(token);
    expect(logged()).toContain('"url":"/api/reset-password/[REDACTED]"');
  });

  it('logs query strings without credentials, and no authorization or cookie header', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/email?access_token=query-s3cret&page=2',
      headers: { ...bearer(member.token), cookie: 'sid=cookie-s3cret' },
    });
    expect(logged()).not.toContain('query-s3cret');
    expect(logged()).not.toContain('cookie-s3cret');
    expect(logged()).not.toContain(member.token);
    expect(logged()).toContain('page=2');
  });

  it('redacts the configured credentials from any line, messages and errors included', () => {
    app.log.info('connecting to postgres://griddesk:db-s3cret@db.internal:5432/griddesk');
    app.log.warn({ err: new Error('login failed for smtps://mailer:mail-s3cret@smtp.internal:465') }, 'mailer down');
    app.log.info('plain db-s3cret and 0123456789abcdef0123456789abcdef');
    expect(logged()).not.toContain('s3cret');
    expect(logged()).not.toContain('0123456789abcdef0123456789abcdef');
    expect(logged()).toContain('postgres://griddesk:[REDACTED]@db.internal:5432/griddesk');
  });
});
