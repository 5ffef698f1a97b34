/**
 * Every JSON route documents its 2xx answer in /docs (ARCHITECTURE section 8): the OpenAPI
 * document the server publishes has a JSON schema for the 200 of each operation, except the
 * routes whose answer is not JSON.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDatabaseTarget } from '../../testing/databases';
import { createTestServer, type TestServer } from '../../testing/server';

/** Event streams and the Prometheus text: their answers are not JSON. */
const NOT_JSON = new Set(['GET /api/events', 'GET /api/tickers/stream', 'GET /metrics']);

interface OpenApiOperation {
  description?: string;
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

// Documentation: one database (testing/databases.ts' rule), PostgreSQL when reachable as it boots faster.
const [target] = await oneDatabaseTarget();
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer(target!);
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('documents the 2xx answer of every JSON route', async () => {
    const docs = (await server.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    const undocumented: string[] = [];
    let routes = 0;
    for (const [path, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (NOT_JSON.has(route)) continue;
        routes += 1;
        if (!operation.responses?.['200']?.content?.['application/json']?.schema) undocumented.push(route);
      }
    }
    expect(routes).toBeGreaterThan(60);
    expect(undocumented).toEqual([]);
  });

  it('tells the money-moving submissions that they take an Idempotency-Key', async () => {
    const docs = (await server.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    for (const path of ['/account/subscription/create', '/account/withdraw/create', '/account/swap/usdt-reward/create']) {
      expect(docs.paths[path]?.post?.description, path).toMatch(/Idempotency-Key/);
    }
  });

  it('lists the reasons of its own an operation may refuse with, each with its status', async () => {
    const docs = (await server.app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    expect(docs.paths['/api/stopbotwithsell']?.post?.description).toBe(
      'Refuses with (beside the reasons any operation may give): bot.not_found (404), bot.already_stopped (400), bot.change_not_applied (409).',
    );
    expect(docs.paths['/account/withdraw/create']?.post?.description).toMatch(
      /Idempotency-Key[^]*billing\.withdrawal_daily_limit \(429\)/,
    );
  });
});
