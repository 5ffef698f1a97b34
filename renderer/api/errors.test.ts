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
    [400, SERVER.userExists, UI.emailRegistered],
    [400, SERVER.invalidEmail, SERVER.invalidEmail],
    [400, 'Username is required.', UI.signupFailed],
    [409, SERVER.userExists, UI.signupFailed],
    [0, '', UI.signupFailed],
  ])('signup %i %s -> %s', (status, message, shown) => {
    expect(signupErrorMessage(new ApiError(status, message))).toBe(shown);
  });

  it.each([
    [400, UI.otpInvalid],
    [429, UI.otpVerifyFailed],
    [0, UI.otpVerifyFailed],
  ])('verify OTP %i -> %s', (status, shown) => {
    expect(otpErrorMessage(new ApiError(status, 'x'))).toBe(shown);
  });

  it.each([
    [404, UI.forgotUserNotFound],
    [400, UI.forgotFailed],
    [0, UI.forgotFailed],
  ])('forgot password %i -> %s', (status, shown) => {
    expect(forgotPasswordErrorMessage(new ApiError(status, SERVER.userNotFound))).toBe(shown);
  });

  it('login and reset have one message each', () => {
    expect(loginErrorMessage(new ApiError(401, SERVER.invalidCredentials))).toBe(UI.loginFailed);
    expect(resetPasswordErrorMessage(new ApiError(400, SERVER.resetTokenInvalid))).toBe(UI.resetFailed);
  });

  it('treats a non-API error as no response', () => {
    expect(otpErrorMessage(new Error('boom'))).toBe(UI.otpVerifyFailed);
  });
});
