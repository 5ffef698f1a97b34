/**
 * Request bodies of the Bots and Dashboard calls (SPEC sections 5 and 7). Number fields arrive
 * as forms send them (a number, a string, '' or null) and leave as plain decimal strings or
 * null, so the server compares them with decimal.js, never as floats. Rules that need the bot
 * (overbuy protection's upper bound, prices against the live price) are checked by the server's
 * bots module, which knows total_grid and the price.
 */
import * as yup from 'yup';
import type { BotCategory } from '../api/bots';
import { PROFIT_BOOK_MAX, PROFIT_BOOK_MIN } from '../constants';
import { Decimal } from '../decimal';
import { VALIDATION } from '../messages';

const SIGNED_DECIMAL = /^-?\d{1,20}(\.\d{1,18})?$/;

/** A number as a decimal string; '' and null mean "not set". Anything else is left for the test to refuse. */
function toDecimalText(value: unknown): unknown {
  if (value === '' || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : String(value);
  return typeof value === 'string' ? value.trim() : value;
}

const isDecimalText = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && SIGNED_DECIMAL.test(v));

/** An optional number field: null when not set, else a decimal string. */
export function decimalField(numberMessage: string) {
  return yup
    .mixed<string>()
    .nullable()
    .transform(toDecimalText)
    .test('number', numberMessage, isDecimalText);
}

/** A price: not set, or a number above 0. */
function priceField(numberMessage: string, label: string) {
  return decimalField(numberMessage).test('positive', VALIDATION.priceAboveZero(label),
    (v) => !isDecimalText(v) || v === null || v === undefined || new Decimal(v).gt(0));
}

const botID = yup.string().trim().required(VALIDATION.botIdRequired);

/** Every call that names one bot: {botID}. `botData` and `totalPnl` are accepted as SPEC sends them, and ignored. */
export const botIdBody = yup.object({ botID });
export const stopBotBody = yup.object({ botID, botData: yup.mixed().optional(), totalPnl: yup.mixed().optional() });

/** POST /api/editprofitbookat: 1..1000 %, or null to reset (SPEC section 5, Profit book). */
export const editProfitBookBody = yup.object({
  botID,
  profitBookValue: decimalField(VALIDATION.profitBookNumber)
    .defined(VALIDATION.fieldRequired('profitBookValue'))
    .test('min', VALIDATION.profitBookBelowOne, (v) => !isDecimalText(v) || v === null || new Decimal(v).gte(PROFIT_BOOK_MIN))
    .test('max', VALIDATION.profitBookAboveMax, (v) => !isDecimalText(v) || v === null || new Decimal(v).lte(PROFIT_BOOK_MAX)),
});

/**
 * POST /api/gridprotectionadd. The value's rule (an integer 1..total_grid - 1) names total_grid
 * in its message, so the bots module checks it; here it is only read as text.
 */
export const gridProtectionBody = yup.object({
  botID,
  overbuyProtectionValue: yup.mixed<string>().nullable().transform(toDecimalText).defined(VALIDATION.fieldRequired('overbuyProtectionValue')),
  protectionActive: yup.boolean().defined(VALIDATION.fieldRequired('protectionActive')),
});

/** POST /api/sltpedit: each price set (above 0) or null; all null resets. */
export const sltpEditBody = yup.object({
  botID,
  sellAllAndPausePrice: priceField(VALIDATION.sellPausePriceNumber, 'Sell All And Pause Price'),
  restartPrice: priceField(VALIDATION.restartPriceNumber, 'Restart Price'),
  stoplossPrice: priceField(VALIDATION.stoplossPriceNumber, 'Stoploss Price'),
});

/**
 * POST /api/startbotdata and /api/startscalp: the shape and SPEC's required-field messages. The
 * amount's minimum, the grid rule and the member's preconditions are the start module's.
 */
export const startBotBody = yup.object({
  botType: yup.string().trim().required(VALIDATION.botTypeRequired),
  category: yup.mixed<BotCategory>().oneOf(['Spot', 'Future'], VALIDATION.categoryRequired).required(VALIDATION.categoryRequired),
  selectPair: yup.string().trim().required(VALIDATION.pairRequired),
  myStrategy: yup.string().trim().required(VALIDATION.strategyRequired),
  amount: decimalField(VALIDATION.amountNumber).required(VALIDATION.amountRequired),
  leverage: yup.mixed<string | number>().nullable().optional(),
  profitbookat: decimalField(VALIDATION.profitBookNumber).optional(),
  sellPausePrice: decimalField(VALIDATION.sellPausePriceNumber).optional(),
  restartPrice: decimalField(VALIDATION.restartPriceNumber).optional(),
  stoplossPrice: decimalField(VALIDATION.stoplossPriceNumber).optional(),
});

/** POST /api/disclaimer. */
export const disclaimerBody = yup.object({
  disclaimerAgree: yup.boolean().oneOf([true], VALIDATION.disclaimerAgree).required(VALIDATION.disclaimerAgree),
});

/** GET /api/events?after=<id>: resume after this event id. */
export const eventsQuery = yup.object({
  after: yup.number().integer().min(0).optional(),
});
