import type { FastifyInstance } from 'fastify';
import { resolveMigrationsFolder } from '../../db/database';
import { DATABASE_CHECK_MS, isReady, readinessProbe, sharedCheck } from '../readiness';
import { feedSource } from '../../exchange/market-data';
import { seesHealthDetails } from '../operator-access';

/**
 * Their time limits (plugins/request-timeout.ts; REQUEST_TIMEOUT_MS when that is lower):
 * /healthz reads counters in memory, so a second without an answer means the process is
 * starved; /readyz's own checks give up after DATABASE_CHECK_MS each (and answer `not ready`
 * with the reason), so its limit is only the backstop behind them.
 */
export const HEALTHZ_TIMEOUT_MS = 1_000;
export const READYZ_TIMEOUT_MS = 2 * DATABASE_CHECK_MS + 1_000;

const checksSchema = {
  type: 'object',
  properties: { database: { type: 'string' }, migrations: { type: 'string' }, priceFeed: { type: 'string' } },
};
const readySchema = { type: 'object', properties: { status: { type: 'string' }, checks: checksSchema } };

/**
 * Liveness, plus what a support engineer asks first about the exchange side: is the price feed
 * on its WebSocket or on the REST fallback, and how many members' account streams are up. It
 * never fails because the exchange is down (that is not this process being dead) and names no
 * member. The exchange side only to a caller on this host or with METRICS_TOKEN
 * (operator-access.ts); through a proxy, `{status:'ok'}`.
 */
export default async function healthRoute(app: FastifyInstance) {
  app.get('/healthz', {
    config: { timeoutMs: HEALTHZ_TIMEOUT_MS },
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
                accountStreams: {
                  type: 'object',
                  properties: { members: { type: 'integer' }, spotUp: { type: 'integer' }, futuresUp: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
    handler: async (request) => {
      const exchange = app.deps.exchange;
      if (!exchange || !seesHealthDetails(request, app.deps.config.metricsToken)) return { status: 'ok' };
      const feed = exchange.marketData.feedStats();
      const streams = exchange.balances.stats();
      return {
        status: 'ok',
        exchange: {
          prices: feedSource(feed),
          priceStreamFailures: feed.streamFailures,
          accountStreams: { members: streams.members, spotUp: streams.spotUp, futuresUp: streams.futuresUp },
        },
      };
    },
  });
}

/**
 * Readiness for a load balancer or an orchestrator (http/readiness.ts): 200 `ready`, or 503
 * `not ready`. The checks that decided it go only to a caller on this host that came through no
 * proxy, or with METRICS_TOKEN (operator-access.ts): a stranger learns the status code and no
 * more (not which migration is pending, nor that the database is down). Like /healthz it needs
 * no sign-in and counts against no rate limit: probes ask it every few seconds, and the checks
 * run at most once a second whoever asks (the app's clock, so tests can step past it).
 */
export async function readinessRoute(app: FastifyInstance) {
  const { config, exchange } = app.deps;
  const probe = readinessProbe({
    db: () => app.deps.db,
    migrationsFolder: resolveMigrationsFolder(),
    ...(config.roles.includes('engine') && exchange ? { feedStats: () => exchange.marketData.feedStats() } : {}),
  });
  const checksNow = sharedCheck(probe, () => app.deps.clock().getTime());
  app.get('/readyz', {
    config: { timeoutMs: READYZ_TIMEOUT_MS },
    schema: { hide: true, response: { 200: readySchema, 503: readySchema } },
    handler: async (request, reply) => {
      const checks = await checksNow();
      const ready = isReady(checks);
      const status = ready ? 'ready' : 'not ready';
      const answer = seesHealthDetails(request, config.metricsToken) ? { status, checks } : { status };
      return reply.code(ready ? 200 : 503).send(answer);
    },
  });
}
