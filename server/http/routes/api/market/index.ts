/**
 * GET /api/symbolpair, /api/minimum-bot-amount, /api/tickers, /api/tickers/stream (SSE),
 * /api/klines; POST /api/liveprice, /api/futureliveprice. Public data, no member key needed.
 */
import type { FastifyInstance } from 'fastify';
import type { KlinesQuery, LivePriceRequest } from '../../../../../common/api/exchange';
import { klinesQuerySchema, pairSchema } from '../../../../../common/schemas/exchange';
import { futuresLivePrice, klines, livePrice, symbolPairs, tickers } from '../../../../modules/market/market';
import { getSetting } from '../../../../modules/settings/settings';
import { bearer } from '../../../schemas';
import { fromYup } from '../../../validation';
import tickerStream from './stream';

export default async function marketApi(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['market'], security: bearer };

  app.get('/symbolpair', { onRequest: app.authenticate, schema }, () => symbolPairs(deps));
  app.post<{ Body: LivePriceRequest }>('/liveprice', { onRequest: app.authenticate, schema: { ...schema, body: fromYup(pairSchema) } },
    (request) => livePrice(deps, request.body.pair));
  app.post<{ Body: LivePriceRequest }>('/futureliveprice', { onRequest: app.authenticate, schema: { ...schema, body: fromYup(pairSchema) } },
    (request) => futuresLivePrice(deps, request.body.pair));
  app.get('/minimum-bot-amount', { onRequest: app.authenticate, schema },
    async () => ({ minimumBotAmount: await getSetting(deps.db, 'minimumBotAmount') }));
  app.get('/tickers', { onRequest: app.authenticate, schema }, () => tickers(deps));
  app.get<{ Querystring: Required<KlinesQuery> }>('/klines', { onRequest: app.authenticate, schema: { ...schema, querystring: fromYup(klinesQuerySchema) } },
    (request) => klines(deps, request.query.pair, request.query.interval, request.query.limit));
  await app.register(tickerStream);
}
