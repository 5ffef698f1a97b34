/**
 * POST /api/backtest body, shared by the server (400s) and the Backtest modal (field rules).
 * The strategy reuses the Create table's rules so a table the form accepts is one the server
 * runs; only the name is optional, as the member may backtest before naming the strategy.
 */
import * as yup from 'yup';
import { BACKTEST_DAYS_MAX } from '../api/backtest';
import type { DecimalInput } from '../api/strategy';
import { STRATEGY_NAME_MAX } from '../constants';
import { Decimal } from '../money';
import { VALIDATION } from '../messages';
import { boundedText, decimalDigitsTest, type DecimalDigits } from './input-bounds';
import { gridCountOf, noOfGridsField, strategyNameField, tableDataSchema } from './strategy';

export const BACKTEST_MESSAGES = {
  oneStrategy: 'Send either strategy or strategy_name, not both and not neither.',
  pair: 'Pair must be a symbol such as BTCUSDT.',
  amount: 'Amount must be a number above 0.',
  days: `Days must be a whole number from 1 to ${BACKTEST_DAYS_MAX}.`,
  positive: (field: string) => `${field} must be a number above 0.`,
  protection: 'Overbuy protection must be a whole number of grids, 1 or more.',
} as const;

/** Digits of the backtest's money and prices: it simulates in memory, not in a ledger column. */
export const BACKTEST_DIGITS: DecimalDigits = { integerDigits: 12, fractionDigits: 10 };
/** A plain positive decimal within BACKTEST_DIGITS (money and prices, never a float). */
const POSITIVE = /^\d{1,12}(\.\d{1,10})?$/;

export function positiveDecimal(value: unknown): string | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  return POSITIVE.test(text) && new Decimal(text).gt(0) ? text : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function optionalPositive(field: string) {
  return yup
    .mixed<DecimalInput>()
    .nullable()
    .optional()
    .test(decimalDigitsTest(field, BACKTEST_DIGITS))
    .test('positive', BACKTEST_MESSAGES.positive(field), (v) => isBlank(v) || positiveDecimal(v) !== null);
}

/** The Create table without the name requirement. */
export const backtestStrategySchema = yup
  .object({
    strategyName: boundedText({
      label: 'Strategy name',
      max: STRATEGY_NAME_MAX,
      maxMessage: VALIDATION.strategyNameMax,
    }).optional(),
    noOfGrids: noOfGridsField,
    tableData: yup.array().when('noOfGrids', ([grids]: unknown[]) => {
      const count = gridCountOf(grids);
      return count === null ? yup.array().optional() : tableDataSchema(count);
    }),
  })
  // Objects default to {} in yup; without this an absent strategy would read as an empty one.
  .default(undefined)
  .optional();

export const backtestSchema = yup
  .object({
    strategy: backtestStrategySchema,
    strategy_name: strategyNameField.optional().default(undefined),
    pair: yup
      .string()
      .trim()
      .uppercase()
      .required(BACKTEST_MESSAGES.pair)
      .matches(/^[A-Z0-9]{2,20}$/, BACKTEST_MESSAGES.pair),
    amount: yup
      .mixed<DecimalInput>()
      .test(decimalDigitsTest('Amount', BACKTEST_DIGITS))
      .test('amount', BACKTEST_MESSAGES.amount, (v) => positiveDecimal(v) !== null),
    days: yup
      .number()
      .typeError(BACKTEST_MESSAGES.days)
      .required(BACKTEST_MESSAGES.days)
      .integer(BACKTEST_MESSAGES.days)
      .min(1, BACKTEST_MESSAGES.days)
      .max(BACKTEST_DAYS_MAX, BACKTEST_MESSAGES.days),
    profitBookAt: optionalPositive('Profit book %'),
    pausePrice: optionalPositive('Pause price'),
    restartPrice: optionalPositive('Restart price'),
    stoplossPrice: optionalPositive('Stoploss price'),
    overbuyProtection: yup
      .number()
      .typeError(BACKTEST_MESSAGES.protection)
      .nullable()
      .optional()
      .integer(BACKTEST_MESSAGES.protection)
      .min(1, BACKTEST_MESSAGES.protection),
  })
  .test(
    'one-strategy',
    BACKTEST_MESSAGES.oneStrategy,
    (body) => (body.strategy === undefined) !== (body.strategy_name === undefined),
  );
