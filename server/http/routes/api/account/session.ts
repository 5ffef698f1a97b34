/** POST /api/login, POST /api/logout, GET /api/email. */
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '../../../../../common/api/account';
import { SERVER } from '../../../../../common/messages';
import { loginSchema } from '../../../../../common/schemas/account';
import { login } from '../../../../modules/accounts/login';
import { revokeSession } from '../../../../modules/accounts/sessions';
import { findUserById } from '../../../../modules/accounts/users';
import { userData } from '../../../../modules/profile/session-user';
import { DomainError } from '../../../../modules/errors';
import { issueToken } from '../../../plugins/auth';
import { forgiveLogin, loginLimits } from '../../../rate-limits';
import { bearer, loginResponse, messageResponse } from '../../../schemas';
import { memberOf } from '../../../types';
import { fromYup } from '../../../validation';

export default async function sessionRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.post<{ Body: { email: string; password: string } }>('/login', {
    ...loginLimits(app),
    schema: { tags: ['account'], body: fromYup(loginSchema), response: { 200: loginResponse } },
    handler: async (request): Promise<LoginResponse> => {
      const user = await login(app.accountDeps, request.body.email, request.body.password);
      await forgiveLogin(app, request);
      const token = await issueToken(app, user.id);
      return { token, accessToken: token, ...(await userData(db, user, clock)) };
    },
  });

  app.post('/logout', {
    preHandler: app.authenticate,
    schema: { tags: ['account'], security: bearer, response: { 200: messageResponse } },
    handler: async (request) => {
      await revokeSession(db, memberOf(request).sessionId, clock);
      return { message: SERVER.loggedOut };
    },
  });

  app.get('/email', {
    preHandler: app.authenticate,
    schema: {
      tags: ['account'],
      security: bearer,
      response: { 200: { type: 'object', properties: { email: { type: 'string' } } } },
    },
    handler: async (request) => {
      const user = await findUserById(db, memberOf(request).userId);
      if (!user) throw new DomainError('auth.unauthenticated', SERVER.unauthorized);
      return { email: user.email };
    },
  });
}
