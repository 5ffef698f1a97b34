/** POST /api/signup, /api/verify-otp, /api/resend-otp. */
import type { FastifyInstance } from 'fastify';
import type { VerifyOtpResponse } from '../../../../../common/api/account';
import { SERVER } from '../../../../../common/messages';
import { resendOtpSchema, verifyOtpSchema } from '../../../../../common/schemas/account';
import { resendOtp, startSignup, type SignupInput } from '../../../../modules/accounts/signup';
import { verifySignup } from '../../../../modules/accounts/verify-signup';
import { userData } from '../../../../modules/profile/session-user';
import { issueToken } from '../../../plugins/auth';
import { perEmailLimit } from '../../../rate-limits';
import { messageResponse, successResponse, verifyOtpResponse } from '../../../schemas';
import { fromYup } from '../../../validation';
import { signupBody } from './request-schemas';

export default async function signupRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  app.post<{ Body: SignupInput }>('/signup', {
    ...perEmailLimit(app),
    schema: { tags: ['account'], body: fromYup(signupBody), response: { 200: messageResponse } },
    handler: async (request) => {
      await startSignup(app.accountDeps, request.body);
      return { message: SERVER.otpSent };
    },
  });

  app.post<{ Body: { email: string; otp: string; password?: string } }>('/verify-otp', {
    ...perEmailLimit(app),
    config: { successField: true },
    schema: { tags: ['account'], body: fromYup(verifyOtpSchema), response: { 200: verifyOtpResponse } },
    handler: async (request): Promise<VerifyOtpResponse> => {
      const { email, otp, password } = request.body;
      const user = await verifySignup(app.accountDeps, email, otp, password);
      const token = await issueToken(app, user.id);
      return { success: true, token, accessToken: token, ...(await userData(db, user, clock)) };
    },
  });

  app.post<{ Body: { email: string } }>('/resend-otp', {
    ...perEmailLimit(app),
    config: { successField: true },
    schema: { tags: ['account'], body: fromYup(resendOtpSchema), response: { 200: successResponse } },
    handler: async (request) => {
      await resendOtp(app.accountDeps, request.body.email);
      return { success: true, message: SERVER.otpResent };
    },
  });
}
