/** GET /api/checkConnection, /api/serverip, /api/fetchkeys; POST /api/apikeys (SPEC: API keys). */
import type { FastifyInstance } from 'fastify';
import type { ApiKeysRequest } from '../../../../../common/api/exchange';
import { apiKeysRequestSchema } from '../../../../../common/schemas/exchange';
import { checkConnection, disconnectKeys, fetchKeys, saveKeys } from '../../../../modules/keys/keys';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

export default async function keysApi(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['api keys'], security: bearer };

  app.get('/checkConnection', { onRequest: app.authenticate, schema },
    (request) => checkConnection(deps, memberOf(request).userId));

  app.get('/serverip', { onRequest: app.authenticate, schema }, async () => ({ ip: deps.config.serverPublicIp }));

  app.get('/fetchkeys', { onRequest: app.authenticate, schema }, (request) => fetchKeys(deps, memberOf(request).userId));

  app.post<{ Body: ApiKeysRequest }>('/apikeys', {
    onRequest: app.authenticate,
    schema: { ...schema, body: fromYup(apiKeysRequestSchema) },
    handler: (request) => {
      const { apiKey, secretKey } = request.body;
      const userId = memberOf(request).userId;
      if (apiKey === null || secretKey === null) return disconnectKeys(deps, userId);
      return saveKeys(deps, userId, { apiKey, secretKey });
    },
  });
}
