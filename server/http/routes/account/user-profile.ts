/** POST /account/user-profile (account service envelope {code:'0000', data, msg}). */
import type { FastifyInstance } from 'fastify';
import type { AccountEnvelope, UserProfile } from '../../../../common/api/account';
import { ACCOUNT_SUCCESS_CODE } from '../../../../common/constants';
import { SERVER } from '../../../../common/messages';
import { DomainError } from '../../../modules/errors';
import { userProfile } from '../../../modules/profile/profile';
import { accountEnvelope, bearer, userProfileData } from '../../schemas';
import { memberOf } from '../../types';

export default async function userProfileRoute(app: FastifyInstance) {
  const { db, clock } = app.deps;
  app.post('/user-profile', {
    preHandler: app.authenticate,
    schema: { tags: ['account service'], security: bearer, response: { 200: accountEnvelope(userProfileData) } },
    handler: async (request): Promise<AccountEnvelope<UserProfile>> => {
      const data = await userProfile(db, memberOf(request).userId, clock);
      if (!data) throw new DomainError('auth.unauthenticated', SERVER.unauthorized);
      return { code: ACCOUNT_SUCCESS_CODE, data, msg: SERVER.accountOk };
    },
  });
}
