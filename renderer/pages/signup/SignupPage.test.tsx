import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LABELS, SERVER, TEXT, UI, VALIDATION } from '../../../common/messages';
import { fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';
// Loaded up front so React.lazy resolves from the module cache while timers are fake.
import '../verify-otp/VerifyOtpPage';
import './SignupPage';

/** Runs timers and the promise chains they start (validation, the referral call, re-renders). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Types into a field and lets antd's watchers see it (they notify one tick later). */
async function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await advance(1);
}

async function openSignup(bridge: FakeBridge) {
  renderApp('/signup');
  for (let i = 0; i < 50 && !screen.queryByLabelText(LABELS.referralId); i += 1) await advance(20);
  expect(screen.getByLabelText(LABELS.referralId)).toBeTruthy();
  return bridge;
}

function submitButton() {
  return screen.getByRole('button', { name: /Sign Up|Sending OTP/ }) as HTMLButtonElement;
}

async function fillValidForm() {
  await type(LABELS.username, 'alice');
  await type(LABELS.contactNo, '+15550100');
  await type(LABELS.email, 'Alice@Example.COM');
  await type(LABELS.password, 'secret1');
}

describe('signup referral check', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls the check only 500 ms after typing stops, and only for exactly 6 characters', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:referralCheck', () => ok({ exists: true, username: 'sponsor', message: '' }));
    await openSignup(bridge);

    await type(LABELS.referralId, 'ABC12');
    await advance(1000);
    expect(bridge.callsTo('account:referralCheck')).toHaveLength(0);

    await type(LABELS.referralId, 'ABC1234');
    await advance(1000);
    expect(bridge.callsTo('account:referralCheck')).toHaveLength(0);

    await type(LABELS.referralId, 'ABC123');
    await advance(300);
    await type(LABELS.referralId, 'ABC124');
    await advance(498);
    expect(bridge.callsTo('account:referralCheck')).toHaveLength(0);
    await advance(2);
    expect(bridge.callsTo('account:referralCheck')).toEqual([{ referralId: 'ABC124' }]);
    expect(screen.getByText(LABELS.sponsor('sponsor'))).toBeTruthy();
  });

  it("shows 'Checking...' while the check runs", async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:referralCheck', () => new Promise(() => undefined));
    await openSignup(bridge);
    await type(LABELS.referralId, 'ABC123');
    await advance(500);
    expect(screen.getByText(TEXT.checking)).toBeTruthy();
  });

  it.each([
    [
      'a sponsor without subscription',
      ok({
        exists: false,
        username: null,
        message: SERVER.sponsorWithoutSubscription,
        reason: 'account.sponsor_inactive' as const,
      }),
      SERVER.sponsorWithoutSubscription,
    ],
    // The reason decides, not the words: other words under the same reason are shown as they are.
    [
      'a sponsor without subscription, worded otherwise',
      ok({ exists: false, username: null, message: 'Sponsor has no plan', reason: 'account.sponsor_inactive' as const }),
      'Sponsor has no plan',
    ],
    ['an unknown ID', ok({ exists: false, username: null, message: 'whatever the server says' }), UI.referralNotFound],
    [
      'an unknown ID worded like an inactive sponsor',
      ok({
        exists: false,
        username: null,
        message: SERVER.sponsorWithoutSubscription,
        reason: 'account.referral_not_found' as const,
      }),
      UI.referralNotFound,
    ],
    ['a failed call', fail(0, 'offline'), UI.referralCheckError],
  ])('shows the SPEC message for %s', async (_case, reply, shown) => {
    const bridge = installFakeBridge();
    bridge.handle('account:referralCheck', () => reply);
    await openSignup(bridge);
    await type(LABELS.referralId, 'ZZZ999');
    await advance(500);
    expect(screen.getByText(shown)).toBeTruthy();
  });

  it('shows the referral settings error when the setting cannot be read', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:referralMandatory', () => fail(500, 'boom'));
    await openSignup(bridge);
    expect(screen.getByText(UI.referralSettingsError)).toBeTruthy();
  });
});

describe('signup submit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('stays disabled until every field is valid', async () => {
    const bridge = installFakeBridge();
    await openSignup(bridge);
    expect(submitButton().disabled).toBe(true);
    await fillValidForm();
    await advance(50);
    expect(submitButton().disabled).toBe(false);
    await type(LABELS.password, '123');
    await advance(50);
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(VALIDATION.passwordMin)).toBeTruthy();
  });

  it('stays disabled while a mandatory referral ID is not confirmed valid', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:referralMandatory', () => ok({ mandatory: true }));
    bridge.handle('account:referralCheck', ({ referralId }) =>
      referralId === 'GOOD01'
        ? ok({ exists: true, username: 'sponsor', message: '' })
        : ok({ exists: false, username: null, message: SERVER.referralNotFound }),
    );
    await openSignup(bridge);
    await fillValidForm();
    await advance(50);
    expect(submitButton().disabled).toBe(true);

    await type(LABELS.referralId, 'BAD001');
    await advance(600);
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(VALIDATION.referralIdInvalid)).toBeTruthy();

    await type(LABELS.referralId, 'GOOD01');
    await advance(600);
    expect(submitButton().disabled).toBe(false);
  });

  it("labels the field 'Username', the word of its SPEC message 'Username is required.'", async () => {
    const bridge = installFakeBridge();
    await openSignup(bridge);
    await type(LABELS.username, 'x');
    await type(LABELS.username, '');
    await advance(50);
    expect(screen.getByText(VALIDATION.usernameRequired)).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
  });

  it('refuses a contact number that is not a phone number, and keeps the button disabled', async () => {
    const bridge = installFakeBridge();
    await openSignup(bridge);
    await fillValidForm();
    await type(LABELS.contactNo, 'abc');
    await advance(50);
    expect(screen.getByText(VALIDATION.contactNoPhone)).toBeTruthy();
    expect(screen.getByLabelText(LABELS.contactNo).getAttribute('aria-invalid')).toBe('true');
    expect(submitButton().disabled).toBe(true);
    await type(LABELS.contactNo, '+44 7700-900123');
    await advance(50);
    // antd keeps the old message on screen for its leave motion; the field itself is valid again.
    expect(screen.getByLabelText(LABELS.contactNo).getAttribute('aria-invalid')).not.toBe('true');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows the length rule for a referral ID that is not 6 characters', async () => {
    const bridge = installFakeBridge();
    await openSignup(bridge);
    await type(LABELS.referralId, 'AB');
    await advance(50);
    expect(screen.getByText(VALIDATION.referralIdLength)).toBeTruthy();
  });

  it("sends the lower-cased e-mail, reads 'Sending OTP...', then opens OTP verification", async () => {
    const bridge = installFakeBridge();
    let release: () => void = () => undefined;
    bridge.handle('account:signup', () => new Promise((r) => (release = () => r(ok({ message: 'OTP sent' })))));
    await openSignup(bridge);
    await fillValidForm();
    await advance(50);
    fireEvent.click(submitButton());
    await advance(50);
    expect(submitButton().textContent).toBe(TEXT.sendingOtp);
    expect(bridge.callsTo('account:signup')).toEqual([
      { username: 'alice', contactNo: '+15550100', email: 'alice@example.com', password: 'secret1', referralId: null },
    ]);
    release();
    await advance(200);
    expect(screen.getByText(UI.otpSent)).toBeTruthy();
    expect(screen.getByText(LABELS.otpSentTo('alice@example.com'))).toBeTruthy();
    expect(window.location.hash).toBe('#/verifyOtp');
  });

  it('hands the password to OTP verification, which sends it with the code (the server asks for it)', async () => {
    const bridge = installFakeBridge();
    bridge.handle('account:signup', () => ok({ message: 'OTP sent' }));
    bridge.handle('account:verifyOtp', () => fail(400, SERVER.otpInvalid, 'account.otp_invalid'));
    await openSignup(bridge);
    await fillValidForm();
    await advance(50);
    fireEvent.click(submitButton());
    for (let i = 0; i < 50 && !screen.queryByLabelText(LABELS.otp); i += 1) await advance(20);
    fireEvent.change(screen.getByLabelText(LABELS.otp), { target: { value: '123456' } });
    await advance(200);
    expect(bridge.callsTo('account:verifyOtp')).toEqual([
      {
        username: 'alice',
        contactNo: '+15550100',
        email: 'alice@example.com',
        password: 'secret1',
        referralId: null,
        otp: '123456',
      },
    ]);
  });

  it.each([
    [fail(400, SERVER.userExists, 'account.email_taken'), UI.emailRegistered],
    [fail(400, SERVER.invalidEmail, 'account.email_invalid'), SERVER.invalidEmail],
    [fail(500, 'boom'), UI.signupFailed],
  ])('maps a failed signup to the SPEC message (%#)', async (reply, shown) => {
    const bridge = installFakeBridge();
    bridge.handle('account:signup', () => reply);
    await openSignup(bridge);
    await fillValidForm();
    await advance(50);
    fireEvent.click(submitButton());
    await advance(200);
    expect(screen.getByText(shown)).toBeTruthy();
    expect(submitButton().textContent).toBe(LABELS.signUp);
  });
});
