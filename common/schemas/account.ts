/**
 * Account schemas of SPEC section 5. The renderer validates forms with them and the server
 * validates request bodies with them, so a rule or message changes in one place only.
 */
import * as yup from 'yup';
import { EMAIL_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, REFERRAL_ID_LENGTH, USERNAME_MAX } from '../constants';
import { VALIDATION } from '../messages';
import { boundedText, CONTACT_NO_MAX, hasControlCharacter, trimmedString } from './text-bounds';

// The server additionally rejects what this lets through with SERVER.invalidEmail; this pattern
// mirrors what a member can actually receive mail at (local@domain.tld).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** An address with a control character (NUL, DEL) is no address anyone receives mail at. */
export const emailField = boundedText({
  label: 'Email',
  max: EMAIL_MAX,
  maxMessage: VALIDATION.emailMax,
  controlMessage: VALIDATION.emailInvalid,
})
  .required(VALIDATION.emailRequired)
  .matches(EMAIL_PATTERN, { message: VALIDATION.emailInvalid, excludeEmptyString: true });

export const passwordField = yup
  .string()
  .required(VALIDATION.passwordRequired)
  .min(PASSWORD_MIN, VALIDATION.passwordMin)
  .max(PASSWORD_MAX, VALIDATION.passwordMax);

export const otpField = yup
  .string()
  .required(VALIDATION.otpRequired)
  .matches(/^\d{6}$/, { message: VALIDATION.otpLength, excludeEmptyString: true })
  .length(OTP_LENGTH, VALIDATION.otpLength);

/** A NUL in a referral ID would pass the length rule and reach the database, which refuses it. */
const referralIdControlTest: yup.TestConfig<string | undefined> = {
  name: 'control-characters',
  message: VALIDATION.referralIdInvalid,
  test: (v) => typeof v !== 'string' || !hasControlCharacter(v),
};

export const referralIdField = trimmedString()
  .test(referralIdControlTest)
  .length(REFERRAL_ID_LENGTH, VALIDATION.referralIdLength);

/** SPEC's username rule: at most 20 characters, required where the form asks for it. */
const usernameText = () => boundedText({ label: 'Username', max: USERNAME_MAX, maxMessage: VALIDATION.usernameMax });
/** SPEC gives contactNo no length; a phone number in any format fits in CONTACT_NO_MAX. */
const contactNoText = () => boundedText({ label: 'Contact No', max: CONTACT_NO_MAX, maxMessage: VALIDATION.contactNoMax });

/** E.164 numbers have at most 15 digits; fewer than 7 is no callable number anywhere. */
const PHONE_DIGITS_MIN = 7;
const PHONE_DIGITS_MAX = 15;
/** Digits as members type them: an optional leading +, then digits, spaces and dashes. */
const PHONE_CHARACTERS = /^\+?[\d -]+$/;

/** Whether `text` reads as a phone number (issue 23): 'abc' or '12' is not one. */
export function isPhoneNumber(text: string): boolean {
  if (!PHONE_CHARACTERS.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
}

/** Signup's contact number: bounded text that is a phone number (empty is left to `required`). */
const contactNoPhone = () =>
  contactNoText().test('phone', VALIDATION.contactNoPhone, (v) => v === undefined || v === null || v === '' || isPhoneNumber(v));

export const loginSchema = yup.object({
  email: emailField,
  password: passwordField,
});
export type LoginForm = yup.InferType<typeof loginSchema>;

/** Signup form and POST /api/signup body; `mandatory` is GET /api/isreferralmendotory. */
export function signupSchema(mandatory: boolean) {
  return yup.object({
    username: usernameText().required(VALIDATION.usernameRequired),
    contactNo: contactNoPhone().required(VALIDATION.contactNoRequired),
    email: emailField,
    password: passwordField,
    // Mandatory: an empty field says what to do ('Please enter a valid referral ID.'), so
    // `required` must run before the length rule.
    referralId: mandatory
      ? trimmedString()
          .required(VALIDATION.referralIdInvalid)
          .test(referralIdControlTest)
          .length(REFERRAL_ID_LENGTH, VALIDATION.referralIdLength)
      : referralIdField.optional().nullable().transform(emptyToUndefined),
  });
}
export type SignupForm = yup.InferType<ReturnType<typeof signupSchema>>;

export const otpSchema = yup.object({ otp: otpField });

/** Of the signup fields the client repeats here only the password is used; the others are held to the signup bounds. */
export const verifyOtpSchema = yup.object({
  email: emailField,
  otp: otpField,
  username: usernameText().optional(),
  contactNo: contactNoText().optional(),
  // Required: the code proves the mailbox, the password the request. Only the right code with
  // another password cancels a stranger's sign up; a missing one is asked for (issue 20, item 9).
  password: yup.string().required(VALIDATION.otpPasswordRequired).max(PASSWORD_MAX, VALIDATION.passwordMax),
  referralId: referralIdField.optional().nullable().transform(emptyToUndefined),
});

export const resendOtpSchema = yup.object({
  email: emailField,
  username: usernameText().optional(),
});

export const forgotPasswordSchema = yup.object({ email: emailField });

/** Reset-password form: the server only receives `password`. */
export const resetPasswordFormSchema = yup.object({
  password: yup
    .string()
    .required(VALIDATION.passwordRequired)
    .min(PASSWORD_MIN, VALIDATION.passwordMin)
    .max(PASSWORD_MAX, VALIDATION.passwordMax),
  confirmPassword: yup
    .string()
    .required(VALIDATION.confirmPasswordRequired)
    // A test rather than oneOf(ref): yup checks oneOf before `required`, so an empty field
    // would say 'Passwords must match' instead of asking for the confirmation.
    .test('matches', VALIDATION.passwordsMustMatch, (value, ctx) => !value || value === ctx.parent.password),
});

export const resetPasswordSchema = yup.object({ password: passwordField });

function emptyToUndefined(value: unknown) {
  return value === '' ? undefined : value;
}
