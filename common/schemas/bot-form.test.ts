import { describe, expect, it } from 'vitest';
import type { AnyObjectSchema } from 'yup';
import { BOT_FORM_VALIDATION, VALIDATION } from '../messages';
import { leverageOf, optionalValue, overbuyProtectionSchema, profitBookSchema, sltpSchema, startBotSchema } from './bot-form';

function firstError(schema: AnyObjectSchema, value: unknown): string | null {
  try {
    schema.validateSync(value, { abortEarly: true });
    return null;
  } catch (error) {
    return (error as { errors: string[] }).errors[0] ?? null;
  }
}

const valid = {
  botType: 'Advanced Multigrid',
  category: 'Spot',
  selectPair: 'BTCUSDT',
  myStrategy: 'System Strategy',
  amount: '500',
};

describe('start bot form', () => {
  const schema = startBotSchema({ minimumAmount: 100 });

  it('accepts a complete Spot form without the optional fields', () => {
    expect(firstError(schema, valid)).toBeNull();
    expect(
      firstError(schema, { ...valid, profitbookat: '', sellPausePrice: null, restartPrice: undefined, stoplossPrice: ' ' }),
    ).toBeNull();
  });

  it.each([
    ['botType', VALIDATION.botTypeRequired],
    ['category', VALIDATION.categoryRequired],
    ['selectPair', VALIDATION.pairRequired],
    ['myStrategy', VALIDATION.strategyRequired],
    ['amount', VALIDATION.amountRequired],
  ])('requires %s', (field, message) => {
    expect(firstError(schema, { ...valid, [field]: '' })).toBe(message);
    expect(firstError(schema, { ...valid, [field]: undefined })).toBe(message);
  });

  it.each([
    ['abc', VALIDATION.amountNumber],
    ['12a', VALIDATION.amountNumber],
    ['99', VALIDATION.amountMin(100)],
    ['-5', VALIDATION.amountMin(100)],
    ['150.5', BOT_FORM_VALIDATION.amountWhole],
  ])('refuses the amount %j', (amount, message) => {
    expect(firstError(schema, { ...valid, amount })).toBe(message);
  });

  it('uses the server minimum in the message', () => {
    expect(firstError(startBotSchema({ minimumAmount: '250' }), { ...valid, amount: 249 })).toBe(
      'Amount must be greater than or equal to 250.',
    );
    expect(firstError(startBotSchema({ minimumAmount: '250' }), { ...valid, amount: 250 })).toBeNull();
  });

  it('asks for leverage 1x to 10x for Future only', () => {
    const future = { ...valid, category: 'Future' };
    expect(firstError(schema, { ...valid, leverage: 'junk' })).toBeNull();
    expect(firstError(schema, future)).toBe(VALIDATION.leverageRequired);
    expect(firstError(schema, { ...future, leverage: 0 })).toBe(VALIDATION.leverageMin);
    expect(firstError(schema, { ...future, leverage: '11x' })).toBe(VALIDATION.leverageMax);
    expect(firstError(schema, { ...future, leverage: '2.5' })).toBe(BOT_FORM_VALIDATION.leverageWhole);
    for (const leverage of [1, '3x', '10']) expect(firstError(schema, { ...future, leverage })).toBeNull();
  });

  it.each([
    ['profitbookat', VALIDATION.profitBookNumber],
    ['sellPausePrice', VALIDATION.sellPausePriceNumber],
    ['restartPrice', VALIDATION.restartPriceNumber],
    ['stoplossPrice', VALIDATION.stoplossPriceNumber],
  ])('requires %s to be a number when given', (field, message) => {
    expect(firstError(schema, { ...valid, [field]: 'x1' })).toBe(message);
    expect(firstError(schema, { ...valid, [field]: '12.5' })).toBeNull();
  });

  it.each([
    ['sellPausePrice', 'Sell All And Pause Price must be greater than 0.'],
    ['restartPrice', 'Restart Price must be greater than 0.'],
    ['stoplossPrice', 'Stoploss Price must be greater than 0.'],
  ])('wants %s above 0, as the server does', (field, message) => {
    expect(firstError(schema, { ...valid, [field]: '0' })).toBe(message);
    expect(firstError(schema, { ...valid, [field]: '-1' })).toBe(message);
  });

  it('allows profit book from 1 to 1000', () => {
    expect(firstError(schema, { ...valid, profitbookat: '0.5' })).toBe(VALIDATION.profitBookBelowOne);
    expect(firstError(schema, { ...valid, profitbookat: '1000.01' })).toBe(VALIDATION.profitBookAboveMax);
    expect(firstError(schema, { ...valid, profitbookat: '1' })).toBeNull();
    expect(firstError(schema, { ...valid, profitbookat: 1000 })).toBeNull();
  });
});

describe('minimum amount for the chosen strategy (bot-minimum.ts)', () => {
  it('adds the grid rule once the grid count is known', () => {
    const schema = startBotSchema({ minimumAmount: 100, grids: 40 });
    expect(firstError(schema, { ...valid, amount: '399' })).toBe(VALIDATION.insufficientForGrids(40, 400));
    expect(firstError(schema, { ...valid, amount: '400' })).toBeNull();
    expect(firstError(startBotSchema({ minimumAmount: 100, grids: 10 }), { ...valid, amount: '150' })).toBe(
      'Insufficient amount. Minimum required for 10 grids is $300.',
    );
    expect(firstError(startBotSchema({ minimumAmount: 100 }), { ...valid, amount: '150' })).toBeNull();
  });

  it('checks the server minimum before the grid rule', () => {
    expect(firstError(startBotSchema({ minimumAmount: '1000', grids: 10 }), { ...valid, amount: '500' })).toBe(
      VALIDATION.amountMin(1000),
    );
  });
});

describe('overbuy grid protection', () => {
  const schema = overbuyProtectionSchema(10);
  it.each(['0', '10', '2.5', 'x', '', '-1', undefined])('refuses %j for 10 grids', (value) => {
    expect(firstError(schema, { overbuyProtectionValue: value })).toBe(VALIDATION.overbuyRange(9));
  });
  it.each(['1', '9', 5])('accepts %j', (value) => {
    expect(firstError(schema, { overbuyProtectionValue: value })).toBeNull();
  });
  it('quotes total_grid - 1', () => {
    expect(firstError(overbuyProtectionSchema(3), { overbuyProtectionValue: 3 })).toBe(
      'Please enter a valid integer between 1 and 2 for Overbuy Grid Protection.',
    );
  });
});

describe('profit book of a running bot', () => {
  it.each([
    ['0', VALIDATION.profitBookBelowOne],
    ['-3', VALIDATION.profitBookBelowOne],
    ['0.99', VALIDATION.profitBookBelowOne],
    ['1001', VALIDATION.profitBookAboveMax],
    ['abc', VALIDATION.profitBookNumber],
    ['', BOT_FORM_VALIDATION.profitBookRequired],
  ])('refuses %j', (value, message) => {
    expect(firstError(profitBookSchema, { profitBookValue: value })).toBe(message);
  });
  it.each(['1', '12.5', '1000'])('accepts %j', (value) => {
    expect(firstError(profitBookSchema, { profitBookValue: value })).toBeNull();
  });
});

describe('SL/TP of a running bot', () => {
  const schema = sltpSchema(() => '100');

  it('checks only the prices that are set', () => {
    expect(firstError(schema, {})).toBeNull();
    expect(firstError(schema, { sellAllAndPausePrice: '', restartPrice: null, stoplossPrice: '' })).toBeNull();
  });

  it('wants the pause price above and the stoploss below the live price', () => {
    expect(firstError(schema, { sellAllAndPausePrice: '100' })).toBe(VALIDATION.pausePriceAboveLive);
    expect(firstError(schema, { sellAllAndPausePrice: '100.01' })).toBeNull();
    expect(firstError(schema, { stoplossPrice: '100' })).toBe(VALIDATION.stopLossBelowLive);
    expect(firstError(schema, { stoplossPrice: '99.99' })).toBeNull();
    expect(firstError(schema, { restartPrice: '150' })).toBeNull();
  });

  it('wants prices above 0', () => {
    expect(firstError(schema, { restartPrice: '0' })).toBe(VALIDATION.priceAboveZero('Restart Price'));
    expect(firstError(schema, { stoplossPrice: '-5' })).toBe(VALIDATION.priceAboveZero('Stoploss Price'));
  });

  it('wants numbers', () => {
    expect(firstError(schema, { sellAllAndPausePrice: 'a' })).toBe(VALIDATION.sellPausePriceNumber);
    expect(firstError(schema, { restartPrice: 'a' })).toBe(VALIDATION.restartPriceNumber);
    expect(firstError(schema, { stoplossPrice: 'a' })).toBe(VALIDATION.stoplossPriceNumber);
  });

  it('skips the live-price comparison while the live price is unknown', () => {
    expect(
      firstError(
        sltpSchema(() => null),
        { sellAllAndPausePrice: '1', stoplossPrice: '1e9' },
      ),
    ).toBe(VALIDATION.stoplossPriceNumber);
    expect(
      firstError(
        sltpSchema(() => null),
        { sellAllAndPausePrice: '1', stoplossPrice: '5' },
      ),
    ).toBeNull();
  });
});

describe('helpers', () => {
  it('reads leverage as 3, "3" or "3x"', () => {
    expect([leverageOf(3), leverageOf('3'), leverageOf('3x'), leverageOf(''), leverageOf('x')]).toEqual([3, 3, 3, null, null]);
  });
  it('sends unset values as null', () => {
    expect([optionalValue(' 5 '), optionalValue(''), optionalValue(null), optionalValue(7)]).toEqual(['5', null, null, '7']);
  });
});
