/** Decimal helpers for the simulator: money and quantities never pass through floats. */
import { Decimal } from '../common/money';

export { Decimal };

export const ZERO = new Decimal(0);

export function dec(value: Decimal.Value): Decimal {
  return new Decimal(value);
}

/** Number of decimal places of a step such as "0.00001" (5) or "1" (0). */
export function stepDecimals(step: string): number {
  return new Decimal(step).decimalPlaces();
}

/** The largest multiple of `step` not above `value`. */
export function floorToStep(value: Decimal.Value, step: string): Decimal {
  const s = new Decimal(step);
  return new Decimal(value).div(s).floor().mul(s);
}

export function roundToStep(value: Decimal.Value, step: string): Decimal {
  const s = new Decimal(step);
  return new Decimal(value).div(s).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(s);
}

export function isMultipleOf(value: Decimal, step: string): boolean {
  return value.mod(step).isZero();
}

/** Binance writes amounts with 8 decimals ("0.00100000"). */
export function fmt8(value: Decimal.Value): string {
  return new Decimal(value).toFixed(8);
}

/** Plain decimal text of a user-supplied number, or null when it is not one. */
export function parseDecimal(text: string | undefined): Decimal | null {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return null;
  return new Decimal(text.trim());
}
