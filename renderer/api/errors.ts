/**
 * Maps a failed call to the message SPEC section 8 owes the member. Pages never show a raw
 * server message except where SPEC says "shown as is".
 */
import { SERVER, UI } from '../../common/messages';
import { isApiError } from './bridge';

function statusOf(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

export function loginErrorMessage(_error: unknown): string {
  // SPEC has one login failure message, whatever the cause (wrong password, rate limit, offline).
  return UI.loginFailed;
}

export function signupErrorMessage(error: unknown): string {
  if (statusOf(error) === 400) {
    if (messageOf(error) === SERVER.userExists) return UI.emailRegistered;
    if (messageOf(error) === SERVER.invalidEmail) return SERVER.invalidEmail;
  }
  return UI.signupFailed;
}

export function otpErrorMessage(error: unknown): string {
  return statusOf(error) === 400 ? UI.otpInvalid : UI.otpVerifyFailed;
}

export function forgotPasswordErrorMessage(error: unknown): string {
  return statusOf(error) === 404 ? UI.forgotUserNotFound : UI.forgotFailed;
}

export function resetPasswordErrorMessage(_error: unknown): string {
  return UI.resetFailed;
}

/** Create strategy: the duplicate name gets its own words, everything else one message. */
export function strategySaveErrorMessage(error: unknown): string {
  if (statusOf(error) === 400 && messageOf(error) === SERVER.strategyExists) return UI.strategyExists;
  return UI.strategySaveFailed;
}

/** Delete strategy: in use, or 'Failed to delete strategy: {message}' with the server's words. */
export function strategyDeleteErrorMessage(error: unknown): string {
  if (messageOf(error) === SERVER.strategyInUse) return UI.strategyInUse;
  return UI.strategyDeleteFailed(messageOf(error) || UI.genericError);
}
