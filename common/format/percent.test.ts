import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent';

describe('formatPercent', () => {
  it.each([
    ['12.345', '12.35%'],
    ['-13.6912', '-13.69%'],
    ['0', '0.00%'],
    ['-0.001', '0.00%'],
    ['2.01', '2.01%'],
    [7, '7.00%'],
    ['123456789012345678901234', '123456789012345678901234.00%'],
  ])('%s is %s', (value, shown) => {
    expect(formatPercent(value)).toBe(shown);
  });

  it.each([
    ['1.25', '+1.25%'],
    ['-1.25', '-1.25%'],
    ['0', '0.00%'],
    ['0.001', '0.00%'],
  ])('signed, %s is %s', (value, shown) => {
    expect(formatPercent(value, { signed: true })).toBe(shown);
  });

  it('writes a dash, or the given text, for an unknown value', () => {
    expect(formatPercent(null)).toBe('-');
    expect(formatPercent('abc')).toBe('-');
    expect(formatPercent(undefined, { missing: '0.00%' })).toBe('0.00%');
  });
});
