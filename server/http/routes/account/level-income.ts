/** POST /account/level-income/level-reward and /list: the member's referral level income. */
import type { FastifyInstance } from 'fastify';
import type { AccountEnvelope } from '../../../../common/api/account';
import type { PagedRequest } from '../../../../common/api/subscriptions';
import { ACCOUNT_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';
import { pagedRequestSchema } from '../../../../common/schemas/account-service';
import { levelRewardHistory, levelRewardSummary } from '../../../modules/referrals/level-income';
import { accountEnvelope, bearer, levelRewardRecordData, pagedData } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';

const ok = <T>(data: T): AccountEnvelope<T> => ({ code: ACCOUNT_SUCCESS_CODE, data, msg: SERVER.accountOk });
const tags = ['account service'];

export default async function levelIncomeRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.post('/level-income/level-reward', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: accountEnvelope({ type: 'object', properties: { rewards: { type: 'string' } }, required: ['rewards'] }) } },
    handler: async (request) => ok(await levelRewardSummary(db, memberOf(request).userId)),
  });

  app.post<{ Body: PagedRequest }>('/level-income/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: accountEnvelope(pagedData(levelRewardRecordData)) } },
    handler: async (request) => ok(await levelRewardHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });
}
