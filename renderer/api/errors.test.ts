import { describe, expect, it } from 'vitest';
import { SERVER, UI } from '../../common/messages';
import { ApiError } from './bridge';
import {
  forgotPasswordErrorMessage,
  loginErrorMessage,
  otpErrorMessage,
  resetPasswordErrorMessage,
  signupErrorMessage,
} from './errors';

describe('error mapping (SPEC section 8)', () => {
  it.each([
    [400, SERVER.userExists, 'account.email_taken', UI.emailRegistered],
    [400, SERVER.invalidEmail, 'account.email_invalid', SERVER.invalidEmail],
    [400, 'Username is required.', 'validation.required', UI.signupFailed],
    // The reason decides, never the words.
    [400, SERVER.userExists, 'validation.invalid', UI.signupFailed],
    [400, 'E-mail taken (worded otherwise)', 'account.email_taken', UI.emailRegistered],
    [0, '', undefined, UI.signupFailed],
  ] as const)('signup %i %s (%s) -> %s', (status, message, reason, shown) => {
    expect(signupErrorMessage(new ApiError(status, message, reason))).toBe(shown);
  });

  it.each([
    [400, UI.otpInvalid],
    [429, UI.otpVerifyFailed],
    [0, UI.otpVerifyFailed],
  ])('verify OTP %i -> %s', (status, shown) => {
    expect(otpErrorMessage(new ApiError(status, 'x'))).toBe(shown);
  });

  it.each([
    [404, 'account.not_found', UI.forgotUserNotFound],
    [404, 'request.not_found', UI.forgotFailed],
    [400, 'validation.invalid', UI.forgotFailed],
    [0, undefined, UI.forgotFailed],
  ] as const)('forgot password %i (%s) -> %s', (status, reason, shown) => {
    expect(forgotPasswordErrorMessage(new ApiError(status, SERVER.userNotFound, reason))).toBe(shown);
  });

  it('login and reset have one message each', () => {
    expect(loginErrorMessage(new ApiError(401, SERVER.invalidCredentials))).toBe(UI.loginFailed);
    expect(resetPasswordErrorMessage(new ApiError(400, SERVER.resetTokenInvalid))).toBe(UI.resetFailed);
  });

  it('treats a non-API error as no response', () => {
    expect(otpErrorMessage(new Error('boom'))).toBe(UI.otpVerifyFailed);
  });
});
