import { describe, expect, it } from 'vitest';
import { fallbackPriceDecimals, formatPrice } from './price';
import { toDecimal } from './value';

describe('formatPrice', () => {
  it.each([
    // value, tick, shown
    ['67392.7', '0.01', '67392.70'],
    ['67349.892608108108108', '0.01', '67349.89'],
    ['67349.895', '0.01', '67349.90'],
    ['0.5', '0.0001', '0.5000'],
    ['0.123456', '0.00001', '0.12346'],
    ['1.27', '0.05', '1.25'],
    ['1.28', '0.05', '1.30'],
    ['100', '1', '100'],
    ['100.6', '1', '101'],
    ['67392.7', '0.01000000', '67392.70'],
    ['-12.345', '0.01', '-12.35'],
    ['-0.001', '0.01', '0.00'],
    ['0', '0.01', '0.00'],
    [67392.7, '0.01', '67392.70'],
    ['123456789012345678901234567890.123', '0.01', '123456789012345678901234567890.12'],
  ])('%s on a %s tick is %s', (value, tick, shown) => {
    expect(formatPrice(value, tick)).toBe(shown);
  });

  it.each([
    // without a usable tick: at least 5 significant digits, 2 to 8 decimals
    ['67392.7', undefined, '67392.70'],
    ['67349.892608108108108', null, '67349.89'],
    ['150.1234', '', '150.12'],
    ['1.2345', '0', '1.2345'],
    ['0.51234', '-0.01', '0.51234'],
    ['0.00001234', 'abc', '0.00001234'],
    ['0.000000001', undefined, '0.00000000'],
    ['0', undefined, '0.00'],
    ['-67392.7', undefined, '-67392.70'],
    ['1e21', undefined, '1000000000000000000000.00'],
  ])('%s without a tick (%s) is %s', (value, tick, shown) => {
    expect(formatPrice(value, tick)).toBe(shown);
  });

  it.each([null, undefined, '', '   ', 'abc', 'NaN', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY])(
    'writes a dash for %s',
    (value) => {
      expect(formatPrice(value, '0.01')).toBe('-');
    },
  );

  it('never writes exponent notation for a tiny or huge price', () => {
    expect(formatPrice('1e-7', '0.00000001')).toBe('0.00000010');
    expect(formatPrice('9.99e+25', '0.01')).toBe('99900000000000000000000000.00');
  });
});

describe('fallbackPriceDecimals', () => {
  it.each([
    ['100000', 2],
    ['12.5', 3],
    ['0.9', 5],
    ['0.0123', 6],
    ['0.0000001', 8],
  ])('%s gets %i decimals', (value, decimals) => {
    expect(fallbackPriceDecimals(toDecimal(value)!)).toBe(decimals);
  });
});
