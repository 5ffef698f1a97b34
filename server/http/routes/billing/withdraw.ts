/**
 * POST /account/withdraw/create and /account/withdraw/list (billing service envelope). The
 * payout itself happens later, in the `chain` role's payout worker; a server without a chain
 * refuses new withdrawals instead of debiting rewards it cannot pay. /create takes an optional
 * Idempotency-Key header: the same key again answers the first request's record.
 */
import type { FastifyInstance } from 'fastify';
import type { PagedRequest } from '../../../../common/api/subscriptions';
import { WITHDRAW_STATUSES, type CreateWithdrawRequest } from '../../../../common/api/billing';
import { SERVER } from '../../../../common/messages';
import { pagedRequestSchema, withdrawRequestSchema } from '../../../../common/schemas/billing';
import { createWithdrawal } from '../../../modules/withdrawals/create';
import { withdrawHistory } from '../../../modules/withdrawals/history';
import { IDEMPOTENCY_KEY_DOC, idempotencyKeyOf } from '../../idempotency-key';
import { billingEnvelope, bearer, pagedData } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';
import { billingOk as ok, billingTags as tags } from './envelope';

const str = { type: 'string' } as const;
const status = { type: 'string', enum: [...WITHDRAW_STATUSES] } as const;

const withdrawRecordData = {
  type: 'object',
  properties: { id: str, amount: str, toAddress: str, status, createdAt: str },
  required: ['id', 'amount', 'toAddress', 'status', 'createdAt'],
} as const;

const createdData = { type: 'object', properties: { id: str, status }, required: ['id', 'status'] } as const;

export default async function withdrawRoutes(app: FastifyInstance) {
  const { db, clock, config } = app.deps;

  app.post<{ Body: PagedRequest }>('/withdraw/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: billingEnvelope(pagedData(withdrawRecordData)) } },
    handler: async (request) => ok(await withdrawHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });

  app.post<{ Body: CreateWithdrawRequest }>('/withdraw/create', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, description: IDEMPOTENCY_KEY_DOC, body: fromYup(withdrawRequestSchema), response: { 200: billingEnvelope(createdData) } },
    handler: async (request) => {
      const created = await createWithdrawal(db, memberOf(request).userId, request.body, { clock, available: config.chain.payouts.enabled, checksummedAddress: config.chain.checksummedAddress },
        idempotencyKeyOf(request));
      return ok(created, SERVER.withdrawRequested);
    },
  });
}
