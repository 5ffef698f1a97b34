/** Session and account channels: sign up, OTP, login, logout, password reset, profile. */
import * as yup from 'yup';
import type {
  EmailResponse,
  ReferralCheckResponse,
  ReferralMandatoryResponse,
  SignupRequest,
  SuccessResponse,
  UserData,
  UserProfile,
  VerifyOtpRequest,
} from '../../api/account';
import { boundedString as str, emptyPayload as empty, type Empty, type PayloadSchemas } from './shared';

export interface SessionInfo {
  signedIn: boolean;
  email: string | null;
  userData: UserData | null;
}

export interface AccountChannels {
  'session:current': { payload: Empty; result: SessionInfo };
  'session:login': { payload: { email: string; password: string }; result: SessionInfo };
  'session:logout': { payload: Empty; result: SessionInfo };
  'account:signup': { payload: SignupRequest; result: { message: string } };
  'account:verifyOtp': { payload: VerifyOtpRequest; result: SessionInfo };
  'account:resendOtp': { payload: { email: string; username?: string }; result: SuccessResponse };
  'account:forgotPassword': { payload: { email: string }; result: SuccessResponse };
  'account:resetPassword': { payload: { token: string; password: string }; result: SuccessResponse };
  'account:referralMandatory': { payload: Empty; result: ReferralMandatoryResponse };
  'account:referralCheck': { payload: { referralId: string }; result: ReferralCheckResponse };
  'account:email': { payload: Empty; result: EmailResponse };
  'account:profile': { payload: Empty; result: UserProfile };
}

export const accountPayloadSchemas: PayloadSchemas<AccountChannels> = {
  'session:current': empty,
  'session:login': yup.object({ email: str(254), password: str(200) }).noUnknown(true),
  'session:logout': empty,
  'account:signup': yup
    .object({
      username: str(200),
      contactNo: str(200),
      email: str(254),
      password: str(200),
      referralId: yup.string().max(50).nullable().optional(),
    })
    .noUnknown(true),
  'account:verifyOtp': yup
    .object({
      email: str(254),
      otp: str(20),
      username: str(200),
      contactNo: str(200),
      password: str(200),
      referralId: yup.string().max(50).nullable().optional(),
    })
    .noUnknown(true),
  'account:resendOtp': yup
    .object({ email: str(254), username: yup.string().max(200).optional() })
    .noUnknown(true),
  'account:forgotPassword': yup.object({ email: str(254) }).noUnknown(true),
  'account:resetPassword': yup
    .object({ token: str(200).min(1), password: str(200) })
    .noUnknown(true),
  'account:referralMandatory': empty,
  'account:referralCheck': yup.object({ referralId: str(50) }).noUnknown(true),
  'account:email': empty,
  'account:profile': empty,
};
