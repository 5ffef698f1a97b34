/**
 * Quantities on the pair's step (lot) size. A quantity is rounded down, as the exchange does:
 * showing more than the bot holds would be a lie, showing a hair less is the lot it can sell.
 */
import { Decimal } from '../money';
import { NO_VALUE, onStep, toDecimal, toStep, type FormatInput } from './value';

/**
 * Without a step: at most 8 decimals (Binance's base-asset precision), trailing zeros dropped,
 * since padding to a step nobody knows would only add noise ('0.00150000').
 */
export const QUANTITY_FALLBACK_DECIMALS = 8;

/** A quantity on `stepSize` (rounded down), or to at most 8 decimals without one; '-' when unknown. */
export function formatQuantity(value: FormatInput, stepSize?: FormatInput): string {
  const quantity = toDecimal(value);
  if (!quantity) return NO_VALUE;
  const step = toStep(stepSize);
  if (step) return onStep(quantity, step, Decimal.ROUND_DOWN);
  const rounded = quantity.toDecimalPlaces(QUANTITY_FALLBACK_DECIMALS, Decimal.ROUND_DOWN);
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed();
}
