/** The member-access operations (common/ops/account.ts): each one call into the accounts, referrals or profile module. */
import type { FastifyRequest } from 'fastify';
import { SERVER } from '../../../common/messages';
import type { accountOps } from '../../../common/ops/account';
import { login } from '../../modules/accounts/login';
import { resendOtp, startSignup } from '../../modules/accounts/signup';
import { requestPasswordReset, resetPassword } from '../../modules/accounts/password-reset';
import { revokeSession } from '../../modules/accounts/sessions';
import { findUserById } from '../../modules/accounts/users';
import { verifySignup } from '../../modules/accounts/verify-signup';
import { DomainError } from '../../modules/errors';
import { userProfile } from '../../modules/profile/profile';
import { userData } from '../../modules/profile/session-user';
import { checkReferral } from '../../modules/referrals/sponsors';
import { getSetting } from '../../modules/settings/settings';
import type { OpHandlers } from '../ops/register';
import { issueToken } from '../plugins/auth';
import { clientAddress } from '../client-address';
import { forgiveLogin } from '../rate-limits';
import { memberOf } from '../types';

const signedOut = () => new DomainError('auth.unauthenticated', SERVER.unauthorized);

/** A new session for the member: its token, under both names the clients read. */
async function sessionFor(request: FastifyRequest, userId: string) {
  const token = await issueToken(request.server, userId, clientAddress(request.ip, request.socket?.remoteAddress) ?? request.ip);
  return { token, accessToken: token };
}

export const accountHandlers: OpHandlers<typeof accountOps> = {
  'account:signup': async (input, { deps }) => {
    await startSignup(deps, input);
    return { message: SERVER.otpSent };
  },
  'account:verifyOtp': async ({ email, otp, password }, { deps, request }) => {
    const user = await verifySignup(deps, email, otp, password);
    return { success: true, ...(await sessionFor(request, user.id)), ...(await userData(deps.db, user, deps.clock)) };
  },
  'account:resendOtp': async ({ email }, { deps }) => {
    await resendOtp(deps, email);
    return { success: true, message: SERVER.otpResent };
  },
  'account:login': async ({ email, password }, { deps, request }) => {
    const user = await login(deps, email, password);
    await forgiveLogin(request.server, request);
    return { ...(await sessionFor(request, user.id)), ...(await userData(deps.db, user, deps.clock)) };
  },
  'account:logout': async (_input, { deps, request }) => {
    await revokeSession(deps.db, memberOf(request).sessionId, deps.clock);
    return { message: SERVER.loggedOut };
  },
  'account:email': async (_input, { deps, userId }) => {
    const user = await findUserById(deps.db, userId);
    if (!user) throw signedOut();
    return { email: user.email };
  },
  'account:forgotPassword': async ({ email }, { deps }) => {
    await requestPasswordReset(deps, email);
    return { success: true, message: SERVER.resetLinkSent };
  },
  'account:resetPassword': async ({ token, password }, { deps }) => {
    await resetPassword(deps, token, password);
    return { success: true, message: SERVER.passwordReset };
  },
  'account:referralMandatory': async (_input, { deps }) => ({ mandatory: await getSetting(deps.db, 'referralMandatory') }),
  'account:referralCheck': ({ referralId }, { deps }) => checkReferral(deps.db, referralId, deps.clock),
  'account:profile': async (_input, { deps, userId }) => {
    const data = await userProfile(deps.db, userId, deps.clock);
    if (!data) throw signedOut();
    return { data, msg: SERVER.accountOk };
  },
};
