import { describe, expect, it } from 'vitest';
import type * as yup from 'yup';
import { VALIDATION } from '../messages';
import { forgotPasswordSchema, loginSchema, otpSchema, resetPasswordFormSchema, signupSchema, verifyOtpSchema } from './account';

/** The first message the schema gives for `value`, or null when it is valid. */
async function firstError(schema: yup.AnySchema, value: unknown): Promise<string | null> {
  try {
    await schema.validate(value, { abortEarly: true });
    return null;
  } catch (error) {
    return (error as yup.ValidationError).errors[0] ?? 'unknown';
  }
}

const validSignup = {
  username: 'Alice',
  contactNo: '+44 7700 900123',
  email: 'alice@example.com',
  password: 'secret1',
};

describe('loginSchema', () => {
  it.each([
    [{ email: '', password: 'secret1' }, VALIDATION.emailRequired],
    [{ email: 'not-an-email', password: 'secret1' }, VALIDATION.emailInvalid],
    [{ email: `${'a'.repeat(31)}@example.com`, password: 'secret1' }, VALIDATION.emailMax],
    [{ email: 'a@example.com', password: '' }, VALIDATION.passwordRequired],
    [{ email: 'a@example.com', password: '12345' }, VALIDATION.passwordMin],
    [{ email: 'a@example.com', password: 'x'.repeat(43) }, VALIDATION.passwordMax],
    [{ email: 'a@example.com', password: '123456' }, null],
    [{ email: `${'a'.repeat(30)}@example.com`, password: 'x'.repeat(42) }, null],
  ])('%j -> %s', async (value, message) => {
    expect(await firstError(loginSchema, value)).toBe(message);
  });
});

describe('signupSchema', () => {
  it.each([
    [{ username: '' }, VALIDATION.usernameRequired],
    [{ username: 'n'.repeat(21) }, VALIDATION.usernameMax],
    [{ contactNo: '' }, VALIDATION.contactNoRequired],
    [{ contactNo: 'abc' }, VALIDATION.contactNoPhone],
    [{ contactNo: '123456' }, VALIDATION.contactNoPhone],
    [{ contactNo: '1'.repeat(16) }, VALIDATION.contactNoPhone],
    [{ contactNo: '12+3456789' }, VALIDATION.contactNoPhone],
    [{ contactNo: '555 0100 ext' }, VALIDATION.contactNoPhone],
    [{ email: '' }, VALIDATION.emailRequired],
    [{ email: 'x@y' }, VALIDATION.emailInvalid],
    [{ email: `${'a'.repeat(31)}@example.com` }, VALIDATION.emailMax],
    [{ password: '' }, VALIDATION.passwordRequired],
    [{ password: '12345' }, VALIDATION.passwordMin],
    [{ password: 'p'.repeat(43) }, VALIDATION.passwordMax],
    [{ referralId: 'ABC' }, VALIDATION.referralIdLength],
    [{ referralId: 'ABCDEFG' }, VALIDATION.referralIdLength],
  ])('optional referral: %j -> %s', async (patch, message) => {
    expect(await firstError(signupSchema(false), { ...validSignup, ...patch })).toBe(message);
  });

  it.each(['5550100', '+44 7700 900123', '+1-555-010-0199', '  0044 20 7946 0958 ', '1'.repeat(15)])(
    'accepts the phone number %j',
    async (contactNo) => {
      expect(await firstError(signupSchema(false), { ...validSignup, contactNo })).toBeNull();
    },
  );

  it('accepts no referral ID, or an empty one, when the referral is optional', async () => {
    expect(await firstError(signupSchema(false), validSignup)).toBeNull();
    expect(await firstError(signupSchema(false), { ...validSignup, referralId: '' })).toBeNull();
    expect(await firstError(signupSchema(false), { ...validSignup, referralId: 'DEMO01' })).toBeNull();
  });

  it('asks for a valid referral ID when it is mandatory and empty', async () => {
    // Regression: the length rule used to answer first with 'exactly 6 characters'.
    expect(await firstError(signupSchema(true), validSignup)).toBe(VALIDATION.referralIdInvalid);
    expect(await firstError(signupSchema(true), { ...validSignup, referralId: '' })).toBe(VALIDATION.referralIdInvalid);
  });

  it('still checks the length of a mandatory referral ID', async () => {
    expect(await firstError(signupSchema(true), { ...validSignup, referralId: 'ABC' })).toBe(VALIDATION.referralIdLength);
    expect(await firstError(signupSchema(true), { ...validSignup, referralId: 'DEMO01' })).toBeNull();
  });
});

describe('otpSchema', () => {
  it.each([
    ['', VALIDATION.otpRequired],
    ['12345', VALIDATION.otpLength],
    ['1234567', VALIDATION.otpLength],
    ['12a456', VALIDATION.otpLength],
    ['123456', null],
  ])('%j -> %s', async (otp, message) => {
    expect(await firstError(otpSchema, { otp })).toBe(message);
  });
});

describe('verifyOtpSchema', () => {
  const verify = { email: 'alice@example.com', otp: '123456' };
  it.each([
    [{}, VALIDATION.otpPasswordRequired],
    [{ password: '' }, VALIDATION.otpPasswordRequired],
    [{ password: 'p'.repeat(43) }, VALIDATION.passwordMax],
    [{ password: 'secret1' }, null],
  ])("asks for the sign up's password: %j -> %s", async (patch, message) => {
    expect(await firstError(verifyOtpSchema, { ...verify, ...patch })).toBe(message);
  });

  it('documents the password as required (the /docs of verify-otp)', () => {
    expect(verifyOtpSchema.describe().fields.password).toMatchObject({ optional: false });
  });
});

describe('forgotPasswordSchema', () => {
  it.each([
    ['', VALIDATION.emailRequired],
    ['nope', VALIDATION.emailInvalid],
    ['member@example.com', null],
  ])('%j -> %s', async (email, message) => {
    expect(await firstError(forgotPasswordSchema, { email })).toBe(message);
  });
});

describe('resetPasswordFormSchema', () => {
  /** The message of one field, as the form shows it beside that field. */
  async function fieldError(field: string, value: Record<string, string>) {
    try {
      await resetPasswordFormSchema.validateAt(field, value);
      return null;
    } catch (error) {
      return (error as yup.ValidationError).errors[0] ?? 'unknown';
    }
  }

  it.each([
    ['password', { password: '', confirmPassword: 'x' }, VALIDATION.passwordRequired],
    ['password', { password: '12345', confirmPassword: '12345' }, VALIDATION.passwordMin],
    ['password', { password: 'secret1', confirmPassword: '' }, null],
    ['confirmPassword', { password: 'secret1', confirmPassword: '' }, VALIDATION.confirmPasswordRequired],
    ['confirmPassword', { password: 'secret1', confirmPassword: 'secret2' }, VALIDATION.passwordsMustMatch],
    ['confirmPassword', { password: 'secret1', confirmPassword: 'secret1' }, null],
  ])('%s of %j -> %s', async (field, value, message) => {
    expect(await fieldError(field, value)).toBe(message);
  });
});
