import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineMetrics } from '../../engine/metrics';
import { registerPlatformMetrics } from '../../platform-metrics';
import { oneDatabaseTarget } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/server';

// Formatting and a refusal: one database (testing/databases.ts' rule), PostgreSQL when reachable as it boots faster.
const [target] = await oneDatabaseTarget();

describe('GET /metrics', () => {
  let server: TestServer;
  const metrics = new EngineMetrics();
  beforeAll(async () => {
    // As start.ts composes it: the engine's registry, with the platform gauges on it.
    registerPlatformMetrics(metrics.registry, {
      feed: () => ({
        streamUp: true,
        streamBatches: 1,
        streamFailures: 0,
        restPolls: 0,
        futuresStreamUp: false,
        futuresRestPolls: 0,
        lastPriceAt: Date.now(),
      }),
      backlog: async () => ({ unleased: { bots: 0, cycles: 0 }, payoutsPending: 0, oldestPendingSeconds: 0 }),
    });
    server = await createTestServer(target!, { METRICS_TOKEN: 'scrape-token-123' }, { metrics: metrics.registry });
    metrics.settle('BTCUSDT', '67250.12');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a loopback client with the engine gauges in Prometheus text', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('griddesk_engine_price{symbol="BTCUSDT"} 67250.12');
    expect(res.body).toContain('griddesk_engine_decision_seconds_bucket');
  });

  it("carries the event loop's delay, which no request time limit can cut short (issue 34)", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds']) {
      expect(res.body, name).toMatch(new RegExp(`^${name} \\d`, 'm'));
    }
    expect(res.body).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
  });

  it('refuses another address without the token, and lets the token through', async () => {
    const remote = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    expect((await server.app.inject(remote)).statusCode).toBe(403);
    expect((await server.app.inject({ ...remote, headers: { authorization: 'Bearer wrong-token-1234' } })).statusCode).toBe(403);
    const ok = await server.app.inject({ ...remote, headers: { authorization: 'Bearer scrape-token-123' } });
    expect([ok.statusCode, ok.body.includes('griddesk_engine_price')]).toEqual([200, true]);
    // A forwarded-for header does not make a remote client local.
    expect((await server.app.inject({ ...remote, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
  });
});
