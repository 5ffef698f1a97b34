/**
 * Maps a failed call to the message SPEC section 8 owes the member, by the refusal's reason
 * (common/reasons.ts), never by its words. Pages never show a raw server message except where
 * SPEC says "shown as is".
 */
// Each area's messages from its own file (not the gathered UI and SERVER of common/messages):
// the login screen, the first the app draws, then carries its area's messages, not every screen's.
import { MEMBER_SERVER, MEMBER_UI } from '../../common/messages/members';
import type { Reason } from '../../common/reasons';
import { isApiError } from './bridge';

function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

/** The refusal's reason (common/reasons.ts), or null for a failure that has none. */
export function reasonOf(error: unknown): Reason | null {
  return isApiError(error) ? error.reason : null;
}

export function loginErrorMessage(_error: unknown): string {
  // SPEC has one login failure message, whatever the cause (wrong password, rate limit, offline).
  return MEMBER_UI.loginFailed;
}

export function signupErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'account.email_taken') return MEMBER_UI.emailRegistered;
  if (reasonOf(error) === 'account.email_invalid') return MEMBER_SERVER.invalidEmail;
  return MEMBER_UI.signupFailed;
}

export function otpErrorMessage(error: unknown): string {
  return statusOf(error) === 400 ? MEMBER_UI.otpInvalid : MEMBER_UI.otpVerifyFailed;
}

export function forgotPasswordErrorMessage(error: unknown): string {
  return reasonOf(error) === 'account.not_found' ? MEMBER_UI.forgotUserNotFound : MEMBER_UI.forgotFailed;
}

export function resetPasswordErrorMessage(_error: unknown): string {
  return MEMBER_UI.resetFailed;
}
