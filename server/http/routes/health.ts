import type { FastifyInstance } from 'fastify';
import { resolveMigrationsFolder } from '../../db/database';
import { isReady, readinessProbe } from '../readiness';
import { feedSource } from '../../exchange/market-data';

const checksSchema = {
  type: 'object',
  properties: { database: { type: 'string' }, migrations: { type: 'string' }, priceFeed: { type: 'string' } },
};
const readySchema = { type: 'object', properties: { status: { type: 'string' }, checks: checksSchema } };

/**
 * Liveness, plus what a support engineer asks first about the exchange side: is the price feed
 * on its WebSocket or on the REST fallback, and how many members' account streams are up. It
 * never fails because the exchange is down (that is not this process being dead) and names no
 * member.
 */
export default async function healthRoute(app: FastifyInstance) {
  app.get('/healthz', {
    schema: {
      hide: true,
      response: {
        200: {
          type: 'object',
          properties: {
            status: { type: 'string' },
            exchange: {
              type: 'object',
              properties: {
                prices: { type: 'string' },
                priceStreamFailures: { type: 'integer' },
                accountStreams: { type: 'object', properties: { members: { type: 'integer' }, spotUp: { type: 'integer' }, futuresUp: { type: 'integer' } } },
              },
            },
          },
        },
      },
    },
    handler: async () => {
      const exchange = app.deps.exchange;
      if (!exchange) return { status: 'ok' };
      const feed = exchange.marketData.feedStats();
      const streams = exchange.balances.stats();
      return { status: 'ok', exchange: {
        prices: feedSource(feed),
        priceStreamFailures: feed.streamFailures,
        accountStreams: { members: streams.members, spotUp: streams.spotUp, futuresUp: streams.futuresUp },
      } };
    },
  });
}

/**
 * Readiness for a load balancer or an orchestrator (http/readiness.ts): 200 `ready`, or 503
 * `not ready`, each with the checks that decided it. Like /healthz it needs no sign-in and
 * counts against no rate limit: the proxy asks it every few seconds.
 */
export async function readinessRoute(app: FastifyInstance) {
  const { config, exchange } = app.deps;
  const probe = readinessProbe({
    db: () => app.deps.db,
    migrationsFolder: resolveMigrationsFolder(),
    ...(config.roles.includes('engine') && exchange ? { feedStats: () => exchange.marketData.feedStats() } : {}),
  });
  app.get('/readyz', {
    schema: { hide: true, response: { 200: readySchema, 503: readySchema } },
    handler: async (_request, reply) => {
      const checks = await probe();
      const ready = isReady(checks);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  });
}
