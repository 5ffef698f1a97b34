/**
 * The security headers every answer carries: helmet's defaults, computed once, on API answers,
 * refusals and unknown paths alike, HSTS left to the TLS proxies; the docs keep their own CSP.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testExchange } from '../../exchange/testing/exchange';
import { oneDatabaseTarget } from '../../testing/databases';
import { bearer, register } from '../../testing/members';
import { createTestServer, type TestServer } from '../../testing/server';
import securityHeadersPlugin, { APP_HELMET_OPTIONS, securityHeaders } from './security-headers';

/** What @fastify/helmet 13 with helmet 8's defaults sent, header for header. */
const HELMET_DEFAULTS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What the app sends: HSTS is the TLS proxies' (deploy/), one header, never two. */
const { 'strict-transport-security': _hsts, ...APP_HEADERS } = HELMET_DEFAULTS;

describe('securityHeaders', () => {
  it('are helmet defaults, header for header', () => {
    expect(securityHeaders()).toEqual(HELMET_DEFAULTS);
  });

  it('follow the options given, a header turned off included', () => {
    const headers = securityHeaders({ frameguard: { action: 'deny' }, strictTransportSecurity: false });
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('refuse CSP directives that would be computed per request', () => {
    expect(() =>
      securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/per request/);
  });

  it('reach every answer of an app, a route answering its own header keeping it', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin);
    app.get('/own', (_request, reply) => reply.header('x-frame-options', 'DENY').send({ ok: true }));
    app.get('/fails', () => {
      throw new Error('boom');
    });
    const own = await app.inject({ url: '/own' });
    expect(own.headers['x-frame-options']).toBe('DENY');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ url: '/fails' })).headers).toMatchObject(HELMET_DEFAULTS);
    await app.close();
  });
});

// Headers do not differ by database: one (testing/databases.ts' rule), PostgreSQL when reachable as it boots faster.
const [target] = await oneDatabaseTarget();

describe('the platform server', () => {
  let server: TestServer;
  let exchange: Awaited<ReturnType<typeof testExchange>>;
  beforeAll(async () => {
    exchange = await testExchange();
    server = await createTestServer(target!, {}, { exchange });
  });
  afterAll(async () => {
    await server?.close();
    await exchange?.close();
  });

  it('sends them on answers, refusals and unknown paths', async () => {
    expect(securityHeaders(APP_HELMET_OPTIONS)).toEqual(APP_HEADERS);
    for (const url of ['/api/livebotdata', '/api/botstatus', '/api/no-such-route']) {
      const res = await server.app.inject({ url });
      expect(res.headers, url).toMatchObject(APP_HEADERS);
      expect(res.headers, url).not.toHaveProperty('strict-transport-security');
    }
  });

  it('sends them on the event streams, which write their own head', async () => {
    const member = await register(server);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as { port: number };
    for (const path of ['/api/events', '/api/tickers/stream']) {
      const req = http.get({ host: '127.0.0.1', port, path, headers: bearer(member.token) });
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.on('response', resolve).on('error', reject));
      req.destroy();
      expect(res.headers['content-type'], path).toBe('text/event-stream');
      expect(res.headers, path).toMatchObject(APP_HEADERS);
      expect(res.headers, path).not.toHaveProperty('strict-transport-security');
    }
  });

  it('leaves the docs their own CSP', async () => {
    const res = await server.app.inject({ url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('validator.swagger.io');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
