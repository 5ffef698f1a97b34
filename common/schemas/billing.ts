/**
 * Request rules of the billing service (the /account HTTP service, SPEC sections 5 and 7): its
 * paged lists, subscription purchase, withdraw, reward swap and team, shared by the renderer's
 * forms and the server. Amounts leave as plain decimal strings, compared with decimal.js.
 * The form-only rule (a swap no larger than the reward balance the screen shows) takes the
 * balance as an argument; the server checks the real balance in the ledger.
 */
import * as yup from 'yup';
import { Decimal } from '../money';
import { PAGE_SIZE_LISTS } from '../constants';
import { SERVER, VALIDATION } from '../messages';
import { amountCeilingTest, decimalDigitsTest, decimalText, withinDigits } from './input-bounds';

export const MAX_PAGE_SIZE = 100;

export const pagedRequestSchema = yup.object({
  filters: yup.object().optional(),
  limit: yup
    .number()
    .typeError('limit must be a number')
    .integer('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(PAGE_SIZE_LISTS),
  page: yup
    .number()
    .typeError('page must be a number')
    .integer('page must be an integer')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
});

export const createSubscriptionSchema = yup.object({
  planId: yup.string().required('planId is required.').uuid('planId is invalid.'),
});

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
  amount: yup
    .mixed<string>()
    .transform(decimalText)
    .test('required', VALIDATION.amountRequired, (v) => typeof v === 'string' && v !== '')
    .test('number', VALIDATION.amountNumber, isNumberText)
    .test(decimalDigitsTest('Amount'))
    .test(amountCeilingTest('Amount'))
    .test('positive', VALIDATION.amountPositive, positive)
    .required(VALIDATION.amountRequired),
  toAddress: yup.string().trim().required(VALIDATION.addressRequired).matches(BEP20_ADDRESS, VALIDATION.bep20AddressInvalid),
});

/**
 * The withdraw form: the request's rules and the minimum the screen shows (withdrawalLimits of
 * the user data), in the words the server refuses with; the server checks the terms in force.
 */
export function withdrawFormSchema(minimum: Decimal.Value, fee: Decimal.Value) {
  const [min, cost] = [new Decimal(minimum), new Decimal(fee)];
  return withdrawRequestSchema.shape({
    amount: (withdrawRequestSchema.fields.amount as yup.MixedSchema<string>).test(
      'minimum',
      SERVER.withdrawBelowMinimum(min.toFixed(), cost.toFixed()),
      (v) => !isAmount(v) || (new Decimal(v as string).gte(min) && new Decimal(v as string).gt(cost)),
    ),
  });
}

/** The reward swap form; `balance` is the reward balance shown (SPEC: at most it). */
export function rewardSwapFormSchema(balance: Decimal.Value) {
  const max = new Decimal(balance);
  return rewardSwapRequestSchema.shape({
    amount: rewardSwapAmount().test(
      'at-most',
      VALIDATION.amountAtMost(max.toFixed()),
      (v) => !isAmount(v) || new Decimal(v as string).lte(max),
    ),
  });
}

function rewardSwapAmount() {
  return yup
    .mixed<string>()
    .transform(decimalText)
    .test('required', VALIDATION.amountRequired, (v) => typeof v === 'string' && v !== '')
    .test('number', VALIDATION.amountNumber, isNumberText)
    .test(decimalDigitsTest('Amount'))
    .test(amountCeilingTest('Amount'))
    .test('positive', VALIDATION.amountPositive, positive)
    .required(VALIDATION.amountRequired);
}

export const rewardSwapRequestSchema = yup.object({ amount: rewardSwapAmount() });

export const teamLevelMemberSchema = pagedRequestSchema.shape({
  filters: yup
    .object({
      level: yup
        .number()
        .typeError('filters.level must be a number')
        .required('filters.level is required.')
        .integer('filters.level must be an integer')
        .min(1, 'filters.level must be at least 1')
        .max(100, 'filters.level must be at most 100'),
    })
    .required('filters.level is required.'),
});
