/**
 * Request bodies of the Bots and Dashboard calls (SPEC sections 5 and 7). Number fields arrive
 * as forms send them (a number, a string, '' or null) and leave as plain decimal strings or
 * null, so the server compares them with decimal.js, never as floats. Rules that need the bot
 * (overbuy protection's upper bound, prices against the live price) are checked by the server's
 * bots module, which knows total_grid and the price.
 */
import * as yup from 'yup';
import { PROFIT_BOOK_MAX, PROFIT_BOOK_MIN, STRATEGY_NAME_MAX } from '../constants';
import { Decimal } from '../money';
import { VALIDATION } from '../messages';
import { startAmount, startCategory, startPair } from './runnable-start';
import { boundedText, decimalString, decimalText, IDENTIFIER_MAX, withinDigits } from './input-bounds';

/** An optional number field: null when not set, else a signed decimal string within the ledger's digits. */
export function decimalField(numberMessage: string, label: string) {
  return decimalString({ label, numberMessage, signed: true });
}

/** Set, and a number within the digit bounds: the value the later rules compare. */
const comparable = (v: unknown): v is string => typeof v === 'string' && withinDigits(v);

/** A price: not set, or a number above 0. */
function priceField(numberMessage: string, label: string) {
  return decimalField(numberMessage, label).test(
    'positive',
    VALIDATION.priceAboveZero(label),
    (v) => !comparable(v) || new Decimal(v).gt(0),
  );
}

const botID = boundedText({ label: 'botID', max: IDENTIFIER_MAX }).required(VALIDATION.botIdRequired);

/** Every call that names one bot: {botID}. `botData` and `totalPnl` are accepted as SPEC sends them, and ignored. */
export const botIdBody = yup.object({ botID });
export const stopBotBody = yup.object({ botID, botData: yup.mixed().optional(), totalPnl: yup.mixed().optional() });

/** How the digit-bound messages name the fields (SPEC's labels). */
const PROFIT_BOOK_LABEL = 'Profit book & stop at (%)';
const PRICE_LABELS = { sellPause: 'Sell All And Pause Price', restart: 'Restart Price', stoploss: 'Stoploss Price' } as const;

/** POST /api/editprofitbookat: 1..1000 %, or null to reset (SPEC section 5, Profit book). */
export const editProfitBookBody = yup.object({
  botID,
  profitBookValue: decimalField(VALIDATION.profitBookNumber, PROFIT_BOOK_LABEL)
    .defined(VALIDATION.fieldRequired('profitBookValue'))
    .test('min', VALIDATION.profitBookBelowOne, (v) => !comparable(v) || new Decimal(v).gte(PROFIT_BOOK_MIN))
    .test('max', VALIDATION.profitBookAboveMax, (v) => !comparable(v) || new Decimal(v).lte(PROFIT_BOOK_MAX)),
});

/** A number as text for the bots module's own rule; '' and null mean "not set". */
function toText(value: unknown): unknown {
  return value === '' || value === null ? null : decimalText(value);
}

/**
 * POST /api/gridprotectionadd. The value's rule (an integer 1..total_grid - 1) names total_grid
 * in its message, so the bots module checks it; here it is only read as text.
 */
export const gridProtectionBody = yup.object({
  botID,
  overbuyProtectionValue: yup
    .mixed<string>()
    .nullable()
    .transform(toText)
    .defined(VALIDATION.fieldRequired('overbuyProtectionValue')),
  protectionActive: yup.boolean().defined(VALIDATION.fieldRequired('protectionActive')),
});

/** POST /api/sltpedit: each price set (above 0) or null; all null resets. */
export const sltpEditBody = yup.object({
  botID,
  sellAllAndPausePrice: priceField(VALIDATION.sellPausePriceNumber, PRICE_LABELS.sellPause),
  restartPrice: priceField(VALIDATION.restartPriceNumber, PRICE_LABELS.restart),
  stoplossPrice: priceField(VALIDATION.stoplossPriceNumber, PRICE_LABELS.stoploss),
});

/**
 * POST /api/startbotdata: the shape and SPEC's required-field messages. The amount's minimum, the
 * grid rule and the member's preconditions are the start module's. (/api/startscalp answers that
 * Scalping Grid is coming soon, whatever the body.)
 */
export const startBotBody = yup.object({
  botType: boundedText({ label: 'Bot type', max: IDENTIFIER_MAX }).required(VALIDATION.botTypeRequired),
  category: startCategory(),
  selectPair: startPair(),
  myStrategy: boundedText({ label: 'Strategy', max: STRATEGY_NAME_MAX, maxMessage: VALIDATION.strategyNameMax }).required(
    VALIDATION.strategyRequired,
  ),
  amount: startAmount(),
  // Leverage's rule (a whole 1x..10x) and its messages are the start module's.
  leverage: yup.mixed<string | number>().nullable().optional(),
  profitbookat: decimalField(VALIDATION.profitBookNumber, PROFIT_BOOK_LABEL).optional(),
  sellPausePrice: decimalField(VALIDATION.sellPausePriceNumber, PRICE_LABELS.sellPause).optional(),
  restartPrice: decimalField(VALIDATION.restartPriceNumber, PRICE_LABELS.restart).optional(),
  stoplossPrice: decimalField(VALIDATION.stoplossPriceNumber, PRICE_LABELS.stoploss).optional(),
  copyBotID: boundedText({ label: 'copyBotID', max: IDENTIFIER_MAX }).nullable().optional(),
});

/** POST /api/disclaimer. */
export const disclaimerBody = yup.object({
  disclaimerAgree: yup.boolean().oneOf([true], VALIDATION.disclaimerAgree).required(VALIDATION.disclaimerAgree),
});

/** GET /api/events?after=<id>: resume after this event id. */
export const eventsQuery = yup.object({
  // An event id is a bigint: beyond the largest safe integer it cannot name one.
  after: yup.number().integer().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
