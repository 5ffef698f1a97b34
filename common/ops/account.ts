/**
 * Member access operations (SPEC section 7: Account): sign up and its OTP, login and logout,
 * the password reset, the referral checks, the member's e-mail, and the profile the billing
 * service (/account) keeps. A path parameter (`:token`) is a field of the operation's input.
 */
import * as answers from '../api/account';
import { forgotPasswordSchema, loginSchema, resendOtpSchema, verifyOtpSchema } from '../schemas/account';
import { referralParams, resetPasswordRequest, signupBody } from '../schemas/account-requests';
import { op } from './define';
import { messageReply } from '../api/json-schema';

const account = { envelope: 'api', tag: 'account' } as const;
const open = { ...account, auth: 'public' } as const;
const member = { ...account, auth: 'member' } as const;

export const accountOps = {
  'account:signup': op()({
    refuses: [
      'account.email_taken',
      'account.email_invalid',
      'account.referral_invalid',
      'account.referral_not_found',
      'account.sponsor_inactive',
      'account.signup_pending',
    ],
    ...open,
    method: 'POST',
    path: '/api/signup',
    input: signupBody,
    summary: 'Starts a signup: mails the OTP',
    response: messageReply,
  }),
  'account:verifyOtp': op()({
    refuses: [
      'account.no_pending_signup',
      'account.otp_invalid',
      'account.otp_expired',
      'account.otp_burned',
      'account.password_mismatch',
      'account.email_taken',
    ],
    ...open,
    method: 'POST',
    path: '/api/verify-otp',
    input: verifyOtpSchema,
    summary: 'Completes a signup with its OTP and opens a session',
    response: answers.verifyOtpResponse,
  }),
  'account:resendOtp': op()({
    refuses: ['account.no_pending_signup'],
    ...open,
    method: 'POST',
    path: '/api/resend-otp',
    input: resendOtpSchema,
    summary: "Mails a pending signup's OTP again",
    response: answers.successResponse,
  }),
  'account:login': op()({
    refuses: ['auth.invalid_credentials'],
    ...open,
    method: 'POST',
    path: '/api/login',
    input: loginSchema,
    summary: 'Opens a session',
    response: answers.loginResponse,
  }),
  'account:logout': op()({
    ...member,
    method: 'POST',
    path: '/api/logout',
    summary: 'Revokes the session of the token',
    response: messageReply,
  }),
  'account:email': op()({
    ...member,
    method: 'GET',
    path: '/api/email',
    summary: "The member's e-mail",
    response: answers.emailResponse,
  }),
  'account:forgotPassword': op()({
    refuses: ['account.not_found'],
    ...open,
    method: 'POST',
    path: '/api/forgot-password',
    input: forgotPasswordSchema,
    summary: 'Mails a password reset link',
    response: answers.successResponse,
  }),
  'account:resetPassword': op()({
    refuses: ['account.reset_token_invalid'],
    ...open,
    method: 'POST',
    path: '/api/reset-password/:token',
    input: resetPasswordRequest,
    summary: "Sets a new password with the reset link's token",
    response: answers.successResponse,
  }),
  // SPEC's spellings.
  'account:referralMandatory': op()({
    ...open,
    method: 'GET',
    path: '/api/isreferralmendotory',
    summary: 'Whether a signup needs a referral ID',
    response: answers.referralMandatoryResponse,
  }),
  'account:referralCheck': op()({
    ...open,
    method: 'GET',
    path: '/api/referralIdcheck/:referralId',
    input: referralParams,
    summary: 'Whether a referral ID names a sponsor who can refer',
    response: answers.referralCheckResponse,
  }),
  'account:profile': op()({
    auth: 'member',
    envelope: 'billing',
    tag: 'account service',
    method: 'POST',
    path: '/account/user-profile',
    summary: "The member's referral code and reward account",
    response: answers.userProfile,
  }),
};
