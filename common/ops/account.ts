/**
 * Member access operations (SPEC section 7: Account): sign up and its OTP, login and logout,
 * the password reset, the referral checks, the member's e-mail, and the profile the billing
 * service (/account) keeps. A path parameter (`:token`) is a field of the operation's input.
 */
import type {
  EmailResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ReferralCheckResponse,
  ReferralMandatoryResponse,
  ResendOtpRequest,
  SignupRequest,
  SuccessResponse,
  UserProfile,
  VerifyOtpRequest,
  VerifyOtpResponse,
} from '../api/account';
import { forgotPasswordSchema, loginSchema, resendOtpSchema, verifyOtpSchema } from '../schemas/account';
import { referralParams, resetPasswordRequest, signupBody } from '../schemas/account-requests';
import { op, type Empty } from './define';
import { bool, messageReply, object, str } from './json-schema';

const strOrNull = { type: ['string', 'null'] } as const;

const userData = {
  id: str,
  username: str,
  email: str,
  contactNo: str,
  userCode: str,
  isActiveSubscription: bool,
  subscription: {
    type: 'object',
    properties: { expireDate: strOrNull, isExpire: bool, validityLabel: str, note: str },
    required: ['expireDate', 'isExpire'],
  },
  usdtToken: str,
  ifcNewToken: str,
  ifcNewTokenPrice: str,
  usdtRewardToken: str,
} as const;

const loginResponse = object({ token: str, accessToken: str, ...userData }, Object.keys(userData).filter((name) => name !== 'id' && name !== 'email'));
const verifyOtpResponse = object({ success: bool, ...loginResponse.properties }, Object.keys(userData));
const successReply = object({ success: bool, message: str }, ['message']);
const referralCheckResponse = object({ exists: bool, username: strOrNull, message: str, reason: str }, ['reason']);
const userProfileData = object({ usdtRewardToken: str, userCode: str, isShowUserCode: bool, userCodeMsg: str });

const account = { envelope: 'api', tag: 'account' } as const;
const open = { ...account, auth: 'public' } as const;
const member = { ...account, auth: 'member' } as const;

export const accountOps = {
  'account:signup': op<SignupRequest, MessageResponse>()({
    ...open, method: 'POST', path: '/api/signup', input: signupBody, summary: 'Starts a signup: mails the OTP',
    response: messageReply,
  }),
  'account:verifyOtp': op<VerifyOtpRequest, VerifyOtpResponse>()({
    ...open, method: 'POST', path: '/api/verify-otp', input: verifyOtpSchema,
    summary: 'Completes a signup with its OTP and opens a session', response: verifyOtpResponse,
  }),
  'account:resendOtp': op<ResendOtpRequest, SuccessResponse>()({
    ...open, method: 'POST', path: '/api/resend-otp', input: resendOtpSchema, summary: "Mails a pending signup's OTP again",
    response: successReply,
  }),
  'account:login': op<LoginRequest, LoginResponse>()({
    ...open, method: 'POST', path: '/api/login', input: loginSchema, summary: 'Opens a session', response: loginResponse,
  }),
  'account:logout': op<Empty, MessageResponse>()({
    ...member, method: 'POST', path: '/api/logout', summary: 'Revokes the session of the token', response: messageReply,
  }),
  'account:email': op<Empty, EmailResponse>()({
    ...member, method: 'GET', path: '/api/email', summary: "The member's e-mail", response: object({ email: str }, ['email']),
  }),
  'account:forgotPassword': op<{ email: string }, SuccessResponse>()({
    ...open, method: 'POST', path: '/api/forgot-password', input: forgotPasswordSchema, summary: 'Mails a password reset link',
    response: successReply,
  }),
  'account:resetPassword': op<{ token: string; password: string }, SuccessResponse>()({
    ...open, method: 'POST', path: '/api/reset-password/:token', input: resetPasswordRequest,
    summary: "Sets a new password with the reset link's token", response: successReply,
  }),
  // SPEC's spellings.
  'account:referralMandatory': op<Empty, ReferralMandatoryResponse>()({
    ...open, method: 'GET', path: '/api/isreferralmendotory', summary: 'Whether a signup needs a referral ID',
    response: object({ mandatory: bool }, ['mandatory']),
  }),
  'account:referralCheck': op<{ referralId: string }, ReferralCheckResponse>()({
    ...open, method: 'GET', path: '/api/referralIdcheck/:referralId', input: referralParams,
    summary: 'Whether a referral ID names a sponsor who can refer', response: referralCheckResponse,
  }),
  'account:profile': op<Empty, UserProfile>()({
    auth: 'member', envelope: 'billing', tag: 'account service', method: 'POST', path: '/account/user-profile',
    summary: "The member's referral code and reward account", response: userProfileData,
  }),
};
