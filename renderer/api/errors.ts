/**
 * Maps a failed call to the message SPEC section 8 owes the member, by the refusal's reason
 * (common/reasons.ts), never by its words. Pages never show a raw server message except where
 * SPEC says "shown as is".
 */
// Each area's messages from its own file (not the gathered UI and SERVER of common/messages):
// the login screen, the first the app draws, then carries its area's messages, not every screen's.
import { MEMBER_SERVER, MEMBER_UI } from '../../common/messages/members';
import { SHARED_UI } from '../../common/messages/shared';
import { STRATEGY_UI } from '../../common/messages/strategies';
import type { Reason } from '../../common/reasons';
import { isApiError } from './bridge';

function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

function reasonOf(error: unknown): Reason | null {
  return isApiError(error) ? error.reason : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
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

/** Create strategy: the duplicate name gets its own words, everything else one message. */
export function strategySaveErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.exists') return STRATEGY_UI.strategyExists;
  return STRATEGY_UI.strategySaveFailed;
}

/** Delete strategy: in use, or 'Failed to delete strategy: {message}' with the server's words. */
export function strategyDeleteErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.in_use') return STRATEGY_UI.strategyInUse;
  return STRATEGY_UI.strategyDeleteFailed(messageOf(error) || SHARED_UI.genericError);
}
