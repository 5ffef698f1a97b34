/** A cycle's settings as the core takes them: exact decimals, checked (z <= b < s, C >= 1). */
import { TradingInputError, toDecimal } from '../core/strategy';
import type { Dec } from '../core/exact';
import type { NumberLike } from '../core/types';
import type { CycleParams } from './types';

export interface CycleParamsInput {
  amount: NumberLike;
  count: NumberLike;
  buyPrice: NumberLike;
  sellPrice: NumberLike;
  stopLoss: NumberLike;
}

function positive(value: unknown, field: string): Dec {
  const d = toDecimal(value, field);
  if (!d.gt(0)) throw new TradingInputError(`${field} must be above 0`);
  return d;
}

export function cycleParams(input: CycleParamsInput): CycleParams {
  const amount = positive(input.amount, 'amount');
  const buyPrice = positive(input.buyPrice, 'buy price');
  const sellPrice = positive(input.sellPrice, 'sell price');
  const stopLoss = positive(input.stopLoss, 'stop loss');
  const count = Number(input.count);
  if (!Number.isInteger(count) || count < 1)
    throw new TradingInputError('the number of cycles must be a whole number, 1 or more');
  if (stopLoss.gt(buyPrice)) throw new TradingInputError('the stop loss must not be above the buy price');
  if (!sellPrice.gt(buyPrice)) throw new TradingInputError('the sell price must be above the buy price');
  return { amount, count, buyPrice, sellPrice, stopLoss };
}
