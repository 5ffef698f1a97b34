/**
 * Withdraw, reward swap and team request rules (SPEC section 5), shared by the renderer's forms
 * and the account service. Amounts leave as plain decimal strings, compared with decimal.js.
 * The form-only rule (a swap no larger than the reward balance the screen shows) takes the
 * balance as an argument; the server checks the real balance in the ledger.
 */
import * as yup from 'yup';
import { Decimal } from '../decimal';
import { VALIDATION } from '../messages';
import { pagedRequestSchema } from './account-service';
import { decimalDigitsTest, decimalText, withinDigits } from './input-bounds';

/** A plain unsigned decimal; its digits are bounded to what a ledger amount (numeric(38,18)) holds. */
const AMOUNT = /^\d+(\.\d+)?$/;
/** A BEP-20 (EVM) address: 0x and 40 hex digits. The checksum is checked where ethers is at hand. */
export const BEP20_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const isAmount = (v: unknown) => typeof v === 'string' && AMOUNT.test(v) && withinDigits(v);
const positive = (v: unknown) => !isAmount(v) || new Decimal(v as string).gt(0);
const isNumberText = (v: unknown) => v === undefined || v === '' || (typeof v === 'string' && AMOUNT.test(v));

/** The withdraw form's amount input keeps only digits and dots (SPEC section 5). */
export function withdrawAmountInput(raw: string): string {
  return raw.replace(/[^\d.]/g, '');
}

export const withdrawRequestSchema = yup.object({
  amount: yup.mixed<string>().transform(decimalText)
    .test('required', VALIDATION.amountRequired, (v) => typeof v === 'string' && v !== '')
    .test('number', VALIDATION.amountNumber, isNumberText)
    .test(decimalDigitsTest('Amount'))
    .test('positive', VALIDATION.amountPositive, positive)
    .required(VALIDATION.amountRequired),
  toAddress: yup.string().trim().required(VALIDATION.addressRequired)
    .matches(BEP20_ADDRESS, VALIDATION.bep20AddressInvalid),
});

/** The reward swap form; `balance` is the reward balance shown (SPEC: at most it). */
export function rewardSwapFormSchema(balance: Decimal.Value) {
  const max = new Decimal(balance);
  return rewardSwapRequestSchema.shape({
    amount: rewardSwapAmount().test('at-most', VALIDATION.amountAtMost(max.toFixed()),
      (v) => !isAmount(v) || new Decimal(v as string).lte(max)),
  });
}

function rewardSwapAmount() {
  return yup.mixed<string>().transform(decimalText)
    .test('required', VALIDATION.amountRequired, (v) => typeof v === 'string' && v !== '')
    .test('number', VALIDATION.amountNumber, isNumberText)
    .test(decimalDigitsTest('Amount'))
    .test('positive', VALIDATION.amountPositive, positive)
    .required(VALIDATION.amountRequired);
}

export const rewardSwapRequestSchema = yup.object({ amount: rewardSwapAmount() });

export const teamLevelMemberSchema = pagedRequestSchema.shape({
  filters: yup.object({
    level: yup.number().typeError('filters.level must be a number').required('filters.level is required.')
      .integer('filters.level must be an integer').min(1, 'filters.level must be at least 1')
      .max(100, 'filters.level must be at most 100'),
  }).required('filters.level is required.'),
});
