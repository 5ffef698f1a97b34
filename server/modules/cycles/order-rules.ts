/**
 * The exchange's order rules a cycle's settings must meet, checked when they are set (the start,
 * an edit) rather than found out when the engine's order is refused: the prices on the pair's
 * tick (a limit off it is refused by the exchange's PRICE_FILTER), and a round's buy at least
 * the minimum order.
 */
import { Decimal, floorToStep } from '../../../common/money';
import { SERVER } from '../../../common/messages';
import { DomainError } from '../errors';

export interface CyclePrices {
  buyPrice: Decimal;
  sellPrice: Decimal;
  stopLoss: Decimal;
}

const onTick = (price: Decimal, tick: Decimal, rounding: Decimal.Rounding) =>
  tick.gt(0) ? price.div(tick).toDecimalPlaces(0, rounding).times(tick) : price;

/**
 * The prices on the pair's tick, each rounded the member's way: the buy and the stop loss down
 * (never paying more, never stopping later), the sell up (never selling for less). Rounding keeps
 * z <= b < s. A buy under one tick is refused: it cannot rest at all.
 */
export function pricesOnTick(prices: CyclePrices, tickSize: string): CyclePrices {
  const tick = new Decimal(tickSize || '0');
  const rounded = {
    buyPrice: onTick(prices.buyPrice, tick, Decimal.ROUND_DOWN),
    sellPrice: onTick(prices.sellPrice, tick, Decimal.ROUND_UP),
    stopLoss: onTick(prices.stopLoss, tick, Decimal.ROUND_DOWN),
  };
  if (rounded.stopLoss.lte(0)) throw new DomainError('validation.invalid', SERVER.cyclePriceBelowTick(tick.toFixed()));
  return rounded;
}

export interface RoundBudget {
  pair: string;
  /** The amount A (the margin, for a Future cycle). */
  amount: Decimal;
  leverage: number | null;
  buyPrice: Decimal;
  stepSize: string;
  minNotional: string;
}

/** Each round buys floor(A x leverage / b, step) at b: that must reach the exchange's minimum order. */
export function checkRoundMinimum(round: RoundBudget): void {
  // The cycle core's sizing (trading/cycle restBuy), so the check and the order agree.
  const qty = floorToStep(round.amount.times(round.leverage ?? 1), round.buyPrice, new Decimal(round.stepSize));
  const notional = qty.times(round.buyPrice);
  const minNotional = new Decimal(round.minNotional || '0');
  if (qty.lte(0) || notional.lt(minNotional)) {
    throw new DomainError(
      'cycle.amount_below_minimum',
      SERVER.cycleAmountBelowMinimum(round.pair, minNotional.toFixed(), notional.toFixed()),
    );
  }
}
