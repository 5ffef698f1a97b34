/**
 * Request schemas of the account operations beyond the forms' own (./account.ts): the signup
 * address a mail server would accept, and the path parameters.
 */
import * as yup from 'yup';
import { EMAIL_MAX } from '../constants';
import { SERVER, VALIDATION } from '../messages';
import { referralIdField, resetPasswordSchema, signupSchema } from './account';
import { isDeliverableEmail } from './deliverable-email';

const signupEmail = yup
  .string()
  .trim()
  .lowercase()
  .required(VALIDATION.emailRequired)
  .max(EMAIL_MAX, VALIDATION.emailMax)
  .test('deliverable', SERVER.invalidEmail, (value) => !value || isDeliverableEmail(value));

/** Whether a referral ID is mandatory is a live setting, so the handler checks it, not the schema. */
export const signupBody = signupSchema(false).shape({ email: signupEmail });

/** GET /api/referralIdcheck/:referralId. */
export const referralParams = yup.object({
  referralId: referralIdField.required(VALIDATION.referralIdLength),
});

/** POST /api/reset-password/:token: the token of the path and the new password of the body. */
export const resetPasswordRequest = yup
  .object({
    token: yup
      .string()
      .required(SERVER.resetTokenInvalid)
      .matches(/^[A-Za-z0-9_-]{16,128}$/, SERVER.resetTokenInvalid),
  })
  .concat(resetPasswordSchema);
