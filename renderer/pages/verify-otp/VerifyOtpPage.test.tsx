import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_SECONDS } from '../../../common/constants';
import { LABELS, UI, VALIDATION } from '../../../common/messages';
import { App } from '../../app/App';
import { createQueryClient } from '../../app/Providers';
import { fail, installFakeBridge, ok, SIGNED_IN, type FakeBridge } from '../../testing/fakeBridge';
import { currentPath } from '../../testing/renderApp';
import { digitsOnly } from './VerifyOtpPage';
import type { PendingSignup } from './pendingSignup';
import '../dashboard/DashboardPage';
import '../signup/SignupPage';

const PENDING: PendingSignup = {
  email: 'alice@example.com',
  username: 'alice',
  contactNo: '+15550100',
  password: 'secret1',
  referralId: 'ABC123',
};

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Opens /verifyOtp the way signup does: with the pending signup in router state. */
async function openOtp(redirect = '') {
  window.history.replaceState({ usr: PENDING, key: 'test', idx: 0 }, '', `#/verifyOtp${redirect}`);
  render(<App client={createQueryClient()} />);
  for (let i = 0; i < 50 && !screen.queryByLabelText(LABELS.otp); i += 1) await advance(20);
}

async function typeOtp(value: string) {
  fireEvent.change(screen.getByLabelText(LABELS.otp), { target: { value } });
  // antd shows field errors a tick after validation settles.
  await advance(1);
  await advance(50);
}

function resendButton() {
  return screen.getByRole('button', { name: /Resend OTP/ }) as HTMLButtonElement;
}

describe('OTP verification', () => {
  let bridge: FakeBridge;
  beforeEach(() => {
    vi.useFakeTimers();
    bridge = installFakeBridge();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('strips non-digits and keeps at most 6', () => {
    expect(digitsOnly('12a-3 4')).toBe('1234');
    expect(digitsOnly('1234567890')).toBe('123456');
    expect(digitsOnly(undefined)).toBe('');
  });

  it('shows only digits in the field and the SPEC rule while fewer than 6', async () => {
    await openOtp();
    await typeOtp('1a2b3');
    expect((screen.getByLabelText(LABELS.otp) as HTMLInputElement).value).toBe('123');
    expect(screen.getByText(VALIDATION.otpLength)).toBeTruthy();
    expect(bridge.callsTo('account:verifyOtp')).toHaveLength(0);
    await typeOtp('');
    await advance(500);
    expect(screen.getByText(VALIDATION.otpRequired)).toBeTruthy();
  });

  it('submits by itself at 6 digits and signs the member in to the redirect target', async () => {
    bridge.handle('account:verifyOtp', () => ok(SIGNED_IN));
    await openOtp(`?redirect=${encodeURIComponent('/dashboard')}`);
    await typeOtp('12 34 56');
    await advance(200);
    expect(bridge.callsTo('account:verifyOtp')).toEqual([{ ...PENDING, otp: '123456' }]);
    expect(screen.getByText(UI.otpVerified)).toBeTruthy();
    for (let i = 0; i < 50 && currentPath() !== '/dashboard'; i += 1) await advance(20);
    expect(currentPath()).toBe('/dashboard');
  });

  it.each([
    [fail(400, 'Invalid OTP'), UI.otpInvalid],
    [fail(500, 'boom'), UI.otpVerifyFailed],
  ])('maps a failed verification to the SPEC message (%#)', async (reply, shown) => {
    bridge.handle('account:verifyOtp', () => reply);
    await openOtp();
    await typeOtp('654321');
    await advance(200);
    expect(screen.getByText(shown)).toBeTruthy();
  });

  it('keeps resend disabled for 30 seconds and restarts the countdown after a resend', async () => {
    bridge.handle('account:resendOtp', () => ok({ success: true }));
    await openOtp();
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe(LABELS.resendOtpIn(OTP_RESEND_SECONDS));
    await advance(10_000);
    expect(resendButton().textContent).toBe(LABELS.resendOtpIn(OTP_RESEND_SECONDS - 10));
    await advance(20_000);
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await advance(50);
    expect(bridge.callsTo('account:resendOtp')).toEqual([{ email: PENDING.email, username: 'alice' }]);
    expect(screen.getByText(UI.otpResent)).toBeTruthy();
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe(LABELS.resendOtpIn(OTP_RESEND_SECONDS));
  });

  it('says so when the resend fails', async () => {
    bridge.handle('account:resendOtp', () => fail(429, 'slow down'));
    await openOtp();
    await advance(OTP_RESEND_SECONDS * 1000);
    fireEvent.click(resendButton());
    await advance(50);
    expect(screen.getByText(UI.otpResendFailed)).toBeTruthy();
  });

  it('offers the way back to signup when opened without a pending signup', async () => {
    window.history.replaceState(null, '', '#/verifyOtp');
    render(<App client={createQueryClient()} />);
    for (let i = 0; i < 50 && !screen.queryByText(LABELS.noPendingSignup); i += 1) await advance(20);
    expect(screen.getByRole('link', { name: LABELS.backToSignup }).getAttribute('href')).toBe('#/signup');
  });

  it("never verifies without the sign up's password: a pending signup without one sends the member back", async () => {
    const { password: _password, ...withoutPassword } = PENDING;
    window.history.replaceState({ usr: withoutPassword, key: 'test', idx: 0 }, '', '#/verifyOtp');
    render(<App client={createQueryClient()} />);
    for (let i = 0; i < 50 && !screen.queryByText(LABELS.noPendingSignup); i += 1) await advance(20);
    expect(screen.getByRole('link', { name: LABELS.backToSignup }).getAttribute('href')).toBe('#/signup');
    expect(screen.queryByLabelText(LABELS.otp)).toBeNull();
    expect(bridge.callsTo('account:verifyOtp')).toHaveLength(0);
  });
});
