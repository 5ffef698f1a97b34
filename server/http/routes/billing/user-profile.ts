/** POST /account/user-profile (billing service envelope {code:'0000', data, msg}). */
import type { FastifyInstance } from 'fastify';
import type { UserProfile } from '../../../../common/api/account';
import type { BillingEnvelope } from '../../../../common/api/billing';
import { BILLING_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';
import { DomainError } from '../../../modules/errors';
import { userProfile } from '../../../modules/profile/profile';
import { billingEnvelope, bearer, userProfileData } from '../../schemas';
import { memberOf } from '../../types';
import { billingTags } from './envelope';

export default async function userProfileRoute(app: FastifyInstance) {
  const { db, clock } = app.deps;
  app.post('/user-profile', {
    preHandler: app.authenticate,
    schema: { tags: billingTags, security: bearer, response: { 200: billingEnvelope(userProfileData) } },
    handler: async (request): Promise<BillingEnvelope<UserProfile>> => {
      const data = await userProfile(db, memberOf(request).userId, clock);
      if (!data) throw new DomainError('auth.unauthenticated', SERVER.unauthorized);
      return { code: BILLING_SUCCESS_CODE, data, msg: SERVER.accountOk };
    },
  });
}
