/**
 * The Start request's fields as the engine needs them, with the Start form's rules (SPEC 5) and
 * their messages: a request the form would refuse is refused here too.
 */
import { BOT_TYPES, type BotCategory, type StartBotRequest } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN, PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../../../common/constants';
import { Decimal } from '../../../common/money';
import { SERVER, VALIDATION } from '../../../common/messages';
import { PRICE_LABELS } from '../../../common/schemas/bot-form';
import type { Reason } from '../../../common/reasons';
import { DomainError } from '../errors';

export interface StartInput {
  pair: string;
  strategy: string;
  amount: Decimal;
  botType: string;
  category: BotCategory;
  /** Future only: 1-10. */
  leverage: number | null;
  profitBook: Decimal | null;
  pausePrice: Decimal | null;
  restartPrice: Decimal | null;
  stoplossPrice: Decimal | null;
}

const invalid = (message: string, reason: Reason = 'validation.invalid') => new DomainError(reason, message);
const required = (message: string) => invalid(message, 'validation.required');
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const SIGNED_DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

function decimalOf(value: unknown, message: string, pattern = DECIMAL): Decimal {
  const text =
    typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!pattern.test(text)) throw invalid(message);
  return new Decimal(text);
}

/** An optional price: not set, or a number above 0 (at or below 0, the form's message for it). */
function optionalPrice(value: unknown, numberMessage: string, label: string): Decimal | null {
  if (blank(value)) return null;
  const d = decimalOf(value, numberMessage, SIGNED_DECIMAL);
  if (d.lte(0)) throw invalid(VALIDATION.priceAboveZero(label));
  return d;
}

/**
 * Profit book & stop at (%): 1 to 1000. A negative or zero value is a number out of range, so it
 * gets the below-1 message, as in the Start form and the running bot's edit (SPEC 5).
 */
function profitBookOf(value: unknown): Decimal | null {
  if (blank(value)) return null;
  const d = decimalOf(value, VALIDATION.profitBookNumber, SIGNED_DECIMAL);
  if (d.lt(PROFIT_BOOK_MIN)) throw invalid(VALIDATION.profitBookBelowOne);
  if (d.gt(PROFIT_BOOK_MAX)) throw invalid(VALIDATION.profitBookAboveMax);
  return d;
}

/** Futures run only where support staff switched them on (the Start form says so too); '3x' or 3. */
function leverageOf(value: unknown, futuresEnabled: boolean): number {
  if (!futuresEnabled) throw invalid(SERVER.futuresComingSoon, 'bot.coming_soon');
  if (blank(value)) throw required(VALIDATION.leverageRequired);
  const leverage = Number(String(value).trim().replace(/x$/i, ''));
  if (!(leverage >= LEVERAGE_MIN)) throw invalid(VALIDATION.leverageMin);
  if (leverage > LEVERAGE_MAX) throw invalid(VALIDATION.leverageMax);
  // The exchange takes whole leverages only; the form offers 1x to 10x.
  if (!Number.isInteger(leverage)) throw invalid(VALIDATION.leverageMin);
  return leverage;
}

export function startRules(request: StartBotRequest, futuresEnabled: boolean): StartInput {
  if (blank(request.botType)) throw required(VALIDATION.botTypeRequired);
  if (!(BOT_TYPES as readonly string[]).includes(request.botType)) throw invalid(`Unknown bot type ${request.botType}.`);
  if (request.botType !== 'Advanced Multigrid') throw invalid(SERVER.scalpingComingSoon, 'bot.coming_soon');
  if (blank(request.category)) throw required(VALIDATION.categoryRequired);
  if (request.category !== 'Spot' && request.category !== 'Future') throw invalid(VALIDATION.categoryRequired);
  const leverage = request.category === 'Future' ? leverageOf(request.leverage, futuresEnabled) : null;
  const pair = typeof request.selectPair === 'string' ? request.selectPair.trim().toUpperCase() : '';
  if (pair === '') throw required(VALIDATION.pairRequired);
  if (!/^[A-Z0-9]{1,20}USDT$/.test(pair)) throw invalid(SERVER.pairNotTradable(pair), 'bot.pair_not_tradable');
  const strategy = typeof request.myStrategy === 'string' ? request.myStrategy.trim() : '';
  if (strategy === '') throw required(VALIDATION.strategyRequired);
  if (blank(request.amount)) throw required(VALIDATION.amountRequired);
  const amount = decimalOf(request.amount, VALIDATION.amountNumber);
  if (amount.lte(0)) throw invalid(VALIDATION.amountNumber);
  const profitBook = profitBookOf(request.profitbookat);
  return {
    pair,
    strategy,
    amount,
    botType: request.botType,
    category: request.category,
    leverage,
    profitBook,
    pausePrice: optionalPrice(request.sellPausePrice, VALIDATION.sellPausePriceNumber, PRICE_LABELS.sellPausePrice),
    restartPrice: optionalPrice(request.restartPrice, VALIDATION.restartPriceNumber, PRICE_LABELS.restartPrice),
    stoplossPrice: optionalPrice(request.stoplossPrice, VALIDATION.stoplossPriceNumber, PRICE_LABELS.stoplossPrice),
  };
}
