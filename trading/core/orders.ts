/** Order sizing and fee arithmetic (ARCHITECTURE section 5, "Fills"). */
import { floorToStep } from '../../common/money';
import { D, type Dec } from './exact';
import type { MarketRules } from './types';

/** quote / price rounded DOWN to the step size, exactly (common/money.ts floorToStep). */
export function buyQuantity(quote: Dec, price: Dec, step: Dec): Dec {
  return floorToStep(quote, price, step);
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
