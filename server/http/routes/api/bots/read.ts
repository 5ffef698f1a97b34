/**
 * GET /api/botstatus, /api/livebotdata, /api/bothistory, /api/scalpbothistory,
 * /api/cyclebothistory, /api/features; POST /api/botinfo, /api/orderbook, /api/purchasedQty,
 * /api/position, /api/profitbookat, /api/protectionvalues, /api/sltp.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BotIdRequest } from '../../../../../common/api/bots';
import { botIdBody } from '../../../../../common/schemas/bots';
import { botHistory, emptyHistory } from '../../../../modules/bots/history';
import { botInfo, orderBook, position, purchasedQty } from '../../../../modules/bots/info';
import { botStatus, liveBotData } from '../../../../modules/bots/live';
import { profitBookAt, protectionValues, sltpValues } from '../../../../modules/bots/settings';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';
import * as responses from './response-schemas';

/** JSON text sent as it is: Fastify does not serialise a string answer of a JSON type again. */
function asJson(reply: FastifyReply, json: string): string {
  reply.type('application/json; charset=utf-8');
  return json;
}

type ByIdReader = (deps: FastifyInstance['deps'], userId: string, botID: string) => Promise<unknown>;

/** POST {botID} calls that read one of the member's bots. */
const BY_ID: { path: string; read: ByIdReader; response: object }[] = [
  { path: '/botinfo', read: botInfo, response: responses.botInfoResponse },
  { path: '/orderbook', read: orderBook, response: responses.orderBookResponse },
  { path: '/purchasedQty', read: purchasedQty, response: responses.purchasedQtyResponse },
  { path: '/position', read: position, response: responses.positionResponse },
  { path: '/profitbookat', read: profitBookAt, response: responses.profitBookResponse },
  { path: '/protectionvalues', read: protectionValues, response: responses.protectionValuesResponse },
  { path: '/sltp', read: sltpValues, response: responses.sltpResponse },
];

export default async function botReadRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['bots'], security: bearer };

  app.get('/features', { onRequest: app.authenticate, schema: { ...schema, response: { 200: responses.featuresResponse } } },
    async () => ({ futuresEnabled: deps.config.futuresEnabled }));
  // The cards come written as JSON (card-json.ts): sent as they are, the schema documents them.
  app.get('/botstatus', { onRequest: app.authenticate, schema: { ...schema, response: { 200: responses.liveBotList } } },
    async (request, reply) => asJson(reply, await botStatus(deps, memberOf(request).userId)));
  app.get('/livebotdata', { onRequest: app.authenticate, schema: { ...schema, response: { 200: responses.liveBotList } } },
    async (_request, reply) => asJson(reply, await liveBotData(deps)));
  app.get('/bothistory', { onRequest: app.authenticate, schema: { ...schema, response: { 200: responses.historyResponse } } },
    (request) => botHistory(deps, memberOf(request).userId));
  for (const path of ['/scalpbothistory', '/cyclebothistory']) {
    app.get(path, { onRequest: app.authenticate, schema: { ...schema, response: { 200: responses.historyResponse } } }, emptyHistory);
  }

  for (const { path, read, response } of BY_ID) {
    app.post<{ Body: BotIdRequest }>(path, {
      onRequest: app.authenticate,
      schema: { ...schema, body: fromYup(botIdBody), response: { 200: response } },
      handler: (request) => read(deps, memberOf(request).userId, request.body.botID),
    });
  }
}
