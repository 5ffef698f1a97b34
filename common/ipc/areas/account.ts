/**
 * Session and account channels: sign up, OTP, login, logout, password reset, profile. Most are
 * operations of common/ops/account.ts under their own names, forwarded as they are. Main writes
 * the ones that start or end a session (the token goes to the keychain, only a SessionInfo comes
 * back) and the signup (it has a default message).
 */
import type { UserData } from '../../api/account';
import { accountOps } from '../../ops/account';
import type { InputOf } from '../../ops/define';
import {
  emptyPayload as empty,
  forwardedOps,
  opPayloadSchemas,
  payloadShapeOf,
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

/**
 * Main's own channels are checked for their bounded shape; those that carry an operation's input
 * (login, signup, the OTP) for the shape that operation's input schema names (shared.ts). The
 * server answers the rules with their reasons, which the screens map.
 */
export const accountPayloadSchemas: PayloadSchemas<AccountChannels> = {
  ...opPayloadSchemas(forwardedAccountOps),
  'session:current': empty,
  'session:login': payloadShapeOf(accountOps['account:login'].input),
  'session:logout': empty,
  'account:signup': payloadShapeOf(accountOps['account:signup'].input),
  'account:verifyOtp': payloadShapeOf(accountOps['account:verifyOtp'].input),
};
