import { describe, expect, it } from 'vitest';
import { formatUsdt, formatUsdtOrZero, isLoss } from './money';

describe('formatUsdt', () => {
  it.each([
    ['9900.32215894', '9900.32'],
    ['0.166', '0.17'],
    ['0.1659', '0.17'],
    ['0.005', '0.01'],
    ['0.004', '0.00'],
    ['-3.335', '-3.34'],
    ['-0.004', '0.00'],
    ['1000', '1000.00'],
    [12.5, '12.50'],
    ['99999999999999999999999.999', '100000000000000000000000.00'],
  ])('%s is %s', (value, shown) => {
    expect(formatUsdt(value)).toBe(shown);
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('writes a dash for %s', (value) => {
    expect(formatUsdt(value)).toBe('-');
  });

  it("writes the caller's text for an unknown amount when asked", () => {
    expect(formatUsdt(undefined, '0.00')).toBe('0.00');
    expect(formatUsdt('x', 'NA')).toBe('NA');
  });
});

describe('isLoss', () => {
  it.each([
    ['-0.01', true],
    ['-0', false],
    ['0', false],
    ['5', false],
    [null, false],
    ['abc', false],
  ])('%s -> %s', (value, loss) => {
    expect(isLoss(value)).toBe(loss);
  });
});

describe('formatUsdtOrZero', () => {
  it("counts a missing or broken amount as 0.00, and ignores a table render's extra arguments", () => {
    expect(formatUsdtOrZero('12.345')).toBe('12.35');
    expect(formatUsdtOrZero(undefined)).toBe('0.00');
    expect(formatUsdtOrZero('abc')).toBe('0.00');
    expect(['1.5', null].map(formatUsdtOrZero)).toEqual(['1.50', '0.00']);
  });
});
