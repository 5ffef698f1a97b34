/** Request and response shapes of the Account calls (SPEC section 7): member access under /api. */

export interface LoginRequest {
  email: string;
  password: string;
}

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

export interface LoginResponse extends UserData {
  token: string;
  /** The same session token; the billing service (/account) accepts it as Bearer. */
  accessToken: string;
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

export interface VerifyOtpResponse extends LoginResponse {
  success: true;
}

export interface ResendOtpRequest {
  email: string;
  username?: string;
}

export interface SuccessResponse {
  success: boolean;
  message?: string;
}

export interface ReferralMandatoryResponse {
  mandatory: boolean;
}

export interface ReferralCheckResponse {
  exists: boolean;
  username: string | null;
  message: string;
  /** Why the ID cannot be used, when `exists` is false (common/reasons.ts). */
  reason?: 'account.referral_not_found' | 'account.sponsor_inactive';
}

export interface EmailResponse {
  email: string;
}

export interface MessageResponse {
  message: string;
}

/** POST /account/user-profile `data`. */
export interface UserProfile {
  usdtRewardToken: string;
  userCode: string;
  isShowUserCode: boolean;
  userCodeMsg: string;
}

/** Error body of every main-API failure. */
export interface ErrorBody {
  message: string;
  success?: false;
  statusCode?: number;
}
