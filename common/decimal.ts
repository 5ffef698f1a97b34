/** Decimal helpers: money and quantities never pass through JavaScript floats. */
import Decimal from 'decimal.js';
import { MONEY_DECIMALS } from './constants';

export { Decimal };

/** A decimal string shown with 2 decimals (SPEC section 9), rounding half up. */
export function formatMoney(value: Decimal.Value | null | undefined): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(MONEY_DECIMALS);
  return new Decimal(value).toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** True when `value` is a finite decimal number written in plain notation. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}
