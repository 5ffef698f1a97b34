/**
 * POST /account/subscription/plans, /list and /create (billing service envelope). /create takes
 * an optional Idempotency-Key header: the same key again answers the first purchase.
 */
import type { FastifyInstance } from 'fastify';
import type { CreateSubscriptionRequest, PagedRequest } from '../../../../common/api/subscriptions';
import { SERVER } from '../../../../common/messages';
import { createSubscriptionSchema, pagedRequestSchema } from '../../../../common/schemas/billing';
import { subscriptionHistory } from '../../../modules/subscriptions/history';
import { listPlans } from '../../../modules/subscriptions/plans';
import { purchasePlan } from '../../../modules/subscriptions/purchase';
import { IDEMPOTENCY_KEY_DOC, idempotencyKeyOf } from '../../idempotency-key';
import { billingEnvelope, bearer, pagedData, planData, subscriptionRecordData } from '../../schemas';
import { memberOf } from '../../types';
import { billingOk as ok, billingTags as tags } from './envelope';
import { fromYup } from '../../validation';


export default async function subscriptionRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.post('/subscription/plans', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, response: { 200: billingEnvelope({ type: 'object', properties: { plans: { type: 'array', items: planData } }, required: ['plans'] }) } },
    handler: async () => ok({ plans: await listPlans(db) }),
  });

  app.post<{ Body: PagedRequest }>('/subscription/list', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, body: fromYup(pagedRequestSchema), response: { 200: billingEnvelope(pagedData(subscriptionRecordData)) } },
    handler: async (request) => ok(await subscriptionHistory(db, memberOf(request).userId, { page: request.body.page!, limit: request.body.limit! })),
  });

  app.post<{ Body: CreateSubscriptionRequest }>('/subscription/create', {
    preHandler: app.authenticate,
    schema: { tags, security: bearer, description: IDEMPOTENCY_KEY_DOC, body: fromYup(createSubscriptionSchema), response: { 200: billingEnvelope({ type: 'object', properties: { expireDate: { type: 'string' }, paidWith: { type: 'string' }, amount: { type: 'string' } } }) } },
    handler: async (request) => {
      const bought = await purchasePlan(db, memberOf(request).userId, request.body.planId, clock, idempotencyKeyOf(request));
      return ok({ expireDate: bought.expireDate.toISOString(), paidWith: bought.paidWith, amount: bought.amount }, SERVER.subscriptionPurchased);
    },
  });
}
