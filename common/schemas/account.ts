/**
 * Account schemas of SPEC section 5. The renderer validates forms with them and the server
 * validates request bodies with them, so a rule or message changes in one place only.
 */
import * as yup from 'yup';
import {
  EMAIL_MAX,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REFERRAL_ID_LENGTH,
  USERNAME_MAX,
} from '../constants';
import { VALIDATION } from '../messages';

// The server additionally rejects what this lets through with SERVER.invalidEmail; this pattern
// mirrors what a member can actually receive mail at (local@domain.tld).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const emailField = yup
  .string()
  .trim()
  .required(VALIDATION.emailRequired)
  .matches(EMAIL_PATTERN, { message: VALIDATION.emailInvalid, excludeEmptyString: true })
  .max(EMAIL_MAX, VALIDATION.emailMax);

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

export const referralIdField = yup
  .string()
  .trim()
  .length(REFERRAL_ID_LENGTH, VALIDATION.referralIdLength);

export const loginSchema = yup.object({
  email: emailField,
  password: passwordField,
});
export type LoginForm = yup.InferType<typeof loginSchema>;

/** Signup form and POST /api/signup body; `mandatory` is GET /api/isreferralmendotory. */
export function signupSchema(mandatory: boolean) {
  return yup.object({
    username: yup
      .string()
      .trim()
      .required(VALIDATION.usernameRequired)
      .max(USERNAME_MAX, VALIDATION.usernameMax),
    contactNo: yup.string().trim().required(VALIDATION.contactNoRequired),
    email: emailField,
    password: passwordField,
    // Mandatory: an empty field says what to do ('Please enter a valid referral ID.'), so
    // `required` must run before the length rule.
    referralId: mandatory
      ? yup
          .string()
          .trim()
          .required(VALIDATION.referralIdInvalid)
          .length(REFERRAL_ID_LENGTH, VALIDATION.referralIdLength)
      : referralIdField.optional().nullable().transform(emptyToUndefined),
  });
}
export type SignupForm = yup.InferType<ReturnType<typeof signupSchema>>;

export const otpSchema = yup.object({ otp: otpField });

export const verifyOtpSchema = yup.object({
  email: emailField,
  otp: otpField,
  username: yup.string().optional(),
  contactNo: yup.string().optional(),
  password: yup.string().optional(),
  referralId: yup.string().optional().nullable(),
});

export const resendOtpSchema = yup.object({
  email: emailField,
  username: yup.string().optional(),
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
    .test(
      'matches',
      VALIDATION.passwordsMustMatch,
      (value, ctx) => !value || value === ctx.parent.password,
    ),
});

export const resetPasswordSchema = yup.object({ password: passwordField });

function emptyToUndefined(value: unknown) {
  return value === '' ? undefined : value;
}
