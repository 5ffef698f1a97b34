/**
 * Session and account channels: sign up, OTP, login, logout, password reset, profile. Most are
 * operations of common/ops/account.ts under their own names, forwarded as they are. Main writes
 * the ones that start or end a session (the token goes to the keychain, only a SessionInfo comes
 * back) and the signup (it has a default message).
 */
import * as yup from 'yup';
import type { UserData } from '../../api/account';
import { accountOps } from '../../ops/account';
import type { InputOf } from '../../ops/define';
import {
  boundedString as str,
  emptyPayload as empty,
  forwardedOps,
  opPayloadSchemas,
  type Empty,
  type OpChannels,
  type PayloadSchemas,
} from './shared';

export interface SessionInfo {
  signedIn: boolean;
  email: string | null;
  userData: UserData | null;
}

/** Operations main does not forward as they are: their channels are written below. */
const HAND_WRITTEN = ['account:signup', 'account:verifyOtp', 'account:login', 'account:logout'] as const;

/** Channels that are operations of common/ops/account.ts under their own names. */
export const forwardedAccountOps = forwardedOps(accountOps, HAND_WRITTEN);

type InputOfOp<K extends keyof typeof accountOps> = InputOf<(typeof accountOps)[K]>;

export interface AccountChannels extends OpChannels<typeof forwardedAccountOps> {
  'session:current': { payload: Empty; result: SessionInfo };
  /** POST /api/login; the token goes to the keychain. */
  'session:login': { payload: InputOfOp<'account:login'>; result: SessionInfo };
  /** POST /api/logout, then the session is forgotten locally whatever the server said. */
  'session:logout': { payload: Empty; result: SessionInfo };
  'account:signup': { payload: InputOfOp<'account:signup'>; result: { message: string } };
  /** POST /api/verify-otp; the token goes to the keychain. */
  'account:verifyOtp': { payload: InputOfOp<'account:verifyOtp'>; result: SessionInfo };
}

const referralId = yup.string().max(50).nullable().optional();

/**
 * The channels that start or end a session, and those whose form the member types into, are
 * checked for their bounded shape only: the server answers its rules with their reasons, which
 * the screens map. The others take their operation's own input schema.
 */
export const accountPayloadSchemas: PayloadSchemas<AccountChannels> = {
  ...opPayloadSchemas(forwardedAccountOps),
  'session:current': empty,
  'session:login': yup.object({ email: str(254), password: str(200) }).noUnknown(true),
  'session:logout': empty,
  'account:signup': yup
    .object({ username: str(200), contactNo: str(200), email: str(254), password: str(200), referralId })
    .noUnknown(true),
  'account:verifyOtp': yup
    .object({ email: str(254), otp: str(20), username: str(200), contactNo: str(200), password: str(200), referralId })
    .noUnknown(true),
  'account:resendOtp': yup.object({ email: str(254), username: yup.string().max(200).optional() }).noUnknown(true),
  'account:forgotPassword': yup.object({ email: str(254) }).noUnknown(true),
  'account:resetPassword': yup.object({ token: str(200).min(1), password: str(200) }).noUnknown(true),
  'account:referralCheck': yup.object({ referralId: str(50) }).noUnknown(true),
};
