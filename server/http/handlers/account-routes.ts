/**
 * What the account routes add on the server only: the limits of the guessable calls (each with
 * its Retry-After, rate-limits.ts), and `success: false` in the errors of the calls whose SPEC
 * answer has a success field.
 */
import type { FastifyInstance } from 'fastify';
import type { accountOps } from '../../../common/ops/account';
import type { OpRoutesOptions } from '../ops/register';
import { loginLimits, perEmailLimit, perIpLimit } from '../rate-limits';

export function accountRouteOptions(app: FastifyInstance): OpRoutesOptions<typeof accountOps> {
  const perEmail = perEmailLimit(app);
  const withSuccess = { ...perEmail, config: { successField: true } };
  return {
    'account:login': loginLimits(app),
    'account:signup': perEmail,
    'account:verifyOtp': withSuccess,
    'account:resendOtp': withSuccess,
    'account:forgotPassword': withSuccess,
    'account:resetPassword': withSuccess,
    'account:referralCheck': perIpLimit(app),
  };
}
