/**
 * POST /account/swap/usdt-reward/create {amount}: USDT rewards into the USDT wallet. An optional
 * Idempotency-Key header makes the same key again answer the first swap.
 */
import type { FastifyInstance } from 'fastify';
import type { RewardSwapRequest } from '../../../../common/api/billing';
import { SERVER } from '../../../../common/messages';
import { rewardSwapRequestSchema } from '../../../../common/schemas/billing';
import { swapRewards } from '../../../modules/rewards/swap';
import { IDEMPOTENCY_KEY_DOC, idempotencyKeyOf } from '../../idempotency-key';
import { billingEnvelope, bearer } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';
import { billingOk as ok, billingTags as tags } from './envelope';

const rewardSwapData = {
  type: 'object',
  properties: { usdtToken: { type: 'string' }, usdtRewardToken: { type: 'string' } },
  required: ['usdtToken', 'usdtRewardToken'],
} as const;

export default async function swapRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post<{ Body: RewardSwapRequest }>('/swap/usdt-reward/create', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, description: IDEMPOTENCY_KEY_DOC, body: fromYup(rewardSwapRequestSchema), response: { 200: billingEnvelope(rewardSwapData) } },
    handler: async (request) =>
      ok(await swapRewards(db, memberOf(request).userId, request.body.amount, idempotencyKeyOf(request)), SERVER.rewardSwapped),
  });
}
