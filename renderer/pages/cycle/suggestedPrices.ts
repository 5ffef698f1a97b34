/**
 * The Start New Cycle form's suggested prices (SPEC section 2: buy 95 %, sell 105 %, stop loss
 * 80 % of the live price), as decimal strings. Pure.
 */
import { CYCLE_SUGGESTED } from '../../../common/constants';
import { Decimal } from '../../../common/money';

export interface SuggestedPrices {
  priceReachAt: string;
  sellPriceAt: string;
  stopLossAt: string;
}

/** Significant digits a suggestion keeps at least, so a low price is not rounded onto itself. */
const MIN_SIGNIFICANT = 4;
const MAX_DECIMALS = 8;

/**
 * Decimals to round to. The exchange writes its price on the pair's tick (the gateway trims
 * trailing zeros), so the live price's own decimals never exceed the tick's and a suggestion
 * rounded to them stays on the tick; a price with few decimals ('3') still gets four
 * significant digits ('2.85', not '3').
 */
export function suggestionDecimals(livePrice: Decimal): number {
  const own = livePrice.decimalPlaces();
  const magnitude = livePrice.isZero() ? 0 : Math.floor(Math.log10(livePrice.abs().toNumber()));
  const forSignificant = Math.max(0, MIN_SIGNIFICANT - 1 - magnitude);
  return Math.min(MAX_DECIMALS, Math.max(own, forSignificant));
}

function isPrice(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const d = new Decimal(value);
    return d.isFinite() && d.gt(0);
  } catch {
    return false;
  }
}

/** The three suggestions for a live price, or null while there is no usable price. */
export function suggestedPrices(livePrice: string | null | undefined): SuggestedPrices | null {
  if (!isPrice(livePrice)) return null;
  const price = new Decimal(livePrice);
  const decimals = suggestionDecimals(price);
  const at = (fraction: string) => price.times(fraction).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();
  return {
    priceReachAt: at(CYCLE_SUGGESTED.buy),
    sellPriceAt: at(CYCLE_SUGGESTED.sell),
    stopLossAt: at(CYCLE_SUGGESTED.stopLoss),
  };
}

/** '0.95' -> '95' (how the form's hint names the share). */
export function percentOf(fraction: string): string {
  return new Decimal(fraction).times(100).toFixed();
}
