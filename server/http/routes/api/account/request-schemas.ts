/**
 * Request schemas of the Account calls: common/'s form schemas, plus what only the server
 * checks (the signup address a mail server would accept, path parameters).
 */
import * as yup from 'yup';
import { EMAIL_MAX } from '../../../../../common/constants';
import { SERVER, VALIDATION } from '../../../../../common/messages';
import { referralIdField, signupSchema } from '../../../../../common/schemas/account';
import { isDeliverableEmail } from '../../../../modules/accounts/email';

const signupEmail = yup
  .string()
  .trim()
  .lowercase()
  .required(VALIDATION.emailRequired)
  .max(EMAIL_MAX, VALIDATION.emailMax)
  .test('deliverable', SERVER.invalidEmail, (value) => !value || isDeliverableEmail(value));

/** Whether a referral ID is mandatory is a live setting, so the route checks it, not the schema. */
export const signupBody = signupSchema(false).shape({ email: signupEmail });

export const referralParams = yup.object({
  referralId: referralIdField.required(VALIDATION.referralIdLength),
});

export const resetParams = yup.object({
  token: yup
    .string()
    .required(SERVER.resetTokenInvalid)
    .matches(/^[A-Za-z0-9_-]{16,128}$/, SERVER.resetTokenInvalid),
});
