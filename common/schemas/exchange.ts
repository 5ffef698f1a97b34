/** Exchange-facing schemas: the API key form, wallet transfer and swap, market queries. */
import * as yup from 'yup';
import { Decimal } from '../money';
import { VALIDATION } from '../messages';
import { KLINE_INTERVALS } from '../api/exchange';
import { amountCeilingTest, boundedText, decimalDigitsTest, decimalText, withinDigits } from './input-bounds';

const PAIR = /^[A-Z0-9]{2,20}USDT$/;
const ASSET = /^[A-Z0-9]{1,20}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** Binance keys are 64 characters; 256 leaves room for other exchanges' formats. */
const KEY_MAX = 256;
const apiKeyText = () => boundedText({ label: 'API Key', max: KEY_MAX });
const secretKeyText = () => boundedText({ label: 'Secret Key', max: KEY_MAX });

/** API Setting form (SPEC section 5). */
export const apiKeysFormSchema = yup.object({
  apiKey: apiKeyText().required(VALIDATION.apiKeyRequired),
  secretKey: secretKeyText().required(VALIDATION.secretKeyRequired),
});

/** POST /api/apikeys: both keys, or both null to disconnect. */
export const apiKeysRequestSchema = yup
  .object({
    apiKey: apiKeyText().nullable().defined(),
    secretKey: secretKeyText().nullable().defined(),
  })
  .test('both-or-none', VALIDATION.apiKeyRequired, (v) => (v.apiKey === null) === (v.secretKey === null))
  .test('not-empty', VALIDATION.secretKeyRequired, (v) => v.apiKey !== '' && v.secretKey !== '');

export const pairSchema = yup.object({
  pair: yup.string().trim().uppercase().required('pair is required.').matches(PAIR, 'pair must be a USDT pair such as BTCUSDT.'),
});

/** Candles a klines request without `limit` gets. */
export const KLINES_DEFAULT_LIMIT = 200;

export const klinesQuerySchema = yup.object({
  pair: yup.string().trim().uppercase().required('pair is required.').matches(PAIR, 'pair must be a USDT pair such as BTCUSDT.'),
  interval: yup
    .mixed<(typeof KLINE_INTERVALS)[number]>()
    .oneOf([...KLINE_INTERVALS])
    .default('15m'),
  limit: yup.number().integer().min(1).max(1000).default(KLINES_DEFAULT_LIMIT),
});

/**
 * A positive decimal string, at most `max` when given (never compared as floats), with the
 * ledger's digit bounds: the wallet records it in a numeric(38,18) column.
 */
export function positiveAmount(message: string, max?: () => string | null | undefined) {
  const comparable = (v: string | undefined): v is string => !!v && DECIMAL.test(v) && withinDigits(v);
  return (
    yup
      .string()
      // From the raw input: yup's own cast would write 1e21 in exponent notation.
      .transform((value: unknown, raw: unknown) => (typeof raw === 'number' ? decimalText(raw) : decimalText(value)))
      .required(VALIDATION.amountRequired)
      .matches(DECIMAL, { message, excludeEmptyString: true })
      .test(decimalDigitsTest('Amount'))
      .test('positive', message, (v) => !comparable(v) || new Decimal(v).gt(0))
      .test('at-most', message, (v) => {
        const limit = max?.();
        if (!comparable(v) || limit === undefined || limit === null) return true;
        return new Decimal(v).lte(limit);
      })
  );
}

/** POST /api/transferspottofutures and /api/transferfuturestospot. */
export const transferRequestSchema = yup.object({
  from: yup.mixed<'spot' | 'futures'>().oneOf(['spot', 'futures']).required('from is required.'),
  to: yup.mixed<'spot' | 'futures'>().oneOf(['spot', 'futures']).required('to is required.'),
  coin: yup.mixed<'USDT'>().oneOf(['USDT'], 'Only USDT can be transferred.').required('coin is required.'),
  // USDT: at most AMOUNT_CEILING (a swap's amount is coins, which may number more).
  amount: positiveAmount('Amount must be a positive number.').test(amountCeilingTest('Amount')),
});

/** POST /api/swaptousdt. */
export const swapRequestSchema = yup.object({
  asset: yup
    .string()
    .trim()
    .uppercase()
    .required('asset is required.')
    .matches(ASSET, 'asset is invalid.')
    .notOneOf(['USDT'], 'USDT cannot be swapped to USDT.'),
  amount: positiveAmount(VALIDATION.swapInvalid),
});
