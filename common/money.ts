/**
 * The one Decimal of GridDesk: money, prices, quantities and fees on the server, the renderer and
 * the simulator are all this type, with one configuration. The only importer of decimal.js
 * (lint: `decimal-only-in-money`).
 *
 * 64 significant digits: a stored amount is numeric(38,18) (38 digits), so every sum, product of
 * a price, a quantity and a fee rate, and every quotient a sizing floors stays exact with room
 * to spare; the library's default of 20 digits rounded a 21-digit amount so that `n.plus(1)`
 * equalled `n`. Plain notation up to 80 digits either side: a stored or shown decimal is never
 * '1e-8'.
 */
import DecimalJs from 'decimal.js';
import { MONEY_DECIMALS } from './constants';

export const Decimal = DecimalJs.clone({ precision: 64, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -80, toExpPos: 80 });
export type Decimal = DecimalJs;
// The library's type names, under the one constructor's name (`Decimal.Value`, `Decimal.Rounding`).
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Decimal {
  export type Value = DecimalJs.Value;
  export type Rounding = DecimalJs.Rounding;
}

/** A decimal string shown with 2 decimals (SPEC section 9), rounding half up. */
export function formatMoney(value: Decimal.Value | null | undefined): string {
  if (value === null || value === undefined || value === '') return (0).toFixed(MONEY_DECIMALS);
  return new Decimal(value).toFixed(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** True when `value` is a finite decimal number written in plain notation. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim());
}

/**
 * floor(quote / (price x step)) x step: what `quote` buys at `price` on a market of lot `step`,
 * exactly. The quotient is rounded at the 64th digit, so its floor can be one off when it sits
 * next to a whole number; one comparison each way settles that (no stepping loop: with amounts
 * bounded by AMOUNT_CEILING the quotient has far fewer than 64 integer digits).
 */
export function floorToStep(quote: Decimal, price: Decimal, step: Decimal): Decimal {
  const unit = price.times(step);
  let n = quote.div(unit).floor();
  if (n.gt(0) && n.times(unit).gt(quote)) n = n.minus(1);
  else if (n.plus(1).times(unit).lte(quote)) n = n.plus(1);
  return n.times(step);
}
