/**
 * The Start New Cycle body (already checked by its schema: numbers, z <= b < s, a whole count)
 * as the start needs it, with the rules the schema leaves to the server: the pair's shape and
 * leverage (a whole 1x..10x, Future only, and only where futures are on), as for bots.
 */
import type { BotCategory } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import type { startCycleBody } from '../../../common/schemas/cycles';
import type * as yup from 'yup';
import { DomainError } from '../errors';

export type StartCycleBody = yup.InferType<typeof startCycleBody>;

export interface CycleStartInput {
  category: BotCategory;
  pair: string;
  amount: Decimal;
  buyPrice: Decimal;
  sellPrice: Decimal;
  stopLoss: Decimal;
  count: number;
  /** Future only: 1-10; null for Spot. */
  leverage: number | null;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Future cycles run only where support staff switched futures on; '3x' or 3. */
function leverageOf(value: unknown, futuresEnabled: boolean): number {
  if (!futuresEnabled) throw new DomainError('bot.coming_soon', SERVER.futureCyclesComingSoon);
  if (blank(value)) throw new DomainError('validation.required', VALIDATION.leverageRequired);
  const leverage = Number(String(value).trim().replace(/x$/i, ''));
  if (!(leverage >= LEVERAGE_MIN)) throw new DomainError('validation.invalid', VALIDATION.leverageMin);
  if (leverage > LEVERAGE_MAX) throw new DomainError('validation.invalid', VALIDATION.leverageMax);
  // The exchange takes whole leverages only; the form offers 1x to 10x.
  if (!Number.isInteger(leverage)) throw new DomainError('validation.invalid', VALIDATION.leverageMin);
  return leverage;
}

export function cycleStartRules(body: StartCycleBody, futuresEnabled: boolean): CycleStartInput {
  const pair = body.pair.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,20}USDT$/.test(pair)) throw new DomainError('market.unknown_pair', SERVER.pairNotTradable(pair));
  return {
    category: body.category,
    pair,
    amount: new Decimal(body.amount!),
    buyPrice: new Decimal(body.priceReachAt!),
    sellPrice: new Decimal(body.sellPriceAt!),
    stopLoss: new Decimal(body.stopLossAt!),
    count: body.cycleCount,
    // Spot has no leverage, whatever the form sent with it.
    leverage: body.category === 'Future' ? leverageOf(body.leverage, futuresEnabled) : null,
  };
}
