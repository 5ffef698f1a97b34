/** POST /account/level-income/level-reward and /list: the member's referral level income. */
import type { FastifyInstance } from 'fastify';
import type { PagedRequest } from '../../../../common/api/subscriptions';
import { pagedRequestSchema } from '../../../../common/schemas/billing';
import { levelRewardHistory, levelRewardSummary } from '../../../modules/referrals/level-income';
import { billingEnvelope, bearer, levelRewardRecordData, pagedData } from '../../schemas';
import { memberOf } from '../../types';
import { billingOk as ok, billingTags as tags } from './envelope';
import { fromYup } from '../../validation';


export default async function levelIncomeRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post('/level-income/level-reward', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope({ type: 'object', properties: { rewards: { type: 'string' } }, required: ['rewards'] }) } },
    handler: async (request) => ok(await levelRewardSummary(db, memberOf(request).userId)),
  });

  app.post<{ Body: PagedRequest }>('/level-income/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: billingEnvelope(pagedData(levelRewardRecordData)) } },
    handler: async (request) => ok(await levelRewardHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });
}
