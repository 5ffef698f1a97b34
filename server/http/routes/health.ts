import type { FastifyInstance } from 'fastify';

export default async function healthRoute(app: FastifyInstance) {
  app.get('/healthz', {
    schema: {
      hide: true,
      response: { 200: { type: 'object', properties: { status: { type: 'string' } } } },
    },
    handler: async () => ({ status: 'ok' }),
  });
}
