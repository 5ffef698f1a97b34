/**
 * POST /api/startbotdata, /api/startscalp, /api/stopbot, /api/stopbotwithsell,
 * /api/editprofitbookat, /api/gridprotectionadd, /api/sltpedit. Every change reaches the engine
 * as a command written with the settings in one transaction (modules/bots/edit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { StartBotRequest, StopBotRequest } from '../../../../../common/api/bots';
import { SERVER } from '../../../../../common/messages';
import { editProfitBookBody, gridProtectionBody, sltpEditBody, startBotBody, stopBotBody } from '../../../../../common/schemas/bots';
import { editProfitBook, editProtection, editSltp, type SltpPrices } from '../../../../modules/bots/settings';
import { startBot } from '../../../../modules/bots/start';
import { stopBot, stopBotWithSell } from '../../../../modules/bots/stop';
import { DomainError } from '../../../../modules/errors';
import { bearer, messageResponse } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';
import { startResponse } from './response-schemas';

/** Bodies as the schemas leave them: number fields are decimal strings or null. */
interface ProfitBookBody { botID: string; profitBookValue: string | null }
interface ProtectionBody { botID: string; overbuyProtectionValue: string | null; protectionActive: boolean }
type SltpBody = { botID: string } & SltpPrices;

export default async function botManageRoutes(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['bots'], security: bearer };
  const changed = { ...schema, response: { 200: messageResponse } };

  app.post<{ Body: StartBotRequest }>('/startbotdata', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(startBotBody), response: { 200: startResponse } },
    handler: (request) => startBot(deps, memberOf(request).userId, request.body),
  });
  // Scalping Grid is coming soon (SPEC section 1): every body gets that answer, not field errors
  // about a start that cannot happen, so the body is not validated.
  app.post('/startscalp', { onRequest: app.authenticate, schema: changed }, async () => {
    throw new DomainError('bot.coming_soon', SERVER.scalpingComingSoon);
  });

  app.post<{ Body: StopBotRequest }>('/stopbot', { onRequest: app.authenticate, schema: { ...changed, body: fromYup(stopBotBody) } },
    (request) => stopBot(deps, memberOf(request).userId, request.body.botID));
  app.post<{ Body: StopBotRequest }>('/stopbotwithsell', { onRequest: app.authenticate, schema: { ...changed, body: fromYup(stopBotBody) } },
    (request) => stopBotWithSell(deps, memberOf(request).userId, request.body.botID));

  app.post<{ Body: ProfitBookBody }>('/editprofitbookat', { onRequest: app.authenticate, schema: { ...changed, body: fromYup(editProfitBookBody) } },
    (request) => editProfitBook(deps, memberOf(request).userId, request.body.botID, request.body.profitBookValue));
  app.post<{ Body: ProtectionBody }>('/gridprotectionadd', { onRequest: app.authenticate, schema: { ...changed, body: fromYup(gridProtectionBody) } },
    (request) => editProtection(deps, memberOf(request).userId, request.body.botID, request.body.overbuyProtectionValue, request.body.protectionActive));
  app.post<{ Body: SltpBody }>('/sltpedit', { onRequest: app.authenticate, schema: { ...changed, body: fromYup(sltpEditBody) } },
    (request) => editSltp(deps, memberOf(request).userId, request.body.botID, {
      sellAllAndPausePrice: request.body.sellAllAndPausePrice ?? null,
      restartPrice: request.body.restartPrice ?? null,
      stoplossPrice: request.body.stoplossPrice ?? null,
    }));
}
