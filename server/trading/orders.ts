/** Order sizing and fee arithmetic (ARCHITECTURE section 5, "Fills"). */
import { D, type Dec } from './exact';
import type { MarketRules } from './types';

/** quote / price rounded DOWN to the step size, exactly (the division is checked, not trusted). */
export function buyQuantity(quote: Dec, price: Dec, step: Dec): Dec {
  const unit = price.times(step);
  let n = quote.div(unit).floor();
  // A rounded quotient can sit one step off an exact multiple; settle it by multiplication.
  while (n.times(unit).gt(quote)) n = n.minus(1);
  while (n.plus(1).times(unit).lte(quote)) n = n.plus(1);
  return n.times(step);
}

/** Why an order of this notional cannot be sent, or null when it can. */
export function skipReason(qty: Dec, notional: Dec, market: MarketRules): string | null {
  if (qty.isZero()) return `quantity rounds down to 0 at step ${market.stepSize.toFixed()}`;
  if (notional.lt(market.minNotional)) {
    return `notional ${notional.toFixed()} is under the minimum notional ${market.minNotional.toFixed()}`;
  }
  return null;
}

/** The simulator's and backtester's fee: an exact product, no rounding. */
export function feeFor(notional: Dec, market: MarketRules): Dec {
  return notional.times(market.feeRate);
}

/** Buy cost = notional + fee. */
export function buyCost(price: Dec, qty: Dec, fee: Dec): Dec {
  return price.times(qty).plus(fee);
}

/** Sell proceeds = notional - fee. */
export function sellProceeds(price: Dec, qty: Dec, fee: Dec): Dec {
  return price.times(qty).minus(fee);
}

export function dec(s: string): Dec {
  return new D(s);
}
