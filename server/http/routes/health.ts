import type { FastifyInstance } from 'fastify';

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
        prices: feed.streamUp ? 'stream' : feed.restPolls > 0 ? 'rest-fallback' : 'idle',
        priceStreamFailures: feed.streamFailures,
        accountStreams: { members: streams.members, spotUp: streams.spotUp, futuresUp: streams.futuresUp },
      } };
    },
  });
}
