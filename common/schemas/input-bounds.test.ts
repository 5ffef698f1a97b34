import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { VALIDATION } from '../messages';
import { boundedText, decimalDigitsError, decimalDigitsTest, decimalString, LEDGER_DIGITS } from './input-bounds';

function firstError(schema: yup.AnySchema, value: unknown): string | null {
  try {
    schema.validateSync(value, { abortEarly: false });
    return null;
  } catch (error) {
    return (error as yup.ValidationError).errors[0] ?? null;
  }
}

describe('decimalDigitsError', () => {
  it.each([
    ['1', null],
    [`${'9'.repeat(20)}.${'9'.repeat(18)}`, null],
    ['-12.5', null],
    ['0.5', null],
    [0.5, null],
    [`1${'0'.repeat(20)}`, VALIDATION.integerDigitsMax('Amount', 20)],
    [`1${'0'.repeat(40)}`, VALIDATION.integerDigitsMax('Amount', 20)],
    [1e21, VALIDATION.integerDigitsMax('Amount', 20)],
    [`0.${'0'.repeat(18)}1`, VALIDATION.fractionDigitsMax('Amount', 18)],
    [`0.${'1'.repeat(30)}`, VALIDATION.fractionDigitsMax('Amount', 18)],
    [1e-19, VALIDATION.fractionDigitsMax('Amount', 18)],
    // Not a plain decimal: the field's own "must be a number" rule answers, not this one.
    ['1e5', null],
    ['abc', null],
    ['', null],
    [null, null],
    [{}, null],
  ])('%j -> %s', (value, message) => {
    expect(decimalDigitsError('Amount', value, LEDGER_DIGITS)).toBe(message);
  });

  it('counts leading zeros of the integer part as no digits', () => {
    expect(decimalDigitsError('Amount', `${'0'.repeat(30)}1`, LEDGER_DIGITS)).toBeNull();
  });
});

describe('decimalDigitsTest', () => {
  it('adds the digit bound to any schema, with the label in the message', () => {
    const schema = yup.mixed().test(decimalDigitsTest('Stoploss Price', { integerDigits: 6, fractionDigits: 2 }));
    expect(firstError(schema, '1234567')).toBe(VALIDATION.integerDigitsMax('Stoploss Price', 6));
    expect(firstError(schema, '1.234')).toBe(VALIDATION.fractionDigitsMax('Stoploss Price', 2));
    expect(firstError(schema, '123456.12')).toBeNull();
  });
});

describe('decimalString', () => {
  const amount = decimalString({
    label: 'Amount',
    numberMessage: VALIDATION.amountNumber,
    requiredMessage: VALIDATION.amountRequired,
  });

  it.each([
    ['500', null],
    [500, null],
    ['  7.25 ', null],
    ['', VALIDATION.amountRequired],
    [undefined, VALIDATION.amountRequired],
    [null, VALIDATION.amountRequired],
    ['abc', VALIDATION.amountNumber],
    ['1e5', VALIDATION.amountNumber],
    ['-1', VALIDATION.amountNumber],
    [[], VALIDATION.amountNumber],
    [{}, VALIDATION.amountNumber],
    [`1${'0'.repeat(40)}`, VALIDATION.integerDigitsMax('Amount', 20)],
    [`0.${'1'.repeat(30)}`, VALIDATION.fractionDigitsMax('Amount', 18)],
  ])('%j -> %s', (value, message) => {
    expect(firstError(amount, value)).toBe(message);
  });

  it('leaves as a plain decimal string, numbers included', () => {
    expect(amount.validateSync(1e-7)).toBe('0.0000001');
    expect(amount.validateSync(' 12.5 ')).toBe('12.5');
  });

  it('accepts a sign only when asked to', () => {
    const signed = decimalString({ label: 'Price', numberMessage: 'Price must be a number.', signed: true });
    expect(firstError(signed, '-3.5')).toBeNull();
    expect(firstError(signed, undefined)).toBeNull();
  });
});

describe('boundedText', () => {
  const name = boundedText({ label: 'Strategy name', max: 5, maxMessage: 'too long' });

  it.each([
    ['abc', null],
    ['abcdef', 'too long'],
    ['a\u0000b', VALIDATION.controlCharacters('Strategy name')],
    ['a\u001Fb', VALIDATION.controlCharacters('Strategy name')],
    ['\u202Eab', null], // bidirectional marks are text, not control characters
  ])('%j -> %s', (value, message) => {
    expect(firstError(name, value)).toBe(message);
  });

  it('checks a 100,000-character string quickly and once', () => {
    expect(firstError(name, 'a'.repeat(100_000))).toBe('too long');
  });
});
