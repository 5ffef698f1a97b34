/**
 * The time limit of every request (request-timeout.ts) on a bare app with the error shape of
 * errors.ts: the route's own limit when it has a lower one, the server's otherwise and at most,
 * and the log line that names the route as registered. The platform server's own routes:
 * ../request-timeout.test.ts.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER } from '../../../common/messages';
import errorsPlugin from './errors';
import requestTimeout from './request-timeout';

const never = () => new Promise<never>(() => undefined);

async function appWith(limitMs: number, lines: Array<Record<string, unknown>>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  await app.register(errorsPlugin);
  await app.register(requestTimeout, { limitMs });
  app.get('/bots/:id', never);
  app.get('/quick', { config: { timeoutMs: 50 } }, never);
  app.get('/greedy', { config: { timeoutMs: 600_000 } }, never);
  app.post('/orders', never);
  return app;
}

describe('the request time limit', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers a route that never does 503 server.timeout, logging the route pattern, not the URL', async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appWith(100, lines);
    const res = await app.inject({ url: '/bots/8c1e9d2a-secret-id?page=7' });
    expect([res.statusCode, res.json()]).toEqual([503, { message: SERVER.requestTimedOut, reason: 'server.timeout' }]);
    const logged = lines.filter((line) => line.route !== undefined);
    expect(logged).toEqual([
      expect.objectContaining({ level: 50, route: 'GET /bots/:id', limitMs: 100, ranMs: expect.any(Number) }),
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/8c1e9d2a|page=7/);
  }, 10_000);

  it("answers a POST with a body over a socket too (Fastify 5.12's handlerTimeout lets those run on)", async () => {
    app = await appWith(100, []);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":"1"}',
    });
    expect([res.status, await res.json()]).toEqual([503, { message: SERVER.requestTimedOut, reason: 'server.timeout' }]);
  }, 10_000);

  it("keeps a route's own lower limit, and never goes past the server's", async () => {
    const lines: Array<Record<string, unknown>> = [];
    app = await appWith(60_000, lines);
    expect((await app.inject({ url: '/quick' })).statusCode).toBe(503);
    expect(lines.find((line) => line.route === 'GET /quick')).toMatchObject({ limitMs: 50 });
    await app.close();
    lines.length = 0;
    app = await appWith(100, lines);
    expect((await app.inject({ url: '/greedy' })).statusCode).toBe(503);
    expect(lines.find((line) => line.route === 'GET /greedy')).toMatchObject({ limitMs: 100 });
  }, 10_000);
});
