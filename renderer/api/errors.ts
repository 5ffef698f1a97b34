/**
 * Maps a failed call to the message SPEC section 8 owes the member, by the refusal's reason
 * (common/reasons.ts), never by its words. Pages never show a raw server message except where
 * SPEC says "shown as is".
 */
import { SERVER, UI } from '../../common/messages';
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
  return UI.loginFailed;
}

export function signupErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'account.email_taken') return UI.emailRegistered;
  if (reasonOf(error) === 'account.email_invalid') return SERVER.invalidEmail;
  return UI.signupFailed;
}

export function otpErrorMessage(error: unknown): string {
  return statusOf(error) === 400 ? UI.otpInvalid : UI.otpVerifyFailed;
}

export function forgotPasswordErrorMessage(error: unknown): string {
  return reasonOf(error) === 'account.not_found' ? UI.forgotUserNotFound : UI.forgotFailed;
}

export function resetPasswordErrorMessage(_error: unknown): string {
  return UI.resetFailed;
}

/** Create strategy: the duplicate name gets its own words, everything else one message. */
export function strategySaveErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.exists') return UI.strategyExists;
  return UI.strategySaveFailed;
}

/** Delete strategy: in use, or 'Failed to delete strategy: {message}' with the server's words. */
export function strategyDeleteErrorMessage(error: unknown): string {
  if (reasonOf(error) === 'strategy.in_use') return UI.strategyInUse;
  return UI.strategyDeleteFailed(messageOf(error) || UI.genericError);
}
