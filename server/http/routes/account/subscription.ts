/** POST /account/subscription/plans, /list and /create (account service envelope). */
import type { FastifyInstance } from 'fastify';
import type { AccountEnvelope } from '../../../../common/api/account';
import type { CreateSubscriptionRequest, PagedRequest } from '../../../../common/api/subscriptions';
import { ACCOUNT_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';
import { createSubscriptionSchema, pagedRequestSchema } from '../../../../common/schemas/account-service';
import { subscriptionHistory } from '../../../modules/subscriptions/history';
import { listPlans } from '../../../modules/subscriptions/plans';
import { purchasePlan } from '../../../modules/subscriptions/purchase';
import { accountEnvelope, bearer, pagedData, planData, subscriptionRecordData } from '../../schemas';
import { memberOf } from '../../types';
import { fromYup } from '../../validation';

const ok = <T>(data: T): AccountEnvelope<T> => ({ code: ACCOUNT_SUCCESS_CODE, data, msg: SERVER.accountOk });
const tags = ['account service'];

export default async function subscriptionRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.post('/subscription/plans', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: accountEnvelope({ type: 'object', properties: { plans: { type: 'array', items: planData } }, required: ['plans'] }) } },
    handler: async () => ok({ plans: await listPlans(db) }),
  });

  app.post<{ Body: PagedRequest }>('/subscription/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: accountEnvelope(pagedData(subscriptionRecordData)) } },
    handler: async (request) => ok(await subscriptionHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });

  app.post<{ Body: CreateSubscriptionRequest }>('/subscription/create', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(createSubscriptionSchema), response: { 200: accountEnvelope({ type: 'object', properties: { expireDate: { type: 'string' }, paidWith: { type: 'string' }, amount: { type: 'string' } } }) } },
    handler: async (request) => {
      const bought = await purchasePlan(db, memberOf(request).userId, request.body.planId, clock);
      return { code: ACCOUNT_SUCCESS_CODE, msg: SERVER.subscriptionPurchased,
        data: { expireDate: bought.expireDate.toISOString(), paidWith: bought.paidWith, amount: bought.amount } };
    },
  });
}
