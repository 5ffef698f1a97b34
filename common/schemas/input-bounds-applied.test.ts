/**
 * Every decimal input of the common schemas is bounded by digits on both sides and every text
 * input by length, with a clear message; the messages SPEC quotes stay as they were.
 */
import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { AMOUNT_CEILING, AUTO_FILL_PERCENTAGES } from '../constants';
import { VALIDATION } from '../messages';
import { signupSchema, verifyOtpSchema, resendOtpSchema, loginSchema } from './account';
import { backtestSchema } from './backtest';
import { profitBookSchema, sltpSchema, startBotSchema } from './bot-form';
import { editProfitBookBody, eventsQuery, sltpEditBody, startBotBody, stopBotBody } from './bots';
import { apiKeysRequestSchema, swapRequestSchema, transferRequestSchema } from './exchange';
import { autoFillRows, CELL_LABELS, createStrategySchema, strategyNameBody } from './strategy';
import { rewardSwapRequestSchema, withdrawRequestSchema } from './billing';
import { startCycleBody } from './cycles';

/** The message the server sends: the first of all errors, in field order. */
function serverError(schema: AnySchema, value: unknown): string | null {
  try {
    schema.validateSync(value, { abortEarly: false, stripUnknown: true });
    return null;
  } catch (error) {
    const e = error as { inner: { message: string }[]; errors: string[] };
    return e.inner[0]?.message ?? e.errors[0] ?? null;
  }
}

const HUGE = `1${'0'.repeat(40)}`;
const TWENTY_ONE = `1${'0'.repeat(20)}`;
const NINETEEN_DECIMALS = `0.${'0'.repeat(18)}1`;
const THIRTY_DECIMALS = `0.${'1'.repeat(30)}`;
const LEDGER_MAX = `${'9'.repeat(20)}.${'9'.repeat(18)}`;
const integer = (label: string) => VALIDATION.integerDigitsMax(label, 20);
const fraction = (label: string) => VALIDATION.fractionDigitsMax(label, 18);

const transfer = (amount: unknown) => ({ from: 'spot', to: 'futures', coin: 'USDT', amount });
const startCycle = (patch: object) => ({
  category: 'Spot',
  pair: 'BTCUSDT',
  amount: '100',
  priceReachAt: '90000',
  sellPriceAt: '95000',
  stopLossAt: '80000',
  cycleCount: 1,
  ...patch,
});
const withdraw = (amount: unknown) => ({ amount, toAddress: `0x${'ab'.repeat(20)}` });
const startBot = (patch: object) => ({
  botType: 'Advanced Multigrid',
  category: 'Spot',
  selectPair: 'BTCUSDT',
  myStrategy: 'System Strategy',
  amount: '500',
  ...patch,
});

describe('ledger amounts: at most 20 digits before the point and 18 after', () => {
  it.each<[string, AnySchema, (v: unknown) => object, string]>([
    ['transfer', transferRequestSchema, transfer, 'Amount'],
    ['swap', swapRequestSchema, (amount) => ({ asset: 'BTC', amount }), 'Amount'],
    ['withdraw', withdrawRequestSchema, withdraw, 'Amount'],
    ['reward swap', rewardSwapRequestSchema, (amount) => ({ amount }), 'Amount'],
    ['start bot (server)', startBotBody, (amount) => startBot({ amount }), 'Amount'],
  ])('%s', (_name, schema, body, label) => {
    expect(serverError(schema, body(HUGE))).toBe(integer(label));
    expect(serverError(schema, body(TWENTY_ONE))).toBe(integer(label));
    expect(serverError(schema, body(NINETEEN_DECIMALS))).toBe(fraction(label));
    expect(serverError(schema, body(THIRTY_DECIMALS))).toBe(fraction(label));
    expect(serverError(schema, body(1e21))).toBe(integer(label));
  });

  it('keeps the widest coin amount a ledger column holds', () => {
    expect(serverError(swapRequestSchema, { asset: 'PEPE', amount: LEDGER_MAX })).toBeNull();
  });

  it('refuses a USDT amount above the ceiling before any other rule, and keeps the ceiling itself', () => {
    const ceiling = VALIDATION.amountAboveCeiling('Amount');
    const above = '1000000000000.000000000000000001';
    expect(serverError(transferRequestSchema, transfer(above))).toBe(ceiling);
    expect(serverError(withdrawRequestSchema, withdraw(LEDGER_MAX))).toBe(ceiling);
    expect(serverError(rewardSwapRequestSchema, { amount: above })).toBe(ceiling);
    expect(serverError(startBotBody, startBot({ amount: '99999999999999999999' }))).toBe(ceiling);
    expect(serverError(startCycleBody, startCycle({ amount: '99999999999999999999' }))).toBe(ceiling);
    expect(serverError(transferRequestSchema, transfer(AMOUNT_CEILING))).toBeNull();
    expect(serverError(rewardSwapRequestSchema, { amount: AMOUNT_CEILING })).toBeNull();
    expect(serverError(startCycleBody, startCycle({ amount: AMOUNT_CEILING }))).toBeNull();
  });

  it('keeps the messages SPEC quotes for what is not a number at all', () => {
    expect(serverError(withdrawRequestSchema, withdraw('abc'))).toBe(VALIDATION.amountNumber);
    expect(serverError(rewardSwapRequestSchema, { amount: '1e5' })).toBe(VALIDATION.amountNumber);
    expect(serverError(swapRequestSchema, { asset: 'BTC', amount: 'abc' })).toBe(VALIDATION.swapInvalid);
    expect(serverError(startBotBody, startBot({ amount: 'abc' }))).toBe(VALIDATION.amountNumber);
  });
});

describe('bot prices and percentages', () => {
  it.each([
    ['sellAllAndPausePrice', 'Sell All And Pause Price'],
    ['restartPrice', 'Restart Price'],
    ['stoplossPrice', 'Stoploss Price'],
  ])('sltp edit: %s', (field, label) => {
    expect(serverError(sltpEditBody, { botID: 'b', [field]: HUGE })).toBe(integer(label));
    expect(serverError(sltpEditBody, { botID: 'b', [field]: THIRTY_DECIMALS })).toBe(fraction(label));
  });

  it.each([
    ['profitbookat', 'Profit book & stop at (%)'],
    ['sellPausePrice', 'Sell All And Pause Price'],
    ['restartPrice', 'Restart Price'],
    ['stoplossPrice', 'Stoploss Price'],
  ])('start bot (server and form): %s', (field, label) => {
    expect(serverError(startBotBody, startBot({ [field]: HUGE }))).toBe(integer(label));
    expect(serverError(startBotBody, startBot({ [field]: THIRTY_DECIMALS }))).toBe(fraction(label));
    const form = startBotSchema({ minimumAmount: 100 });
    expect(serverError(form, startBot({ [field]: HUGE }))).toBe(integer(label));
    expect(serverError(form, startBot({ [field]: THIRTY_DECIMALS }))).toBe(fraction(label));
  });

  it('bounds the Start form amount before its minimum and whole-number rules', () => {
    const form = startBotSchema({ minimumAmount: 100 });
    expect(serverError(form, startBot({ amount: HUGE }))).toBe(integer('Amount'));
    expect(serverError(form, startBot({ amount: `100.${'0'.repeat(19)}` }))).toBe(fraction('Amount'));
  });

  it('bounds the profit book edit (server and running-bot form)', () => {
    expect(serverError(editProfitBookBody, { botID: 'b', profitBookValue: THIRTY_DECIMALS })).toBe(
      fraction('Profit book & stop at (%)'),
    );
    expect(serverError(editProfitBookBody, { botID: 'b', profitBookValue: HUGE })).toBe(integer('Profit book & stop at (%)'));
    expect(serverError(profitBookSchema, { profitBookValue: THIRTY_DECIMALS })).toBe(fraction('Profit book & stop at (%)'));
  });

  it('bounds the running-bot SL/TP form', () => {
    const form = sltpSchema(() => '100');
    expect(serverError(form, { stoplossPrice: THIRTY_DECIMALS })).toBe(fraction('Stoploss Price'));
    expect(serverError(form, { sellAllAndPausePrice: HUGE })).toBe(integer('Sell All And Pause Price'));
  });
});

describe('backtest and strategy cells keep their own, narrower bounds', () => {
  const backtest = (patch: object) => ({ strategy_name: 'System Strategy', pair: 'BTCUSDT', amount: '500', days: 1, ...patch });

  it('backtest amount and prices: 12 digits before the point, 10 after', () => {
    expect(serverError(backtestSchema, backtest({ amount: HUGE }))).toBe(VALIDATION.integerDigitsMax('Amount', 12));
    expect(serverError(backtestSchema, backtest({ amount: THIRTY_DECIMALS }))).toBe(VALIDATION.fractionDigitsMax('Amount', 10));
    expect(serverError(backtestSchema, backtest({ stoplossPrice: HUGE }))).toBe(
      VALIDATION.integerDigitsMax('Stoploss price', 12),
    );
  });

  it('strategy cells: 6 digits before the point, 8 after', () => {
    const rows = autoFillRows(2, AUTO_FILL_PERCENTAGES);
    rows[1]!.buyPercentage = '1234567';
    const label = `Grid 2: ${CELL_LABELS.buyPercentage}`;
    expect(serverError(createStrategySchema, { strategyName: 'A', noOfGrids: 2, tableData: rows })).toBe(
      VALIDATION.integerDigitsMax(label, 6),
    );
    rows[1]!.buyPercentage = `1.${'1'.repeat(9)}`;
    expect(serverError(createStrategySchema, { strategyName: 'A', noOfGrids: 2, tableData: rows })).toBe(
      VALIDATION.fractionDigitsMax(label, 8),
    );
  });

  it('a null row is a 400, not a TypeError', () => {
    const rows = [null, ...autoFillRows(1, AUTO_FILL_PERCENTAGES)];
    expect(() => serverError(createStrategySchema, { strategyName: 'A', noOfGrids: 2, tableData: rows })).not.toThrow();
  });
});

describe('text inputs: a length cap and no control characters', () => {
  const signup = { username: 'Alice', contactNo: '+44 7700 900123', email: 'alice@example.com', password: 'secret1' };

  it('caps contactNo at 20 characters', () => {
    expect(serverError(signupSchema(false), { ...signup, contactNo: '+44 7700 900 123 456' })).toBeNull();
    expect(serverError(signupSchema(false), { ...signup, contactNo: '1'.repeat(21) })).toBe(VALIDATION.contactNoMax);
    expect(serverError(signupSchema(false), { ...signup, contactNo: '1'.repeat(100_000) })).toBe(VALIDATION.contactNoMax);
  });

  it("keeps SPEC's messages for the signup fields", () => {
    expect(serverError(signupSchema(false), { ...signup, contactNo: '' })).toBe(VALIDATION.contactNoRequired);
    expect(serverError(signupSchema(false), { ...signup, username: 'n'.repeat(21) })).toBe(VALIDATION.usernameMax);
  });

  it('refuses control characters in names, emails and keys', () => {
    expect(serverError(signupSchema(false), { ...signup, username: 'Al\u0000ice' })).toBe(
      VALIDATION.controlCharacters('Username'),
    );
    expect(serverError(signupSchema(false), { ...signup, contactNo: '12\u000034' })).toBe(
      VALIDATION.controlCharacters('Contact No'),
    );
    expect(serverError(loginSchema, { email: 'a\u0000@example.com', password: 'secret1' })).toBe(VALIDATION.emailInvalid);
    expect(serverError(strategyNameBody, { strategy_name: 'a\u0000b' })).toBe(VALIDATION.controlCharacters('Strategy name'));
    expect(serverError(startBotBody, startBot({ myStrategy: 'System Strategy\u0000' }))).toBe(
      VALIDATION.controlCharacters('Strategy'),
    );
    expect(serverError(apiKeysRequestSchema, { apiKey: 'k\u0000', secretKey: 's' })).toBe(
      VALIDATION.controlCharacters('API Key'),
    );
  });

  it('caps the optional signup fields verify-otp and resend-otp carry', () => {
    const verify = { email: 'alice@example.com', otp: '123456', password: 'secret1' };
    expect(serverError(verifyOtpSchema, { ...verify, username: 'n'.repeat(21) })).toBe(VALIDATION.usernameMax);
    expect(serverError(verifyOtpSchema, { ...verify, contactNo: '1'.repeat(21) })).toBe(VALIDATION.contactNoMax);
    expect(serverError(verifyOtpSchema, { ...verify, password: 'p'.repeat(43) })).toBe(VALIDATION.passwordMax);
    expect(serverError(verifyOtpSchema, { ...verify, referralId: 'r'.repeat(7) })).toBe(VALIDATION.referralIdLength);
    expect(serverError(resendOtpSchema, { email: 'alice@example.com', username: 'n'.repeat(21) })).toBe(VALIDATION.usernameMax);
  });

  it('caps the bot identifiers', () => {
    expect(serverError(stopBotBody, { botID: 'b'.repeat(65) })).toBe(VALIDATION.textMax('botID', 64));
    expect(serverError(startBotBody, startBot({ selectPair: 'P'.repeat(65) }))).toBe(VALIDATION.textMax('Pair', 64));
    expect(serverError(startBotBody, startBot({ botType: 'T'.repeat(65) }))).toBe(VALIDATION.textMax('Bot type', 64));
    expect(serverError(startBotBody, startBot({ myStrategy: 'S'.repeat(51) }))).toBe(VALIDATION.strategyNameMax);
  });

  it('answers an object where text belongs with a message, not a TypeError', () => {
    expect(() => serverError(signupSchema(false), { ...signup, contactNo: {} })).not.toThrow();
    expect(() => serverError(startBotBody, startBot({ selectPair: [] }))).not.toThrow();
  });
});

describe('found by the fuzz suite', () => {
  it('reads a price of only whitespace as "not set", not as an empty number', () => {
    expect(sltpEditBody.validateSync({ botID: 'b', stoplossPrice: '\n', restartPrice: ' ' })).toMatchObject({
      stoplossPrice: null,
      restartPrice: null,
    });
    expect(startBotBody.validateSync(startBot({ profitbookat: '\t' }))).toMatchObject({ profitbookat: null });
  });

  it('refuses a control character in a referral ID', () => {
    expect(
      serverError(signupSchema(false), {
        ...{ username: 'A', contactNo: '5550100', email: 'a@example.com', password: 'secret1' },
        referralId: 'DEMO0\u0000',
      }),
    ).toBe(VALIDATION.referralIdInvalid);
    expect(
      serverError(verifyOtpSchema, { email: 'alice@example.com', otp: '123456', password: 'secret1', referralId: null }),
    ).toBeNull();
  });
});

describe('event ids stay within a bigint', () => {
  it('refuses ?after beyond the largest safe integer', () => {
    expect(serverError(eventsQuery, { after: '12' })).toBeNull();
    expect(serverError(eventsQuery, { after: '1e308' })).not.toBeNull();
  });
});
