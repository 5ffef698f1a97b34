/**
 * The Wallet's two amount rules (SPEC section 5), checked as decimal strings so a balance like
 * 0.1 + 0.2 is never compared through floats.
 */
import * as yup from 'yup';
import { Decimal } from '../../../common/decimal';
import { VALIDATION } from '../../../common/messages';

const DECIMAL = /^\d+(\.\d+)?$/;
const isAmount = (v: string | undefined): v is string => !!v && DECIMAL.test(v.trim());

/** Transfer: a positive amount no larger than the transferable balance of the source side. */
export function transferSchema(transferable: () => string | null) {
  return yup.object({
    amount: yup
      .string()
      .trim()
      .required(VALIDATION.amountRequired)
      .test('number', VALIDATION.amountPositive, (v) => isAmount(v) && new Decimal(v).gt(0))
      .test('within', VALIDATION.transferExceeds, (v) => {
        const max = transferable();
        return !isAmount(v) || new Decimal(v).lte(max ?? '0');
      }),
  });
}

/** Swap: greater than 0 and at most the asset's balance, one message for every miss. */
export function swapSchema(balance: () => string) {
  return yup.object({
    amount: yup
      .string()
      .trim()
      .test('valid', VALIDATION.swapInvalid, (v) => isAmount(v) && new Decimal(v).gt(0) && new Decimal(v).lte(balance())),
  });
}
