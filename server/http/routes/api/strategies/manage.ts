/** POST /api/strategy, /api/stratagyedit, /api/deletestrategy. */
import type { FastifyInstance } from 'fastify';
import type { CreateStrategyRequest, EditStrategyRequest, StrategyNameRequest } from '../../../../../common/api/strategy';
import { SERVER } from '../../../../../common/messages';
import { createStrategySchema, editStrategySchema, strategyNameBody } from '../../../../../common/schemas/strategy';
import { createStrategy, deleteStrategy, editStrategy } from '../../../../modules/strategies/strategies';
import { bearer, messageResponse } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

export default async function strategyManageRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const schema = { tags: ['strategies'], security: bearer, response: { 200: messageResponse } };

  app.post<{ Body: CreateStrategyRequest }>('/strategy', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(createStrategySchema) },
    handler: async (request) => {
      await createStrategy(db, memberOf(request).userId, request.body);
      return { message: SERVER.strategySaved };
    },
  });

  app.post<{ Body: EditStrategyRequest }>('/stratagyedit', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(editStrategySchema) },
    handler: async (request) => {
      await editStrategy(db, memberOf(request).userId, request.body.dataToSend);
      return { message: SERVER.strategyUpdated };
    },
  });

  app.post<{ Body: StrategyNameRequest }>('/deletestrategy', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(strategyNameBody) },
    handler: async (request) => {
      await deleteStrategy(db, memberOf(request).userId, request.body.strategy_name);
      return { message: SERVER.strategyDeleted };
    },
  });
}
