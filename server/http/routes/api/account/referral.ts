/** GET /api/isreferralmendotory, GET /api/referralIdcheck/{referralId} (SPEC spellings). */
import type { FastifyInstance } from 'fastify';
import { checkReferral } from '../../../../modules/referrals/sponsors';
import { getSetting } from '../../../../modules/settings/settings';
import { perIpLimit } from '../../../rate-limits';
import { referralCheckResponse } from '../../../schemas';
import { fromYup } from '../../../validation';
import { referralParams } from './request-schemas';

export default async function referralRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.get('/isreferralmendotory', {
    schema: {
      tags: ['account'],
      response: { 200: { type: 'object', properties: { mandatory: { type: 'boolean' } } } },
    },
    handler: async () => ({ mandatory: await getSetting(db, 'referralMandatory') }),
  });

  app.get<{ Params: { referralId: string } }>('/referralIdcheck/:referralId', {
    ...perIpLimit(app),
    schema: { tags: ['account'], params: fromYup(referralParams), response: { 200: referralCheckResponse } },
    handler: async (request) => checkReferral(db, request.params.referralId, clock),
  });
}
