/**
 * The one door every formatter reads its input through: a decimal string or number becomes a
 * Decimal, anything else (null, undefined, '', 'abc', NaN, Infinity) becomes null, so each
 * formatter decides once what a missing figure looks like instead of throwing or printing 'NaN'.
 */
import { Decimal } from '../money';
import { TEXT } from '../messages';

/** What a screen shows for a figure it does not have (or cannot read). */
export const NO_VALUE = TEXT.noValue;

export type FormatInput = Decimal.Value | null | undefined;

/** The input as an exact Decimal, or null when it is missing or not a finite number. */
export function toDecimal(value: FormatInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  try {
    const decimal = new Decimal(typeof value === 'string' ? value.trim() : value);
    return decimal.isFinite() ? decimal : null;
  } catch {
    return null;
  }
}

/** The input as a positive step (a tick or lot size), or null when it cannot serve as one. */
export function toStep(value: FormatInput): Decimal | null {
  const step = toDecimal(value);
  return step && step.gt(0) ? step : null;
}

/**
 * `value` written with exactly `decimals` decimals in plain notation (never '1e+21'). A value
 * that rounds to zero loses its sign: '-0.001' is '0.00', not '-0.00'.
 */
export function fixed(value: Decimal, decimals: number, rounding: Decimal.Rounding = Decimal.ROUND_HALF_UP): string {
  const rounded = value.toDecimalPlaces(decimals, rounding);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(decimals);
}

/** `value` on a multiple of `step`, written with the step's decimals ('67392.7' on 0.01 -> '67392.70'). */
export function onStep(value: Decimal, step: Decimal, rounding: Decimal.Rounding): string {
  const stepped = value.toNearest(step, rounding);
  return fixed(stepped, step.decimalPlaces(), rounding);
}
