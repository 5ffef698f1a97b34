/**
 * The Start request's fields as the engine needs them, with the Start form's rules (SPEC 5) and
 * their messages: a request the form would refuse is refused here too.
 */
import { BOT_TYPES, type BotCategory, type StartBotRequest } from '../../../common/api/bots';
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../../../common/constants';
import { Decimal } from '../../../common/decimal';
import { SERVER, VALIDATION } from '../../../common/messages';
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

const invalid = (message: string) => new DomainError('invalid', message);
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const blank = (v: unknown) => v === undefined || v === null || v === '';

function decimalOf(value: unknown, message: string): Decimal {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) throw invalid(message);
  return new Decimal(text);
}

function optionalPositive(value: unknown, message: string): Decimal | null {
  if (blank(value)) return null;
  const d = decimalOf(value, message);
  if (d.lte(0)) throw invalid(message);
  return d;
}

/** Futures run only where support staff switched them on (the Start form says so too); '3x' or 3. */
function leverageOf(value: unknown, futuresEnabled: boolean): number {
  if (!futuresEnabled) throw invalid(SERVER.futuresComingSoon);
  if (blank(value)) throw invalid(VALIDATION.leverageRequired);
  const leverage = Number(String(value).trim().replace(/x$/i, ''));
  if (!(leverage >= LEVERAGE_MIN)) throw invalid(VALIDATION.leverageMin);
  if (leverage > LEVERAGE_MAX) throw invalid(VALIDATION.leverageMax);
  // The exchange takes whole leverages only; the form offers 1x to 10x.
  if (!Number.isInteger(leverage)) throw invalid(VALIDATION.leverageMin);
  return leverage;
}

export function startRules(request: StartBotRequest, futuresEnabled: boolean): StartInput {
  if (blank(request.botType)) throw invalid(VALIDATION.botTypeRequired);
  if (!(BOT_TYPES as readonly string[]).includes(request.botType)) throw invalid(`Unknown bot type ${request.botType}.`);
  if (request.botType !== 'Advanced Multigrid') throw invalid(SERVER.scalpingComingSoon);
  if (blank(request.category)) throw invalid(VALIDATION.categoryRequired);
  if (request.category !== 'Spot' && request.category !== 'Future') throw invalid(VALIDATION.categoryRequired);
  const leverage = request.category === 'Future' ? leverageOf(request.leverage, futuresEnabled) : null;
  const pair = typeof request.selectPair === 'string' ? request.selectPair.trim().toUpperCase() : '';
  if (pair === '') throw invalid(VALIDATION.pairRequired);
  if (!/^[A-Z0-9]{1,20}USDT$/.test(pair)) throw invalid(SERVER.pairNotTradable(pair));
  const strategy = typeof request.myStrategy === 'string' ? request.myStrategy.trim() : '';
  if (strategy === '') throw invalid(VALIDATION.strategyRequired);
  if (blank(request.amount)) throw invalid(VALIDATION.amountRequired);
  const amount = decimalOf(request.amount, VALIDATION.amountNumber);
  if (amount.lte(0)) throw invalid(VALIDATION.amountNumber);
  const profitBook = optionalPositive(request.profitbookat, VALIDATION.profitBookNumber);
  if (profitBook !== null && (profitBook.lt(1) || profitBook.gt(1000))) throw invalid(profitBook.lt(1) ? VALIDATION.profitBookBelowOne : VALIDATION.profitBookNumber);
  return {
    pair, strategy, amount, botType: request.botType, category: request.category, leverage, profitBook,
    pausePrice: optionalPositive(request.sellPausePrice, VALIDATION.sellPausePriceNumber),
    restartPrice: optionalPositive(request.restartPrice, VALIDATION.restartPriceNumber),
    stoplossPrice: optionalPositive(request.stoplossPrice, VALIDATION.stoplossPriceNumber),
  };
}
