/**
 * Bounds every input rule shares: how many digits a decimal may have on each side of the point
 * (a stored amount is numeric(38,18): more integer digits overflow, more decimals are rounded
 * away without a word), and how long free text may be. The forms and the server use the same
 * rules, so a value the form accepts is one the database can hold exactly.
 */
import * as yup from 'yup';
import { Decimal } from '../money';
import { AMOUNT_CEILING } from '../constants';
import { VALIDATION } from '../messages';

// The text rules live apart so the sign-in forms do not load decimal.js with them.
export {
  boundedText,
  CONTACT_NO_MAX,
  hasControlCharacter,
  IDENTIFIER_MAX,
  trimmedString,
  type BoundedTextOptions,
} from './text-bounds';

/** Digits a decimal input may have before and after the point. */
export interface DecimalDigits {
  integerDigits: number;
  fractionDigits: number;
}

/** What a ledger, wallet or bot column (numeric(38,18)) holds exactly. */
export const LEDGER_DIGITS: DecimalDigits = { integerDigits: 20, fractionDigits: 18 };

/** A plain decimal with an optional sign; the digit groups are what the bounds count. */
const PLAIN_DECIMAL = /^[-+]?(\d+)(?:\.(\d+))?$/;

/** A number as plain text (never exponent notation), a string trimmed; anything else as is. */
export function decimalText(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : String(value);
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The bound `value` breaks, as the message naming `label`; null when it keeps both bounds or is
 * not a plain decimal at all (the field's own "must be a number" rule answers that).
 */
export function decimalDigitsError(label: string, value: unknown, digits: DecimalDigits): string | null {
  const text = decimalText(value);
  if (typeof text !== 'string') return null;
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return null;
  const integer = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (integer.length > digits.integerDigits) return VALIDATION.integerDigitsMax(label, digits.integerDigits);
  if (fraction.length > digits.fractionDigits) return VALIDATION.fractionDigitsMax(label, digits.fractionDigits);
  return null;
}

/** Whether `value` is a plain decimal within `digits` (the guard later rules of a field use). */
export function withinDigits(value: unknown, digits: DecimalDigits = LEDGER_DIGITS): boolean {
  const text = decimalText(value);
  return typeof text === 'string' && PLAIN_DECIMAL.test(text) && decimalDigitsError('', text, digits) === null;
}

/** `value` (a plain decimal) is above AMOUNT_CEILING. */
export function aboveCeiling(value: unknown): boolean {
  const text = decimalText(value);
  return typeof text === 'string' && PLAIN_DECIMAL.test(text) && new Decimal(text).gt(AMOUNT_CEILING);
}

/**
 * An amount at most AMOUNT_CEILING, as a yup test named 'ceiling' (the server answers it with
 * the reason validation.above_ceiling).
 */
export function amountCeilingTest(label: string): yup.TestConfig<unknown> {
  return {
    name: 'ceiling',
    test(value, context) {
      return !aboveCeiling(value) || context.createError({ message: VALIDATION.amountAboveCeiling(label) });
    },
  };
}

/** The digit bound as a yup test to add to any field: `.test(decimalDigitsTest('Amount'))`. */
export function decimalDigitsTest(label: string, digits: DecimalDigits = LEDGER_DIGITS): yup.TestConfig<unknown> {
  return {
    name: 'decimal-digits',
    test(value, context) {
      const message = decimalDigitsError(label, value, digits);
      return message === null || context.createError({ message });
    },
  };
}

export interface DecimalStringOptions {
  /** How messages name the field ('Amount', 'Stoploss Price'). */
  label: string;
  /** SPEC's "must be a number" message for the field. */
  numberMessage: string;
  /** Set: the field is required with this message; unset: absent, '' and null mean "not set". */
  requiredMessage?: string;
  /** A leading '-' is allowed (bots compare prices themselves). Default: unsigned. */
  signed?: boolean;
  digits?: DecimalDigits;
  /** An amount of USDT: at most AMOUNT_CEILING. */
  amount?: boolean;
}

const UNSIGNED = /^\d+(\.\d+)?$/;
const SIGNED = /^-?\d+(\.\d+)?$/;

/**
 * A decimal input that leaves as a plain decimal string (numbers converted without floats'
 * exponent notation), digit-bounded on both sides with a clear message.
 */
export function decimalString(options: DecimalStringOptions) {
  const digits = options.digits ?? LEDGER_DIGITS;
  const pattern = options.signed ? SIGNED : UNSIGNED;
  const isBlank = (v: unknown) => v === undefined || v === null || v === '';
  const base = yup
    .mixed<string>()
    .nullable()
    // Trimmed first: a field of only spaces or a line break is "not set", never an empty number.
    .transform((value: unknown) => {
      const text = decimalText(value);
      return text === '' ? null : text;
    })
    .test('number', options.numberMessage, (v) => isBlank(v) || (typeof v === 'string' && pattern.test(v)))
    .test(decimalDigitsTest(options.label, digits));
  const field = options.amount ? base.test(amountCeilingTest(options.label)) : base;
  if (options.requiredMessage === undefined) return field;
  const required = options.requiredMessage;
  return field.test('required', required, (v) => !isBlank(v)).required(required);
}
