/**
 * Bot form rules of SPEC section 5: the Start form (its minimum amount is bot-minimum.ts' rule), Overbuy Grid Protection, Profit book & stop at (%) and SL/TP of a running bot.
 * The renderer shows their messages in the forms; the server may validate bodies with them.
 * Amounts and prices are compared as decimals, never as floats.
 */
import * as yup from 'yup';
import { LEVERAGE_MAX, LEVERAGE_MIN, PROFIT_BOOK_MAX, PROFIT_BOOK_MIN, SYSTEM_STRATEGY_NAME } from '../constants';
import { Decimal, isDecimalString } from '../money';
import { BOT_FORM_VALIDATION, VALIDATION } from '../messages';
import { botAmountShortfall } from './bot-minimum';
import { amountCeilingTest, decimalDigitsTest, withinDigits } from './input-bounds';

/** 'System Strategy' runs the server's default system strategy, 'System 10 Grids - Balanced'. */
export const DEFAULT_SYSTEM_STRATEGY = 'System 10 Grids - Balanced';
export const DEFAULT_SYSTEM_STRATEGY_GRIDS = 10;

/** A form value as trimmed text; null when absent or empty. */
function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
}

const isSet = (value: unknown) => textOf(value) !== null;
const decimalOf = (value: unknown) => new Decimal(textOf(value) as string);
/** A number within the ledger's digit bounds: what the range checks compare. */
const comparable = (value: unknown) => isSet(value) && isDecimalString(textOf(value)) && withinDigits(value);

/**
 * An optional decimal field: empty, null or absent passes; anything else must be a number
 * (`numberMessage`) with at most the digits the server stores, and pass `checks` in turn.
 */
function optionalDecimal(numberMessage: string, label: string, checks: [string, (v: Decimal) => boolean][] = []) {
  let field = yup
    .mixed<string | number>()
    .nullable()
    .optional()
    .test('number', numberMessage, (v) => !isSet(v) || isDecimalString(textOf(v)))
    .test(decimalDigitsTest(label));
  checks.forEach(([message, passes], i) => {
    field = field.test(`check-${i}`, message, (v) => !comparable(v) || passes(decimalOf(v)));
  });
  return field;
}

/** Leverage as the select or a body sends it: 3, '3' or '3x'. */
export function leverageOf(value: unknown): number | null {
  const text = textOf(value)?.replace(/x$/i, '') ?? null;
  return text !== null && isDecimalString(text) ? Number(text) : null;
}

export interface StartBotFormValues {
  botType?: string;
  category?: string;
  selectPair?: string;
  myStrategy?: string;
  amount?: string | number;
  leverage?: string | number | null;
  profitbookat?: string | number | null;
  sellPausePrice?: string | number | null;
  restartPrice?: string | number | null;
  stoplossPrice?: string | number | null;
}

export interface StartBotRules {
  /** The server's minimum bot amount (100 before it loads). */
  minimumAmount: number | string;
  /** The chosen strategy's grid count, once known: adds the grid rule (bot-minimum.ts). */
  grids?: number;
}

/** The amount's minimum check: the server's minimum alone until the grid count is known. */
function amountShortfall(amount: Decimal, { minimumAmount, grids }: StartBotRules): string | null {
  if (grids !== undefined) return botAmountShortfall(amount, grids, minimumAmount);
  return amount.gte(minimumAmount) ? null : VALIDATION.amountMin(new Decimal(minimumAmount).toFixed());
}

const required = (message: string) => yup.string().trim().required(message);

const PROFIT_BOOK_LABEL = 'Profit book & stop at (%)';

/** The price names the 'must be greater than 0' message uses, on the forms and the server alike. */
export const PRICE_LABELS = {
  sellPausePrice: 'Sell All And Pause Price',
  restartPrice: 'Restart Price',
  stoplossPrice: 'Stoploss Price',
} as const;

const abovezero = (label: string): [string, (v: Decimal) => boolean] => [VALIDATION.priceAboveZero(label), (v) => v.gt(0)];

const profitBookChecks: [string, (v: Decimal) => boolean][] = [
  [VALIDATION.profitBookBelowOne, (v) => v.gte(PROFIT_BOOK_MIN)],
  [VALIDATION.profitBookAboveMax, (v) => v.lte(PROFIT_BOOK_MAX)],
];

/** Start New Bot form and POST /api/startbotdata body. */
export function startBotSchema(rules: StartBotRules) {
  return yup.object({
    botType: required(VALIDATION.botTypeRequired),
    category: required(VALIDATION.categoryRequired),
    selectPair: required(VALIDATION.pairRequired),
    myStrategy: required(VALIDATION.strategyRequired),
    amount: yup
      .mixed<string | number>()
      .test('required', VALIDATION.amountRequired, isSet)
      .test('number', VALIDATION.amountNumber, (v) => !isSet(v) || isDecimalString(textOf(v)))
      .test(decimalDigitsTest('Amount'))
      .test(amountCeilingTest('Amount'))
      .test(
        'min',
        messageTest((v) => (comparable(v) ? amountShortfall(decimalOf(v), rules) : null)),
      )
      .test('whole', BOT_FORM_VALIDATION.amountWhole, (v) => !comparable(v) || decimalOf(v).isInteger()),
    leverage: yup
      .mixed<string | number>()
      .nullable()
      .optional()
      .when('category', {
        is: 'Future',
        then: () => leverageField,
      }),
    profitbookat: optionalDecimal(VALIDATION.profitBookNumber, PROFIT_BOOK_LABEL, profitBookChecks),
    sellPausePrice: optionalDecimal(VALIDATION.sellPausePriceNumber, PRICE_LABELS.sellPausePrice, [
      abovezero(PRICE_LABELS.sellPausePrice),
    ]),
    restartPrice: optionalDecimal(VALIDATION.restartPriceNumber, PRICE_LABELS.restartPrice, [
      abovezero(PRICE_LABELS.restartPrice),
    ]),
    stoplossPrice: optionalDecimal(VALIDATION.stoplossPriceNumber, PRICE_LABELS.stoplossPrice, [
      abovezero(PRICE_LABELS.stoplossPrice),
    ]),
  });
}

// Turns a failed check into its message; yup's `test(name, fn)` form lets fn pick the message.
function messageTest(check: (v: unknown) => string | null) {
  return function (this: yup.TestContext, v: unknown) {
    const message = check(v);
    return message === null || this.createError({ message });
  };
}

const leverageField = yup.mixed<string | number>().test(
  'leverage',
  messageTest((v) => {
    if (!isSet(v)) return VALIDATION.leverageRequired;
    const x = leverageOf(v);
    if (x === null) return BOT_FORM_VALIDATION.leverageWhole;
    if (x < LEVERAGE_MIN) return VALIDATION.leverageMin;
    if (x > LEVERAGE_MAX) return VALIDATION.leverageMax;
    return Number.isInteger(x) ? null : BOT_FORM_VALIDATION.leverageWhole;
  }),
);

/** Whether `name` is the UI's 'System Strategy' entry (the server's default system strategy). */
export function isSystemStrategy(name: string): boolean {
  return name === SYSTEM_STRATEGY_NAME;
}

/** Overbuy Grid Protection: an integer from 1 to total_grid - 1. */
export function overbuyProtectionSchema(totalGrid: number) {
  const max = totalGrid - 1;
  const message = VALIDATION.overbuyRange(max);
  return yup.object({
    overbuyProtectionValue: yup.mixed<string | number>().test('range', message, (v) => {
      const text = textOf(v);
      if (text === null || !/^\d+$/.test(text)) return false;
      const n = Number(text);
      return n >= 1 && n <= max;
    }),
  });
}

/** Profit book & stop at (%) of a running bot: 1 to 1000. */
export const profitBookSchema = yup.object({
  profitBookValue: optionalDecimal(VALIDATION.profitBookNumber, PROFIT_BOOK_LABEL, profitBookChecks).test(
    'required',
    BOT_FORM_VALIDATION.profitBookRequired,
    isSet,
  ),
});

/** SL/TP of a running bot: pause above and stoploss below the live price, checked only when set. */
export function sltpSchema(livePrice: () => string | null | undefined) {
  const against = (passes: (v: Decimal, live: Decimal) => boolean) => (v: Decimal) => {
    const live = livePrice();
    return !isDecimalString(live) || passes(v, new Decimal(live));
  };
  return yup.object({
    sellAllAndPausePrice: optionalDecimal(VALIDATION.sellPausePriceNumber, PRICE_LABELS.sellPausePrice, [
      abovezero(PRICE_LABELS.sellPausePrice),
      [VALIDATION.pausePriceAboveLive, against((v, live) => v.gt(live))],
    ]),
    restartPrice: optionalDecimal(VALIDATION.restartPriceNumber, PRICE_LABELS.restartPrice, [
      abovezero(PRICE_LABELS.restartPrice),
    ]),
    stoplossPrice: optionalDecimal(VALIDATION.stoplossPriceNumber, PRICE_LABELS.stoplossPrice, [
      abovezero(PRICE_LABELS.stoplossPrice),
      [VALIDATION.stopLossBelowLive, against((v, live) => v.lt(live))],
    ]),
  });
}

/** A form value as the API sends it: the trimmed text, or null when not set. */
export function optionalValue(value: unknown): string | null {
  return textOf(value);
}
