/**
 * A member's whole access story through the real chain: renderer -> bridge -> main's IPC
 * handlers -> HTTP -> platform server -> PGlite, with mail read from a real SMTP receiver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, TEXT, UI } from '../../common/messages';
import { agreeDisclaimer, otpFrom, resetTokenFrom, startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { shareServer: true });
});
afterAll(async () => {
  await stack?.close();
});

const member = {
  username: 'Alice Trader',
  contactNo: '+44 7700 900123',
  email: 'Alice.Trader@Example.com',
  password: 'first-pass-1',
};

async function signUp(m: typeof member, referralId?: string) {
  const { page } = stack;
  await stack.open('/signup');
  await page.getByLabel(LABELS.username).fill(m.username);
  await page.getByLabel(LABELS.contactNo).fill(m.contactNo);
  await page.getByLabel(LABELS.email).fill(m.email);
  await page.getByLabel(LABELS.password, { exact: true }).fill(m.password);
  if (referralId) {
    await page.getByLabel(LABELS.referralId).fill(referralId);
    await expect.poll(() => page.getByRole('status').textContent()).toContain(LABELS.sponsor('Demo'));
  }
  const submit = page.getByRole('button', { name: LABELS.signUp });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByText(UI.otpSent).first().waitFor();
  await page.waitForURL(/#\/verifyOtp/);
}

async function enterOtpFromMail(email: string) {
  const mail = await stack.smtp.waitFor((m) => m.to.includes(email.toLowerCase()) && /\b\d{6}\b/.test(m.text));
  // Typing the sixth digit submits by itself (SPEC: Verify OTP).
  await stack.page.getByLabel(LABELS.otp).pressSequentially(otpFrom(mail.text));
}

async function logIn(email: string, password: string) {
  const { page } = stack;
  await page.getByLabel(LABELS.email).fill(email);
  await page.getByLabel(LABELS.password).fill(password);
  await page.getByRole('button', { name: LABELS.logIn }).click();
}

async function logOut() {
  const { page } = stack;
  // The side menu's Logout (the profile menu's runs the same useLogout): always in view, where
  // the profile dropdown may have closed again before a slow machine clicks its item.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: LABELS.logout }).click();
  await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
}

describe('member access', () => {
  it('signs up with an e-mailed OTP, logs out and in, and resets a forgotten password', async () => {
    const { page } = stack;
    await signUp(member);
    await enterOtpFromMail(member.email);
    await page.getByText(UI.otpVerified).first().waitFor();
    await page.waitForURL(/#\/dashboard/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await agreeDisclaimer(page);
    // The profile menu names the member by the lower-cased e-mail the server kept.
    await page.getByRole('button', { name: LABELS.profileMenu }).click();
    await page.getByText(member.email.toLowerCase()).first().waitFor();
    await page.keyboard.press('Escape');

    await logOut();
    // Signed out, a signed-in route sends the member to login and back after it.
    await stack.open('/mystrategies');
    await page.waitForURL(/#\/\?redirect=%2Fmystrategies/);
    await logIn(member.email, member.password);
    await page.waitForURL(/#\/mystrategies/);
    await page.getByRole('heading', { name: 'My Strategies' }).waitFor();
    await logOut();

    await page.getByRole('link', { name: TEXT.forgotPasswordLink }).click();
    await page.waitForURL(/#\/forgetpassword/);
    // The router keeps login on screen until the lazy page has loaded: on a busy machine its
    // e-mail field would otherwise take the address and the reset form would post an empty one.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel(LABELS.email).fill(member.email);
    await page.getByRole('button', { name: LABELS.sendResetLink }).click();
    await page.getByText(UI.resetLinkSent).first().waitFor();
    const mail = await stack.smtp.waitFor((m) => m.to.includes(member.email.toLowerCase()) && /resetpassword\//.test(m.text));
    expect(mail.text).toContain('griddesk://resetpassword/');

    await stack.open(`/resetpassword/${resetTokenFrom(mail.text)}`);
    await page.getByLabel(LABELS.newPassword).fill('second-pass-2');
    await page.getByLabel(LABELS.confirmPassword).fill('second-pass-2');
    await page.getByRole('button', { name: LABELS.resetPassword }).click();
    await page.getByText(UI.passwordReset).first().waitFor();
    await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));

    await logIn(member.email, member.password);
    await page.getByText(UI.loginFailed).first().waitFor();
    await logIn(member.email, 'second-pass-2');
    await page.waitForURL(/#\/dashboard/);
    await logOut();
  });

  it('signs up through the demo sponsor referral ID', async () => {
    const friend = {
      username: 'Bob',
      contactNo: '5550100',
      email: 'bob@example.com',
      password: 'bob-pass-1',
    };
    await signUp(friend, 'DEMO01');
    await enterOtpFromMail(friend.email);
    await stack.page.waitForURL(/#\/dashboard/);
    await agreeDisclaimer(stack.page);
    await logOut();
  });

  it('refuses a second sign up with a registered e-mail', async () => {
    const { page } = stack;
    await stack.open('/signup');
    await page.getByLabel(LABELS.username).fill('Alice Again');
    await page.getByLabel(LABELS.contactNo).fill('5550123');
    await page.getByLabel(LABELS.email).fill(member.email);
    await page.getByLabel(LABELS.password, { exact: true }).fill('whatever-1');
    await page.getByRole('button', { name: LABELS.signUp }).click();
    await page.getByText(UI.emailRegistered).first().waitFor();
  });

  it('rejects a wrong OTP with the SPEC message', async () => {
    const { page } = stack;
    const carol = {
      username: 'Carol',
      contactNo: '5550111',
      email: 'carol@example.com',
      password: 'carol-pass-1',
    };
    await signUp(carol);
    const mail = await stack.smtp.waitFor((m) => m.to.includes(carol.email));
    const wrong = otpFrom(mail.text) === '000000' ? '111111' : '000000';
    await page.getByLabel(LABELS.otp).pressSequentially(wrong);
    await page.getByText(UI.otpInvalid).first().waitFor();
  });
});
