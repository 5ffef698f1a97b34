import type {
  EmailResponse,
  ReferralCheckResponse,
  ReferralMandatoryResponse,
  SuccessResponse,
  UserProfile,
} from '../../../../common/api/account';
import type { BillingEnvelope } from '../../../../common/api/billing';
import { SERVER } from '../../../../common/messages';
import type { IpcArea } from '../context';
import { errorFromReply, fail, fromReply, isSuccess, ok } from '../result';
import { startSession } from '../session-state';

const seg = encodeURIComponent;

export const accountArea: IpcArea = {
  name: 'account',
  handlers: {
    'account:signup': async (payload, { call }) => {
      const result = fromReply<{ message?: string }>(await call('POST', '/api/signup', payload));
      return result.ok ? ok({ message: result.value?.message ?? SERVER.otpSent }) : result;
    },

    'account:verifyOtp': async (payload, { ports, call }) =>
      startSession(ports, await call('POST', '/api/verify-otp', payload), payload.email),

    'account:resendOtp': async (payload, { call }) =>
      fromReply<SuccessResponse>(await call('POST', '/api/resend-otp', payload)),

    'account:forgotPassword': async (payload, { call }) =>
      fromReply<SuccessResponse>(await call('POST', '/api/forgot-password', payload)),

    'account:resetPassword': async ({ token, password }, { call }) =>
      fromReply<SuccessResponse>(
        await call('POST', `/api/reset-password/${seg(token)}`, { password }),
      ),

    'account:referralMandatory': async (_payload, { call }) =>
      fromReply<ReferralMandatoryResponse>(await call('GET', '/api/isreferralmendotory')),

    'account:referralCheck': async ({ referralId }, { call }) =>
      fromReply<ReferralCheckResponse>(
        await call('GET', `/api/referralIdcheck/${seg(referralId)}`),
      ),

    'account:email': async (_payload, { call }) =>
      fromReply<EmailResponse>(await call('GET', '/api/email')),

    // The billing service (/account) wraps its answers: code '0000' carries data, any other code a msg.
    'account:profile': async (_payload, { call }) => {
      const reply = await call('POST', '/account/user-profile', {});
      if (!isSuccess(reply)) return errorFromReply(reply);
      const envelope = reply.body as Partial<BillingEnvelope<UserProfile>> | null;
      if (envelope?.code === '0000' && envelope.data) return ok(envelope.data);
      return fail(400, envelope?.msg || 'The account service refused the request.');
    },
  },
};
