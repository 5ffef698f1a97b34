/** POST /api/forgot-password, POST /api/reset-password/{token}. */
import type { FastifyInstance } from 'fastify';
import { SERVER } from '../../../../../common/messages';
import { forgotPasswordSchema, resetPasswordSchema } from '../../../../../common/schemas/account';
import { requestPasswordReset, resetPassword } from '../../../../modules/accounts/password-reset';
import { perEmailLimit } from '../../../rate-limits';
import { successResponse } from '../../../schemas';
import { fromYup } from '../../../validation';
import { resetParams } from './request-schemas';

export default async function passwordRoutes(app: FastifyInstance) {
  app.post<{ Body: { email: string } }>('/forgot-password', {
    ...perEmailLimit(app),
    config: { successField: true },
    schema: { tags: ['account'], body: fromYup(forgotPasswordSchema), response: { 200: successResponse } },
    handler: async (request) => {
      await requestPasswordReset(app.accountDeps, request.body.email);
      return { success: true, message: SERVER.resetLinkSent };
    },
  });

  app.post<{ Params: { token: string }; Body: { password: string } }>('/reset-password/:token', {
    ...perEmailLimit(app),
    config: { successField: true },
    schema: {
      tags: ['account'],
      params: fromYup(resetParams),
      body: fromYup(resetPasswordSchema),
      response: { 200: successResponse },
    },
    handler: async (request) => {
      await resetPassword(app.accountDeps, request.params.token, request.body.password);
      return { success: true, message: SERVER.passwordReset };
    },
  });
}
