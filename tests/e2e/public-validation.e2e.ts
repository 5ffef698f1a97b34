/** Every validation message of the six public screens, as a member meets them in the app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, TEXT, UI, VALIDATION } from '../../common/messages';
import { startStack, type Stack } from './support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({}, { shareServer: true });
});
afterAll(async () => {
  await stack?.close();
});

async function seeAll(messages: string[]) {
  for (const message of messages) {
    await stack.page.getByText(message, { exact: true }).first().waitFor({ timeout: 10_000 });
  }
}

describe('public screen validation', () => {
  it('login: required, invalid e-mail, short password', async () => {
    const { page } = stack;
    await stack.open('/');
    await page.getByRole('button', { name: LABELS.logIn }).click();
    await seeAll([VALIDATION.emailRequired, VALIDATION.passwordRequired]);
    await page.getByLabel(LABELS.email).fill('not-an-email');
    await page.getByLabel(LABELS.password).fill('12345');
    await seeAll([VALIDATION.emailInvalid, VALIDATION.passwordMin]);
    await page.getByLabel(LABELS.password).fill('x'.repeat(43));
    await seeAll([VALIDATION.passwordMax]);
  });

  it("login builds no antd component style in the page: they come from the build's CSS file (renderer/build/antdStyles.ts)", async () => {
    const { page } = stack;
    await stack.open('/');
    await page.getByRole('button', { name: LABELS.logIn }).click();
    await seeAll([VALIDATION.emailRequired]);
    // A component style antd builds at run time is a <style> of `:where(.css-<hash>)` rules;
    // what it still adds, the theme's CSS variables, is keyed `.css-var-...`.
    const built = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style'))
        .map((style) => style.textContent ?? '')
        .filter((css) => css.includes(':where(.css-'))
        .map((css) => css.slice(0, 80)),
    );
    expect(built).toEqual([]);
    const linked = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel=stylesheet]')).map((link) => link.getAttribute('href')),
    );
    expect(linked.some((href) => /antd-styles-[0-9a-f]{8}\.css$/.test(href ?? ''))).toBe(true);
  });

  it('signup: every field rule, and the referral check outcomes', async () => {
    const { page } = stack;
    await stack.open('/signup');
    await page.getByLabel(LABELS.username).fill('x');
    await page.getByLabel(LABELS.username).fill('');
    await page.getByLabel(LABELS.contactNo).fill('1');
    await page.getByLabel(LABELS.contactNo).fill('');
    await page.getByLabel(LABELS.email).fill('a');
    await page.getByLabel(LABELS.email).fill('');
    await page.getByLabel(LABELS.password, { exact: true }).fill('1');
    await page.getByLabel(LABELS.password, { exact: true }).fill('');
    await seeAll([
      VALIDATION.usernameRequired,
      VALIDATION.contactNoRequired,
      VALIDATION.emailRequired,
      VALIDATION.passwordRequired,
    ]);
    await page.getByLabel(LABELS.username).fill('n'.repeat(21));
    await page.getByLabel(LABELS.email).fill(`${'a'.repeat(40)}@example.com`);
    await page.getByLabel(LABELS.password, { exact: true }).fill('123');
    await page.getByLabel(LABELS.referralId).fill('ABC');
    await seeAll([VALIDATION.usernameMax, VALIDATION.emailMax, VALIDATION.passwordMin, VALIDATION.referralIdLength]);
    await page.getByLabel(LABELS.email).fill('bad@');
    await page.getByLabel(LABELS.password, { exact: true }).fill('p'.repeat(43));
    await seeAll([VALIDATION.emailInvalid, VALIDATION.passwordMax]);
    await page.getByLabel(LABELS.referralId).fill('ZZZZZ9');
    await seeAll([UI.referralNotFound]);
    await page.getByLabel(LABELS.referralId).fill('DEMO01');
    await seeAll([LABELS.sponsor('Demo')]);
  });

  it('verify OTP: required and exactly 6 digits, non-digits stripped', async () => {
    const { page } = stack;
    await stack.open('/signup');
    await page.getByLabel(LABELS.username).fill('Dora');
    await page.getByLabel(LABELS.contactNo).fill('5550123');
    await page.getByLabel(LABELS.email).fill('dora@example.com');
    await page.getByLabel(LABELS.password, { exact: true }).fill('dora-pass-1');
    await page.getByRole('button', { name: LABELS.signUp }).click();
    await page.waitForURL(/#\/verifyOtp/);
    const otp = page.getByLabel(LABELS.otp);
    await otp.pressSequentially('12ab');
    await page.waitForFunction(() => (document.getElementById('verifyOtp_otp') as HTMLInputElement | null)?.value === '12');
    await seeAll([VALIDATION.otpLength]);
    await otp.fill('');
    await seeAll([VALIDATION.otpRequired]);
    await page.getByRole('button', { name: /Resend OTP in \d+s/ }).waitFor();
  });

  it('forgot password: required and invalid e-mail', async () => {
    const { page } = stack;
    await stack.open('/forgetpassword');
    await page.getByRole('button', { name: LABELS.sendResetLink }).click();
    await seeAll([VALIDATION.emailRequired]);
    await page.getByLabel(LABELS.email).fill('nope');
    await seeAll([VALIDATION.emailInvalid]);
  });

  it('reset password: required, minimum length, confirmation', async () => {
    const { page } = stack;
    await stack.open('/resetpassword/some-token');
    await page.getByRole('button', { name: LABELS.resetPassword }).click();
    await seeAll([VALIDATION.passwordRequired, VALIDATION.confirmPasswordRequired]);
    await page.getByLabel(LABELS.newPassword).fill('123');
    await page.getByLabel(LABELS.confirmPassword).fill('1234');
    await seeAll([VALIDATION.passwordMin, VALIDATION.passwordsMustMatch]);
  });

  it('thank-you shows its two SPEC texts', async () => {
    await stack.open('/thankyou');
    await seeAll([TEXT.thankYouTitle, TEXT.thankYouBody]);
  });
});
