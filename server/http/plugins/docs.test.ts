/**
 * /docs set up on its first request answers as @fastify/swagger and @fastify/swagger-ui did when
 * registered on the app itself: the same OpenAPI document, the UI with its own CSP, and the
 * app's own not-found answer for a path the UI does not serve.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import docs from './docs';

/** A few routes as the app writes them: a prefix, params, a body, a hidden one, a response schema. */
async function routes(app: FastifyInstance) {
  await app.register(
    async (api) => {
      api.get(
        '/bots/:id',
        {
          schema: {
            tags: ['bots'],
            security: [{ bearer: [] }],
            params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        async () => ({ name: 'BTCUSDT' }),
      );
      api.post('/bots', { schema: { body: { type: 'object', properties: { amount: { type: 'string' } } } } }, async () => ({}));
    },
    { prefix: '/api' },
  );
  app.get('/metrics', { schema: { hide: true } }, async () => '');
  app.get('/healthz', async () => ({ status: 'ok' }));
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function lazyDocsApp() {
  const app = Fastify();
  apps.push(app);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ msg: 'not here' }));
  await app.register(docs);
  await routes(app);
  await app.ready();
  return app;
}

async function eagerDocsApp() {
  const app = Fastify();
  apps.push(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'GridDesk platform API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  await routes(app);
  await app.ready();
  return app;
}

describe('the docs plugin', () => {
  it('serves the OpenAPI document @fastify/swagger made on the app itself', async () => {
    const lazy = await (await lazyDocsApp()).inject({ url: '/docs/json' });
    const eager = await (await eagerDocsApp()).inject({ url: '/docs/json' });
    expect(lazy.statusCode).toBe(200);
    expect(lazy.headers['content-type']).toBe(eager.headers['content-type']);
    expect(lazy.json()).toEqual(eager.json());
    expect(Object.keys(lazy.json().paths)).toEqual(['/api/bots/{id}', '/api/bots', '/healthz']);
  });

  it("serves the UI and its files with the UI's own CSP, the same as before", async () => {
    const lazyApp = await lazyDocsApp();
    const eagerApp = await eagerDocsApp();
    for (const url of ['/docs', '/docs/', '/docs/static/index.html', '/docs/yaml']) {
      const lazy = await lazyApp.inject({ url });
      const eager = await eagerApp.inject({ url });
      expect(lazy.statusCode, url).toBe(eager.statusCode);
      expect(lazy.headers['content-security-policy'], url).toBe(eager.headers['content-security-policy']);
      expect(lazy.headers['content-type'], url).toBe(eager.headers['content-type']);
      expect(lazy.headers.location, url).toBe(eager.headers.location);
      expect(lazy.body, url).toBe(eager.body);
    }
    const head = await lazyApp.inject({ method: 'HEAD', url: '/docs/json' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it("answers a path the UI does not serve with the app's own not-found handler", async () => {
    const res = await (await lazyDocsApp()).inject({ url: '/docs/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ msg: 'not here' });
  });
});
