/**
 * Prices on the pair's tick: 67392.7 on a 0.01 tick is '67392.70' (the trailing zero is the
 * tick's, not noise). The renderer does not receive tick sizes today (no screen's API answer
 * carries them), so without one the price falls back to PRICE_FALLBACK below.
 */
import { Decimal } from '../money';
import { NO_VALUE, fixed, onStep, toDecimal, toStep, type FormatInput } from './value';

/**
 * Without a tick: at least 5 significant digits (what a Binance USDT tick shows for prices from
 * 0.0001 up to 100 000), never fewer than 2 decimals (the cents of a 0.01 tick) nor more than 8
 * (the finest tick Binance lists).
 */
export const PRICE_FALLBACK = { significantDigits: 5, minDecimals: 2, maxDecimals: 8 } as const;

/** Decimals a price without a known tick is written with. */
export function fallbackPriceDecimals(price: Decimal): number {
  const { significantDigits, minDecimals, maxDecimals } = PRICE_FALLBACK;
  if (price.isZero()) return minDecimals;
  // Digits before the point (>= 1) or, below 1, minus the zeros after it: 0.00123 -> -2.
  const magnitude = price.abs().e + 1;
  return Math.min(maxDecimals, Math.max(minDecimals, significantDigits - magnitude));
}

/** A price on `tickSize` (half up), or by PRICE_FALLBACK without a usable tick; '-' when unknown. */
export function formatPrice(value: FormatInput, tickSize?: FormatInput): string {
  const price = toDecimal(value);
  if (!price) return NO_VALUE;
  const tick = toStep(tickSize);
  return tick ? onStep(price, tick, Decimal.ROUND_HALF_UP) : fixed(price, fallbackPriceDecimals(price));
}
