/**
 * GET /api/spotBalance, /api/futuresBalance, /api/spotAssets, /api/futuresAssets; POST
 * /api/transferspottofutures, /api/transferfuturestospot, /api/swaptousdt (SPEC: Wallet).
 * An optional Idempotency-Key header makes a retried POST a no-op instead of a second transfer;
 * a malformed one is a 400 (idempotency-key.ts), never ignored.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SwapRequest, TransferRequest } from '../../../../../common/api/exchange';
import { swapRequestSchema, transferRequestSchema } from '../../../../../common/schemas/exchange';
import { assets, futuresBalance, spotBalance } from '../../../../modules/wallet/balances';
import { swapToUsdt, transfer } from '../../../../modules/wallet/operations';
import { idempotencyKeyOf } from '../../../idempotency-key';
import { bearer } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

export default async function walletApi(app: FastifyInstance) {
  const deps = app.deps;
  const schema = { tags: ['wallet'], security: bearer };
  const user = (request: FastifyRequest) => memberOf(request).userId;

  app.get('/spotBalance', { onRequest: app.authenticate, schema }, (request) => spotBalance(deps, user(request)));
  app.get('/futuresBalance', { onRequest: app.authenticate, schema }, (request) => futuresBalance(deps, user(request)));
  app.get('/spotAssets', { onRequest: app.authenticate, schema }, (request) => assets(deps, user(request), 'spot'));
  app.get('/futuresAssets', { onRequest: app.authenticate, schema }, (request) => assets(deps, user(request), 'futures'));

  const transferSchema = { ...schema, body: fromYup(transferRequestSchema) };
  app.post<{ Body: TransferRequest }>('/transferspottofutures', { onRequest: app.authenticate, schema: transferSchema },
    (request) => transfer(deps, user(request), 'spot', 'futures', request.body, idempotencyKeyOf(request)));
  app.post<{ Body: TransferRequest }>('/transferfuturestospot', { onRequest: app.authenticate, schema: transferSchema },
    (request) => transfer(deps, user(request), 'futures', 'spot', request.body, idempotencyKeyOf(request)));
  app.post<{ Body: SwapRequest }>('/swaptousdt', { onRequest: app.authenticate, schema: { ...schema, body: fromYup(swapRequestSchema) } },
    (request) => swapToUsdt(deps, user(request), request.body, idempotencyKeyOf(request)));
}
