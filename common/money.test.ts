import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, floorToStep, formatMoney } from './money';

/** A decimal string of `units` x 10^-`scale` (exact, from integers). */
const decimalOf = (units: bigint, scale: number) => new Decimal(units.toString()).div(new Decimal(10).pow(scale));

describe('the one money type', () => {
  it('keeps 64 significant digits: a 21-digit amount still counts by one', () => {
    expect(new Decimal('99999999999999999999').plus(1).toFixed()).toBe('100000000000000000000');
    expect(new Decimal('123456789012345678901234567890.123456789').times(1).toFixed()).toBe(
      '123456789012345678901234567890.123456789',
    );
  });

  it('writes plain notation, never an exponent', () => {
    expect(new Decimal('0.00000001').toString()).toBe('0.00000001');
    expect(new Decimal('1e21').toString()).toBe('1000000000000000000000');
  });

  it('shows money with 2 decimals, half up', () => {
    expect(formatMoney('9900.325')).toBe('9900.33');
    expect(formatMoney(null)).toBe('0.00');
  });
});

describe('floorToStep: what a quote buys at a price on a lot step', () => {
  it.each([
    ['4.99', '140', '0.001', '0.035'],
    ['5.04', '140', '0.001', '0.036'],
    ['0.3', '0.1', '1', '3'],
    ['0.1', '140', '0.001', '0'],
    ['99999999999999999999', '90000', '0.00001', '1111111111111111.1111'],
    ['1000000000000', '0.00000001', '1', '100000000000000000000'],
  ])('%s USDT at %s on step %s buys %s', (quote, price, step, quantity) => {
    expect(floorToStep(new Decimal(quote), new Decimal(price), new Decimal(step)).toFixed()).toBe(quantity);
  });

  it('answers at once for amounts past 1e20 (a stepping loop at 20 digits never ended)', () => {
    const qty = floorToStep(new Decimal('99999999999999999999999'), new Decimal('90000'), new Decimal('0.00001'));
    expect(qty.toFixed()).toBe('1111111111111111111.1111');
  });

  it('is the largest multiple of the step whose cost is within the quote', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 26n }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        (quoteUnits, quoteScale, priceUnits, priceScale, stepScale) => {
          const quote = decimalOf(quoteUnits, quoteScale);
          const price = decimalOf(priceUnits, priceScale);
          const step = decimalOf(1n, stepScale);
          const qty = floorToStep(quote, price, step);
          expect(qty.mod(step).isZero()).toBe(true);
          expect(qty.times(price).lte(quote)).toBe(true);
          expect(qty.plus(step).times(price).gt(quote)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
