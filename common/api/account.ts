/**
 * Request and response shapes of the Account calls (SPEC section 7): member access under /api. An
 * answer is spelled once, as its JSON Schema; its type is read off it.
 */
import { bool, described, object, oneOf, str, strOrNull, type Answer, type MessageAnswer } from './json-schema';

/**
 * What the desktop keeps as `userData` after login (never the token). The subscription view and
 * balances are the ones POST /account/user-data answers (server/modules/profile), as of login;
 * the newer fields are optional so userData stored by an older version still reads.
 */
export interface UserData {
  id: string;
  username: string;
  email: string;
  contactNo: string;
  userCode: string;
  /** false both before the first subscription and after one expired (user-data tells them apart). */
  isActiveSubscription: boolean;
  subscription: { expireDate: string | null; isExpire: boolean; validityLabel?: string; note?: string };
  usdtToken?: string;
  ifcNewToken?: string;
  ifcNewTokenPrice?: string;
  usdtRewardToken?: string;
}

export interface SignupRequest {
  username: string;
  contactNo: string;
  email: string;
  password: string;
  referralId?: string | null;
}

export interface VerifyOtpRequest extends SignupRequest {
  otp: string;
}

/** The member's data a session starts with (server/modules/profile/session-user.ts): every field, always. */
const sessionUser = object({
  id: str,
  username: str,
  email: str,
  contactNo: str,
  userCode: str,
  isActiveSubscription: described(
    'False both before the first subscription and after one expired (user-data tells them apart)',
    bool,
  ),
  subscription: object({ expireDate: strOrNull, isExpire: bool, validityLabel: str, note: str }, ['validityLabel', 'note']),
  usdtToken: str,
  ifcNewToken: str,
  ifcNewTokenPrice: str,
  usdtRewardToken: str,
});

export const loginResponse = object({
  token: str,
  accessToken: described('The same session token; the billing service (/account) accepts it as Bearer', str),
  ...sessionUser.properties,
});
export const verifyOtpResponse = object({ success: { type: 'boolean', const: true }, ...loginResponse.properties });
export const successResponse = object({ success: bool, message: str }, ['message']);
export const referralMandatoryResponse = object({ mandatory: bool });
export const referralCheckResponse = object(
  {
    exists: bool,
    username: strOrNull,
    message: str,
    reason: described(
      'Why the ID cannot be used, when `exists` is false',
      oneOf(['account.referral_not_found', 'account.sponsor_inactive']),
    ),
  },
  ['reason'],
);
export const emailResponse = object({ email: str });
/** POST /account/user-profile `data`. */
export const userProfile = object({ usdtRewardToken: str, userCode: str, isShowUserCode: bool, userCodeMsg: str });

/** What a session starts with: the member's data, every field (the desktop keeps it as UserData). */
export type SessionUserData = Answer<typeof sessionUser>;
export type LoginResponse = Answer<typeof loginResponse>;
export type VerifyOtpResponse = Answer<typeof verifyOtpResponse>;
export type SuccessResponse = Answer<typeof successResponse>;
export type ReferralMandatoryResponse = Answer<typeof referralMandatoryResponse>;
export type ReferralCheckResponse = Answer<typeof referralCheckResponse>;
export type EmailResponse = Answer<typeof emailResponse>;
export type MessageResponse = MessageAnswer;
export type UserProfile = Answer<typeof userProfile>;

/** Error body of every main-API failure. */
export interface ErrorBody {
  message: string;
  success?: false;
  statusCode?: number;
}
